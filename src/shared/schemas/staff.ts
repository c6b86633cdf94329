import { z } from './zod.ts';
import { email, newPassword, personName } from './auth.ts';

/**
 * Roles, colleagues, invitations, the audit log and one's own password:
 * request and answer schemas in one place, used by the routes (validation
 * and serialisation) and by the back office (parsing what it receives).
 * Messages are Italian: only staff see them.
 */

export const ROLES = ['owner', 'staff'] as const;
export type Role = (typeof ROLES)[number];
export const role = z.enum(ROLES, { error: 'Ruolo non valido.' });

/** How the back office names the roles. */
export const ROLE_LABELS: Record<Role, string> = { owner: 'Titolare', staff: 'Staff' };

/** A numeric id in a path: positive, no leading zeros, within 32 bits. */
export const idParams = z.strictObject({
  id: z.coerce
    .number({ error: 'Identificativo non valido.' })
    .int('Identificativo non valido.')
    .positive('Identificativo non valido.')
    .max(2 ** 31 - 1, 'Identificativo non valido.'),
});

// ---------------------------------------------------------------------------
// Requests

export const invitationBody = z.strictObject({
  email,
  firstName: personName('Nome'),
  lastName: personName('Cognome'),
  role,
});

/** Invitation tokens have 43 characters; the router caps a path parameter at 100. */
export const invitationTokenParams = z.strictObject({
  token: z.string().min(1).max(100),
});

export const acceptInvitationBody = z.strictObject({ password: newPassword });

export const roleChangeBody = z.strictObject({ role });

export const changePasswordBody = z.strictObject({
  currentPassword: z
    .string({ error: 'Password attuale obbligatoria.' })
    .min(1, 'Password attuale obbligatoria.')
    .max(1024),
  newPassword,
});

export const AUDIT_LIMIT_DEFAULT = 50;
export const AUDIT_LIMIT_MAX = 500;
export const auditQuery = z.strictObject({
  limit: z.coerce
    .number({ error: 'Numero non valido.' })
    .int('Numero non valido.')
    .min(1, 'Almeno 1.')
    .max(AUDIT_LIMIT_MAX, `Al massimo ${AUDIT_LIMIT_MAX}.`)
    .default(AUDIT_LIMIT_DEFAULT),
});

// ---------------------------------------------------------------------------
// Answers

export const staffMemberAnswer = z.object({
  id: z.number(),
  email: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role,
  createdAt: z.string(),
});
export const staffListAnswer = z.object({ staff: z.array(staffMemberAnswer) });

export const INVITATION_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
export const INVITATION_STATUS_LABELS: Record<InvitationStatus, string> = {
  pending: 'In attesa',
  accepted: 'Accettato',
  expired: 'Scaduto',
  revoked: 'Revocato',
};

export const invitationAnswer = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role,
  status: z.enum(INVITATION_STATUSES),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Null once the inviting account has been removed. */
  invitedBy: z.object({ email: z.string() }).nullable(),
});
export const invitationListAnswer = z.object({ invitations: z.array(invitationAnswer) });

export const auditEntryAnswer = z.object({
  at: z.string(),
  /** Null for what no staff member did (the command line, the system). */
  actor: z.object({ email: z.string() }).nullable(),
  action: z.string(),
  target: z.string(),
  summary: z.string(),
});
export const auditAnswer = z.array(auditEntryAnswer);

/**
 * Who is logged in, as GET /api/auth/me gives it and the back office keeps
 * it; a user stored by an older version may lack `username` and `role`.
 */
export const staffUserAnswer = z.object({
  email: z.string().min(1),
  firstName: z.string().catch(''),
  lastName: z.string().catch(''),
  username: z.string().min(1).optional().catch(undefined),
  role: role.optional().catch(undefined),
});

/** A login's answer (POST /api/auth/login, an accepted invitation): the user and a token. */
export const loginAnswer = staffUserAnswer.extend({
  tokens: z.array(z.object({ token: z.string().min(1) })).min(1),
});

export type InvitationBody = z.infer<typeof invitationBody>;
export type StaffMemberAnswer = z.infer<typeof staffMemberAnswer>;
export type InvitationAnswer = z.infer<typeof invitationAnswer>;
export type AuditEntryAnswer = z.infer<typeof auditEntryAnswer>;
