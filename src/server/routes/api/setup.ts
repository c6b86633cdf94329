import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setupBody } from '../../../shared/schemas/auth.ts';
import { loginAnswer } from '../../../shared/schemas/staff.ts';
import { STAFF_REFUSALS } from '../../../shared/schemas/errors.ts';
import type { AddressLimit } from '../../services/address-limits.ts';
import { SETUP_REFUSAL_TEXTS } from '../../services/setup.ts';
import { withinAddressLimit } from './address-limit.ts';
import { fieldError, notFound, refuse } from './errors.ts';

/** The setup link is anonymous: 10 tries per minute per client address. */
export const SETUP_ADDRESS_LIMIT: AddressLimit = {
  name: 'setup-ip',
  limit: 10,
  windowMs: 60_000,
  description: 'Troppe richieste da questo indirizzo. Riprova tra un minuto.',
};

/** Setup is over (a staff account exists): the route is as absent as an unknown path. */
const SETUP_CLOSED_MESSAGE = 'Not found';

/**
 * POST /api/setup: the first owner, through the link the server prints
 * while no staff account exists (services/setup.ts). Once an account exists
 * the route answers 404, whatever the body.
 */
export const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/setup',
    {
      schema: { body: setupBody, response: { 201: loginAnswer } },
      // Before the body is validated: closed for good once staff exist (404
      // whatever is sent, and nothing counted or written), then counted.
      preValidation: async (request, reply) => {
        reply.header('cache-control', 'no-store'); // the answer holds a token
        if (!(await app.firstOwnerSetup.isOpen())) return notFound(reply, SETUP_CLOSED_MESSAGE);
        if (!(await withinAddressLimit(request, reply, SETUP_ADDRESS_LIMIT))) return reply;
      },
    },
    async (request, reply) => {
      const result = await app.firstOwnerSetup.createOwner(request.body);
      if (!result.ok) {
        if (result.reason === 'closed') return notFound(reply, SETUP_CLOSED_MESSAGE);
        if (result.reason === 'common-password') {
          return fieldError(reply, 'password', SETUP_REFUSAL_TEXTS['common-password']);
        }
        request.log.warn('setup link refused: unknown, used, replaced or expired');
        return refuse(
          reply,
          401,
          STAFF_REFUSALS.invalidSetupLink,
          SETUP_REFUSAL_TEXTS['invalid-setup-link'],
        );
      }
      const { owner } = result;
      request.log.info({ created: owner.id }, 'first owner created through the setup link');
      // The owner is signed in at once, exactly as after a login.
      return reply.status(201).send({
        email: owner.email,
        firstName: owner.firstName,
        lastName: owner.lastName,
        role: owner.role,
        tokens: [{ token: await app.sessions.create(owner.id) }],
      });
    },
  );
};
