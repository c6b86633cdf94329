import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { restaurantFacts, restaurantFactsBodyUntil } from '../../../shared/schemas/restaurant.ts';
import { requireOwner } from '../../plugins/staff-auth.ts';
import { NOT_MODIFIED } from './content-json.ts';

/**
 * The restaurant's own facts: GET /api/restaurant for everyone (what every
 * public page shows anyway); PUT for the owner, who alone speaks for the
 * restaurant, answering the facts as GET does. A founding year after this
 * year (in Rome, on the app's clock) is refused with the other field errors.
 */
export const restaurantRoutes: FastifyPluginAsyncZod = async (app) => {
  const response = { 200: restaurantFacts };
  const body = restaurantFactsBodyUntil(() => app.restaurantFacts.currentYear());

  // Answered from memory per content version (content-json.ts).
  app.get(
    '/restaurant',
    { schema: { response: { ...response, ...NOT_MODIFIED } }, ...app.contentJson.route },
    () => app.restaurantFacts.get(),
  );

  app.put(
    '/restaurant',
    { schema: { body, response }, preHandler: requireOwner },
    async (request) => {
      await app.restaurantFacts.replace(request.body, request.staff!);
      return app.restaurantFacts.get();
    },
  );
};
