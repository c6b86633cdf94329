import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptInvitationBody,
  auditAnswer,
  auditQuery,
  idParams,
  invitationAnswer,
  invitationBody,
  invitationListAnswer,
  invitationTokenParams,
  roleChangeBody,
  staffListAnswer,
} from '../../../shared/schemas/staff.ts';
import { requireOwner, requireStaff } from '../../plugins/staff-auth.ts';
import { readAudit } from '../../services/audit-log.ts';
import { INVITATION_REFUSAL_TEXTS } from '../../services/invitations.ts';
import { STAFF_REFUSAL_TEXTS } from '../../services/staff-accounts.ts';
import { withinAddressLimit } from './address-limit.ts';
import { fieldError, notFound, refuse } from './errors.ts';

/** Accepting an invitation is anonymous: 10 tries per minute per client address. */
const ACCEPT_ADDRESS_LIMIT = {
  name: 'invitation-ip',
  limit: 10,
  windowMs: 60_000,
  description: 'Troppe richieste da questo indirizzo. Riprova tra un minuto.',
};

/**
 * Colleagues, invitations and the audit log. Everyone on the staff sees who
 * the colleagues are; only owners change them, invite, and read the log.
 */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const acceptPageUrl = `${app.config.PUBLIC_URL}/accept-invite`;
  const actorOf = (staff: { id: number; email: string }) => ({ id: staff.id, email: staff.email });

  app.get(
    '/staff',
    { schema: { response: { 200: staffListAnswer } }, preHandler: requireStaff },
    async () => ({ staff: await app.staffAccounts.list() }),
  );

  app.patch(
    '/staff/:id',
    {
      schema: { params: idParams, body: roleChangeBody },
      preHandler: requireOwner,
    },
    async (request, reply) => {
      const result = await app.staffAccounts.changeRole(
        actorOf(request.staff!),
        request.params.id,
        request.body.role,
      );
      if (result.ok) return result.member;
      if (result.reason === 'not-found') return notFound(reply, STAFF_REFUSAL_TEXTS['not-found']);
      return refuse(reply, 409, result.reason, STAFF_REFUSAL_TEXTS[result.reason]);
    },
  );

  app.delete(
    '/staff/:id',
    { schema: { params: idParams }, preHandler: requireOwner },
    async (request, reply) => {
      const result = await app.staffAccounts.remove(actorOf(request.staff!), request.params.id);
      if (result.ok) return reply.status(204).send();
      if (result.reason === 'not-found') return notFound(reply, STAFF_REFUSAL_TEXTS['not-found']);
      return refuse(reply, 409, result.reason, STAFF_REFUSAL_TEXTS[result.reason]);
    },
  );

  app.post(
    '/staff/invitations',
    {
      schema: { body: invitationBody, response: { 201: invitationAnswer } },
      preHandler: requireOwner,
    },
    async (request, reply) => {
      const result = await app.invitations.invite(
        actorOf(request.staff!),
        request.body,
        acceptPageUrl,
      );
      if (!result.ok)
        return refuse(reply, 409, result.reason, INVITATION_REFUSAL_TEXTS[result.reason]);
      return reply.status(201).send(result.invitation);
    },
  );

  app.get(
    '/staff/invitations',
    { schema: { response: { 200: invitationListAnswer } }, preHandler: requireOwner },
    async () => ({ invitations: await app.invitations.list() }),
  );

  app.delete(
    '/staff/invitations/:id',
    { schema: { params: idParams }, preHandler: requireOwner },
    async (request, reply) => {
      const result = await app.invitations.revoke(actorOf(request.staff!), request.params.id);
      if (result.ok) return reply.status(204).send();
      if (result.reason === 'not-found') {
        return notFound(reply, INVITATION_REFUSAL_TEXTS['not-found']);
      }
      return refuse(reply, 409, result.reason, INVITATION_REFUSAL_TEXTS[result.reason]);
    },
  );

  app.post(
    '/staff/invitations/:token/accept',
    { schema: { params: invitationTokenParams, body: acceptInvitationBody } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store'); // the answer holds a token
      if (!(await withinAddressLimit(request, reply, ACCEPT_ADDRESS_LIMIT))) return reply;
      const result = await app.invitations.accept(request.params.token, request.body.password);
      if (!result.ok) {
        if (result.reason === 'common-password') {
          return fieldError(reply, 'password', INVITATION_REFUSAL_TEXTS['common-password']);
        }
        const status = result.reason === 'email-taken' ? 409 : 400;
        return refuse(reply, status, result.reason, INVITATION_REFUSAL_TEXTS[result.reason]);
      }
      const member = await app.db
        .selectFrom('staff_users')
        .select(['email', 'first_name', 'last_name', 'role'])
        .where('id', '=', result.userId)
        .executeTakeFirstOrThrow();
      // The colleague is logged in at once, exactly as after a login.
      return {
        email: member.email,
        firstName: member.first_name,
        lastName: member.last_name,
        role: member.role,
        tokens: [{ token: await app.sessions.create(result.userId) }],
      };
    },
  );

  app.get(
    '/audit',
    {
      schema: { querystring: auditQuery, response: { 200: auditAnswer } },
      preHandler: requireOwner,
    },
    async (request) => readAudit(app.db, request.query.limit),
  );
};
