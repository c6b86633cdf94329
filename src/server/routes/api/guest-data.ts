import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guestDataQuery, guestKeyOf } from '../../../shared/schemas/guest.ts';
import { guestDataAnswer, guestErasedAnswer } from '../../../shared/schemas/guest-data.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';

/**
 * /api/guest-data (staff): one guest's data across bookings, orders, event
 * requests and contact messages, found by e-mail or phone, to export or erase.
 */
export const guestDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/guest-data',
    {
      schema: { querystring: guestDataQuery, response: { 200: guestDataAnswer } },
      preHandler: requireStaff,
    },
    (request) => app.guestData.export(guestKeyOf(request.query), request.staff!),
  );

  app.delete(
    '/guest-data',
    {
      schema: { querystring: guestDataQuery, response: { 200: guestErasedAnswer } },
      preHandler: requireStaff,
    },
    (request) => app.guestData.erase(guestKeyOf(request.query), request.staff!),
  );
};
