import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import {
  ROLE_LABELS,
  type InvitationAnswer,
  type InvitationBody,
  type InvitationStatus,
  type Role,
} from '../../shared/schemas/staff.ts';
import { recordAudit, type AuditActor } from './audit-log.ts';
import { invitationMail } from '../mail/staff-mails.ts';
import { restaurantName } from './restaurant-facts.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword } from './passwords.ts';
import { accountExists, insertAccount, usernameFor } from './staff-accounts.ts';
import { hashToken, newToken, nowIso } from './tokens.ts';

/** An invitation link works for 7 days, once. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** What staff read of a refusal, by its code (src/shared/schemas/errors.ts). */
export const INVITATION_REFUSAL_TEXTS = {
  'email-taken': 'Esiste già un account con questo indirizzo e-mail.',
  'not-found': 'Invito non trovato.',
  'not-pending': "L'invito non è più in attesa: è già stato accettato, revocato o è scaduto.",
  'invalid-invitation':
    "Il link d'invito non è valido o è scaduto: chiedi al titolare di invitarti di nuovo.",
  'common-password': COMMON_PASSWORD_MESSAGE,
} as const;

export type InviteResult =
  { ok: true; invitation: InvitationAnswer } | { ok: false; reason: 'email-taken' };

export type AcceptResult =
  | { ok: true; userId: number }
  | { ok: false; reason: 'invalid-invitation' | 'common-password' | 'email-taken' };

interface InvitationRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  revoked_at: string | null;
  invited_by_email: string | null;
}

function statusOf(row: InvitationRow, now: string): InvitationStatus {
  if (row.accepted_at) return 'accepted';
  if (row.revoked_at) return 'revoked';
  return row.expires_at <= now ? 'expired' : 'pending';
}

function toAnswer(row: InvitationRow, now: string): InvitationAnswer {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    status: statusOf(row, now),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    invitedBy: row.invited_by_email === null ? null : { email: row.invited_by_email },
  };
}

function selectInvitations(db: Kysely<Database>) {
  return db
    .selectFrom('staff_invitations')
    .leftJoin('staff_users', 'staff_users.id', 'staff_invitations.invited_by')
    .select([
      'staff_invitations.id',
      'staff_invitations.email',
      'staff_invitations.first_name',
      'staff_invitations.last_name',
      'staff_invitations.role',
      'staff_invitations.created_at',
      'staff_invitations.expires_at',
      'staff_invitations.accepted_at',
      'staff_invitations.revoked_at',
      'staff_users.email as invited_by_email',
    ]);
}

/**
 * Invitations: an owner names a colleague and their role, the colleague
 * chooses their own password through a single-use link, so nobody else ever
 * knows it. Only the token's SHA-256 is stored.
 */
export class Invitations {
  readonly #db: Kysely<Database>;
  readonly #now: () => number;
  readonly #onMail: () => void;

  constructor(options: { db: Kysely<Database>; onMail: () => void; now?: () => number }) {
    this.#db = options.db;
    this.#onMail = options.onMail;
    this.#now = options.now ?? Date.now;
  }

  /**
   * Sends an invitation. A pending invitation to the same address is revoked
   * by the new one (the owner resending it), so only the newest link works.
   */
  async invite(
    actor: NonNullable<AuditActor>,
    body: InvitationBody,
    acceptPageUrl: string,
  ): Promise<InviteResult> {
    if (await accountExists(this.#db, body.email)) {
      return { ok: false, reason: 'email-taken' };
    }
    const { token, hash } = newToken();
    const now = this.#now();
    const id = await this.#db.transaction().execute(async (trx) => {
      await trx
        .updateTable('staff_invitations')
        .set({ revoked_at: nowIso(now) })
        .where('email', '=', body.email)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .execute();
      const row = await trx
        .insertInto('staff_invitations')
        .values({
          email: body.email,
          first_name: body.firstName,
          last_name: body.lastName,
          role: body.role,
          token_hash: hash,
          invited_by: actor.id,
          created_at: nowIso(now),
          expires_at: nowIso(now + INVITATION_TTL_MS),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const link = {
        url: `${acceptPageUrl}?token=${encodeURIComponent(token)}`,
        expiresAt: nowIso(now + INVITATION_TTL_MS),
      };
      await enqueueMail(
        trx,
        invitationMail(await restaurantName(trx), body.email, body.firstName, actor.email, link),
      );
      await recordAudit(
        trx,
        actor,
        {
          action: 'staff.invite',
          target: `invitation:${body.email}`,
          summary: `Invito inviato a ${body.email} (${body.firstName} ${body.lastName}), ruolo ${ROLE_LABELS[body.role]}.`,
        },
        nowIso(now),
      );
      return row.id;
    });
    this.#onMail();
    const row = await selectInvitations(this.#db)
      .where('staff_invitations.id', '=', id)
      .executeTakeFirstOrThrow();
    return { ok: true, invitation: toAnswer(row, nowIso(this.#now())) };
  }

  /** Every invitation, newest first, with its state as of now. */
  async list(): Promise<InvitationAnswer[]> {
    const rows = await selectInvitations(this.#db)
      .orderBy('staff_invitations.created_at', 'desc')
      .orderBy('staff_invitations.id', 'desc')
      .execute();
    const now = nowIso(this.#now());
    return rows.map((row) => toAnswer(row, now));
  }

  /** Revokes a pending invitation: its link stops working at once. */
  async revoke(
    actor: NonNullable<AuditActor>,
    id: number,
  ): Promise<{ ok: true } | { ok: false; reason: 'not-found' | 'not-pending' }> {
    const now = nowIso(this.#now());
    return this.#db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('staff_invitations')
        .select(['email'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return { ok: false, reason: 'not-found' } as const;
      const revoked = await trx
        .updateTable('staff_invitations')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (Number(revoked.numUpdatedRows) !== 1)
        return { ok: false, reason: 'not-pending' } as const;
      await recordAudit(
        trx,
        actor,
        {
          action: 'staff.invitation.revoke',
          target: `invitation:${row.email}`,
          summary: `Invito a ${row.email} revocato.`,
        },
        now,
      );
      return { ok: true } as const;
    });
  }

  /**
   * The invited colleague chooses a password: the account is created with
   * the invitation's name and role, and the invitation is used up. The token
   * is checked before the password is hashed, so a bad link costs no hashing.
   */
  async accept(token: string, password: string): Promise<AcceptResult> {
    const now = nowIso(this.#now());
    const tokenHash = hashToken(token);
    const invitation = await this.#db
      .selectFrom('staff_invitations')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!invitation) return { ok: false, reason: 'invalid-invitation' };
    if (isCommonPassword(password)) return { ok: false, reason: 'common-password' };
    const passwordHash = await hashPassword(password);
    const username = await usernameFor(this.#db, invitation.email);
    try {
      const result = await this.#db.transaction().execute(async (trx) => {
        // Conditional, so that two uses of one link at once cannot both succeed.
        const claimed = await trx
          .updateTable('staff_invitations')
          .set({ accepted_at: now })
          .where('id', '=', invitation.id)
          .where('accepted_at', 'is', null)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) {
          return { ok: false, reason: 'invalid-invitation' } as const;
        }
        const userId = await insertAccount(
          trx,
          {
            email: invitation.email,
            username,
            firstName: invitation.first_name,
            lastName: invitation.last_name,
            passwordHash,
            role: invitation.role,
          },
          { actor: 'new-account', via: 'invitation' },
        );
        return { ok: true, userId } as const;
      });
      if (result.ok) this.#onMail();
      return result;
    } catch (error) {
      // An account with this e-mail appeared since the invitation was sent.
      if (isUniqueViolation(error)) return { ok: false, reason: 'email-taken' };
      throw error;
    }
  }
}
