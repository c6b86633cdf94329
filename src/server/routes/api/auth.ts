import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginBody,
  registerBody,
  resetPasswordBody,
  resetTokenParams,
  sendEmailBody,
} from '../../../shared/schemas/auth.ts';
import { changePasswordBody, loginAnswer, staffUserAnswer } from '../../../shared/schemas/staff.ts';
import { clientKey, requireOwner, requireStaff } from '../../plugins/staff-auth.ts';
import { AUTH_REFUSALS } from '../../../shared/schemas/errors.ts';
import { STAFF_REFUSAL_TEXTS } from '../../services/staff-accounts.ts';
import type { AddressLimit } from '../../services/address-limits.ts';
import { withinAddressLimit } from './address-limit.ts';
import { fieldError, refuse, tooManyRequests } from './errors.ts';

/** Auth routes: 10 requests per minute per client address. */
export const AUTH_ADDRESS_LIMIT: AddressLimit = {
  name: 'auth-ip',
  limit: 10,
  windowMs: 60_000,
  description: 'Troppe richieste da questo indirizzo. Riprova tra un minuto.',
};

export const SEND_EMAIL_ANSWER =
  "Se l'indirizzo corrisponde a un account, riceverai un'e-mail con il link per reimpostare la password.";

/** The auth calls (login, me, logout, register, recovery) and the staff list. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const publicOrigin = new URL(config.PUBLIC_URL).origin;

  /** Per-address limit shared by the auth calls; answers 429 and returns false when over. */
  const withinIpLimit = (request: FastifyRequest, reply: FastifyReply) =>
    withinAddressLimit(request, reply, AUTH_ADDRESS_LIMIT);

  app.post(
    '/auth/login',
    { schema: { body: loginBody, response: { 200: loginAnswer } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store'); // the answer holds a token
      if (!(await withinIpLimit(request, reply))) return reply;
      const result = await app.auth.login(
        request.body.email,
        request.body.password,
        clientKey(request),
      );
      if (!result.ok && result.reason === 'account-locked') {
        const minutes = Math.ceil(result.retryAfterSeconds / 60);
        return tooManyRequests(
          reply,
          result.retryAfterSeconds,
          AUTH_REFUSALS.accountLocked,
          `Troppi tentativi falliti: account bloccato per ${minutes} ${minutes === 1 ? 'minuto' : 'minuti'}.`,
        );
      }
      if (!result.ok) {
        return refuse(reply, 401, AUTH_REFUSALS.invalidCredentials, 'Email o password non validi.');
      }
      const { member, token } = result;
      // The login answer the staff pages read, exactly these fields.
      return reply.send({
        email: member.email,
        firstName: member.firstName,
        lastName: member.lastName,
        role: member.role,
        tokens: [{ token }],
      });
    },
  );

  app.get(
    '/auth/me',
    { schema: { response: { 200: staffUserAnswer } }, preHandler: requireStaff },
    async (request) => {
      const { email, username, firstName, lastName, role } = request.staff!;
      return { email, username, firstName, lastName, role };
    },
  );

  app.delete('/auth/logout', { preHandler: requireStaff }, async (request, reply) => {
    await app.sessions.revoke(request.bearerToken!);
    // The browser drops what it stored for the site.
    return reply.header('clear-site-data', '"storage"').status(204).send();
  });

  app.post(
    '/auth/register',
    // Kept for clients that register directly; invitations are the way in.
    { schema: { body: registerBody }, preHandler: requireOwner },
    async (request, reply) => {
      if (!(await withinIpLimit(request, reply))) return reply;
      const body = request.body;
      const staff = request.staff!;
      const result = await app.staffAccounts.create(
        {
          email: body.email,
          username: body.username,
          firstName: body.firstName ?? '',
          lastName: body.lastName ?? '',
          password: body.password,
          role: 'staff',
        },
        { actor: { id: staff.id, email: staff.email }, via: 'registration' },
      );
      if (!result.ok) {
        return result.reason === 'common-password'
          ? fieldError(reply, 'password', STAFF_REFUSAL_TEXTS['common-password'])
          : refuse(reply, 409, result.reason, STAFF_REFUSAL_TEXTS[result.reason]);
      }
      request.log.info({ by: request.staff!.id, created: result.id }, 'staff account created');
      app.outbox.kick(); // the owners' notice of the new account
      // The caller stays logged in as themself: no session is opened for the colleague.
      return reply.status(201).send({
        email: body.email,
        username: body.username,
        firstName: body.firstName ?? '',
        lastName: body.lastName ?? '',
        role: result.role,
        tokens: [],
      });
    },
  );

  app.put(
    '/auth/password',
    { schema: { body: changePasswordBody }, preHandler: requireStaff },
    async (request, reply) => {
      const result = await app.auth.changeOwnPassword(
        request.staff!,
        request.bearerToken!,
        request.body.currentPassword,
        request.body.newPassword,
      );
      if (result.ok) return { message: 'Password cambiata. Le altre sessioni sono state chiuse.' };
      if (result.reason === 'wrong-password') {
        return fieldError(reply, 'currentPassword', 'La password attuale non è corretta.');
      }
      if (result.reason === 'common-password') {
        return fieldError(reply, 'newPassword', STAFF_REFUSAL_TEXTS['common-password']);
      }
      return tooManyRequests(
        reply,
        result.retryAfterSeconds,
        AUTH_REFUSALS.tooManyAttempts,
        'Troppi tentativi con la password attuale sbagliata. Riprova più tardi.',
      );
    },
  );

  app.post('/auth/send-email', { schema: { body: sendEmailBody } }, async (request, reply) => {
    if (!(await withinIpLimit(request, reply))) return reply;
    // The link's origin is always PUBLIC_URL's, never one the client sends.
    const requested = request.body.url ? URL.parse(request.body.url) : null;
    const resetPage =
      requested && requested.origin === publicOrigin
        ? `${requested.origin}${requested.pathname}`
        : `${config.PUBLIC_URL}/reset-password`;
    // The same answer at once, whether or not the account exists;
    // the work happens after it.
    setImmediate(() => {
      app.auth
        .requestReset(request.body.email, resetPage, clientKey(request))
        .catch((error: unknown) =>
          request.log.error({ err: error }, 'password reset request failed'),
        );
    });
    return { message: SEND_EMAIL_ANSWER };
  });

  app.post(
    '/auth/recovery-password/:token',
    { schema: { body: resetPasswordBody, params: resetTokenParams } },
    async (request, reply) => {
      if (!(await withinIpLimit(request, reply))) return reply;
      const result = await app.auth.resetPassword(request.params.token, request.body.password);
      if (result.ok) return { message: 'La password è stata reimpostata con successo.' };
      if (result.reason === 'common-password') return fieldError(reply, 'password', result.message);
      return refuse(
        reply,
        400,
        AUTH_REFUSALS.invalidToken,
        'Il link per reimpostare la password non è valido o è scaduto: chiedine uno nuovo.',
      );
    },
  );
};
