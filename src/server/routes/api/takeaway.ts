import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RATE_LIMITED } from '../../../shared/schemas/errors.ts';
import {
  createdOrderAnswer,
  takeawayOrderBody,
  takeawaySettingsAnswer,
  takeawaySettingsBody,
  takeawaySlotsAnswer,
  takeawaySlotsQuery,
} from '../../../shared/schemas/takeaway.ts';
import { clientKey, requireOwner, requireStaff } from '../../plugins/staff-auth.ts';
import { fieldError, refuse, tooManyRequests } from './errors.ts';

/**
 * /api/takeaway: the pickup slots an order fits and the order itself, for
 * guests; the settings, which staff read and the owner changes.
 */
export const takeawayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/takeaway/settings',
    { schema: { response: { 200: takeawaySettingsAnswer } }, preHandler: requireStaff },
    () => app.takeaway.settings(),
  );

  app.put(
    '/takeaway/settings',
    {
      schema: { body: takeawaySettingsBody, response: { 200: takeawaySettingsAnswer } },
      preHandler: requireOwner,
    },
    (request) => app.takeaway.updateSettings(request.body, request.staff!),
  );

  app.get(
    '/takeaway/slots',
    { schema: { querystring: takeawaySlotsQuery, response: { 200: takeawaySlotsAnswer } } },
    async (request, reply) => {
      const { date, items } = request.query;
      const outcome = await app.takeaway.slots(date, items);
      if (!outcome.ok) {
        return fieldError(
          reply,
          'items',
          `no dish on the menu has the id ${outcome.unknown.join(', ')}`,
        );
      }
      return outcome.answer;
    },
  );

  app.post(
    '/takeaway/orders',
    { schema: { body: takeawayOrderBody, response: { 201: createdOrderAnswer } } },
    async (request, reply) => {
      const placed = await app.takeaway.placeOrder(clientKey(request), request.body);
      if (placed.ok) return reply.status(201).send(placed.order);
      if ('reason' in placed) return refuse(reply, 409, placed.reason, placed.description);
      return tooManyRequests(reply, placed.retryAfterSeconds, RATE_LIMITED, placed.description);
    },
  );
};
