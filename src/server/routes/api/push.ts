import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PUSH_DEVICES_MAX,
  pushDevicesAnswer,
  pushKeyAnswer,
  pushSubscriptionBody,
  pushUnsubscribeBody,
} from '../../../shared/schemas/push.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import { PUSH_REFUSALS } from '../../../shared/schemas/errors.ts';
import { fieldError, refuse } from './errors.ts';

/**
 * /api/push: the server's VAPID key (public: the service worker asks before
 * subscribing), and a staff member's own devices: subscribe (again:
 * replace), list, remove. An endpoint the server may not send to (not
 * https on port 443 of a public address, and not an allowed origin) is 400
 * on `endpoint`; a device beyond PUSH_DEVICES_MAX is 409 (docs/security.md
 * item 47). Every change is in the audit log (item 36).
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/push/key', { schema: { response: { 200: pushKeyAnswer } } }, async () => ({
    publicKey: await app.push.publicKey(),
  }));

  app.post(
    '/push/subscriptions',
    {
      schema: { body: pushSubscriptionBody, response: { 201: z.void() } },
      preHandler: requireStaff,
    },
    async (request, reply) => {
      const outcome = await app.push.subscribe(
        request.staff!,
        request.body,
        request.headers['user-agent'],
      );
      if (outcome.ok) return reply.status(201).send();
      if (outcome.reason === 'endpoint') return fieldError(reply, 'endpoint', outcome.message);
      return refuse(
        reply,
        409,
        PUSH_REFUSALS.tooManyDevices,
        `Hai già ${PUSH_DEVICES_MAX} dispositivi con le notifiche attive: rimuovine uno da "I tuoi dispositivi" (Il mio account), poi riprova.`,
      );
    },
  );

  app.get(
    '/push/subscriptions',
    { schema: { response: { 200: pushDevicesAnswer } }, preHandler: requireStaff },
    (request) => app.push.devices(request.staff!.id),
  );

  app.delete(
    '/push/subscriptions',
    {
      schema: { body: pushUnsubscribeBody, response: { 204: z.void() } },
      preHandler: requireStaff,
    },
    async (request, reply) => {
      await app.push.unsubscribe(request.staff!, request.body.endpoint);
      return reply.status(204).send();
    },
  );
};
