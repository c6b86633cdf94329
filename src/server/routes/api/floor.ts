import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FLOOR_REFUSALS, floorPlanAnswer, floorPlanBody } from '../../../shared/schemas/floor.ts';
import { requireOwner } from '../../plugins/staff-auth.ts';
import { refuse, validationErrors } from './errors.ts';

/**
 * /api/floor: the owner's floor plan (CONTRACT.md part four, "Tables and
 * the floor plan"), read and replaced whole. Staff read it through the day
 * plan (routes/api/reservations.ts).
 */
export const floorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/floor',
    { schema: { response: { 200: floorPlanAnswer } }, preHandler: requireOwner },
    () => app.floorPlan.plan(),
  );

  app.put(
    '/floor',
    {
      schema: { body: floorPlanBody, response: { 200: floorPlanAnswer } },
      preHandler: requireOwner,
    },
    async (request, reply) => {
      const outcome = await app.floorPlan.replace(request.body, request.staff!);
      if (outcome.ok) return outcome.plan;
      switch (outcome.reason) {
        case 'invalid':
          return validationErrors(reply, outcome.errors);
        case 'name-taken':
          return refuse(
            reply,
            409,
            FLOOR_REFUSALS.nameTaken,
            `Il nome «${outcome.name}» è già usato: aree, tavoli e combinazioni hanno ciascuno il proprio.`,
          );
        case 'table-in-use':
          return refuse(
            reply,
            409,
            FLOOR_REFUSALS.inUse,
            `Un tavolo o una combinazione da togliere è usato da prenotazioni ancora da servire (prenotazioni ${outcome.bookingIds.join(', ')}): spostale prima, oppure togli tutti i tavoli per tornare ai coperti.`,
          );
      }
    },
  );
};
