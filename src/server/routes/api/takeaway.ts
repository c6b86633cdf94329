import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  takeawaySettingsAnswer,
  takeawaySettingsBody,
  takeawaySlotsAnswer,
  takeawaySlotsQuery,
  type Load,
} from '../../../shared/schemas/takeaway.ts';
import { requireOwner, requireStaff } from '../../plugins/staff-auth.ts';
import { fieldError } from './errors.ts';

/**
 * What each pickup slot already holds. No order is stored yet: the orders
 * table (its orders received, accepted or ready, per slot and kitchen group)
 * will give each slot's load here.
 */
const NO_ORDERS_YET: ReadonlyMap<string, Load> = new Map();

/**
 * /api/takeaway: the pickup slots an order fits, for guests; the settings,
 * which staff read and the owner changes.
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
      const outcome = await app.takeaway.slots(date, items, NO_ORDERS_YET);
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
};
