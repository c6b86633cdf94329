import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../shared/schemas/staff.ts';
import {
  staffOrderBody,
  takeawayBoardAnswer,
  takeawayBoardQuery,
  takeawayOrderAnswer,
  takeawayOrderPatch,
  takeawayOrdersQuery,
  takeawayPauseBody,
  takeawaySettingsAnswer,
} from '../../../shared/schemas/takeaway.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import { declinePendingRoutes } from './decline-pending.ts';
import { fieldError, notFound, refuse } from './errors.ts';

/**
 * /api/takeaway for staff (bearer): the day's orders, the kitchen board
 * (polled every second, 304 while nothing changed on any instance), an
 * order opened, a status change (or a move), a phone order, the pause, and
 * all of one guest's orders declined at once.
 */
export const takeawayStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  declinePendingRoutes(app, 'takeaway', () => app.takeaway, 'Ordine non trovato.');

  app.get(
    '/takeaway/orders',
    {
      schema: { querystring: takeawayOrdersQuery, response: { 200: z.array(takeawayOrderAnswer) } },
      preHandler: requireStaff,
    },
    (request) => app.takeaway.orders(request.query.date),
  );

  app.get(
    '/takeaway/board',
    {
      schema: {
        querystring: takeawayBoardQuery,
        response: { 200: takeawayBoardAnswer, 304: z.void() },
      },
      preHandler: requireStaff,
    },
    async (request, reply) => {
      const outcome = await app.takeaway.board(
        request.query.date,
        request.headers['if-none-match'],
      );
      // The tablet sends the ETag of the board it shows; nothing is cached: it
      // holds guests' names and phones (no-store, plugins/api-conventions.ts).
      reply.header('etag', outcome.tag);
      if ('notModified' in outcome) return reply.code(304).send();
      return outcome.board;
    },
  );

  app.post(
    '/takeaway/orders/:id/opened',
    { schema: { params: idParams }, preHandler: requireStaff },
    async (request, reply) => {
      if (!(await app.takeaway.open(request.params.id))) {
        return notFound(reply, `There is no order ${request.params.id}.`);
      }
      return reply.code(204).send();
    },
  );

  app.patch(
    '/takeaway/orders/:id',
    {
      schema: {
        params: idParams,
        body: takeawayOrderPatch,
        response: { 200: takeawayOrderAnswer },
      },
      preHandler: requireStaff,
    },
    async (request, reply) => {
      const { body } = request;
      if (body.pickupTime !== undefined && body.status !== 'accepted') {
        return fieldError(
          reply,
          'pickupTime',
          "L'orario di ritiro si cambia solo accettando l'ordine.",
        );
      }
      const changed = await app.takeaway.changeOrder(request.params.id, body, request.staff!);
      if (changed.ok) return changed.order;
      if (changed.reason === 'not-found') return notFound(reply, changed.description);
      return refuse(reply, 409, changed.reason, changed.description, changed.details);
    },
  );

  app.post(
    '/takeaway/orders/staff',
    {
      schema: { body: staffOrderBody, response: { 201: takeawayOrderAnswer } },
      preHandler: requireStaff,
    },
    async (request, reply) => {
      const placed = await app.takeaway.placeStaffOrder(request.body, request.staff!);
      if (placed.ok) return reply.code(201).send(placed.order);
      return refuse(reply, 409, placed.reason, placed.description, placed.details);
    },
  );

  app.post(
    '/takeaway/pause',
    {
      schema: { body: takeawayPauseBody, response: { 200: takeawaySettingsAnswer } },
      preHandler: requireStaff,
    },
    (request) => app.takeaway.pause(request.body.minutes, request.staff!),
  );

  app.delete(
    '/takeaway/pause',
    { schema: { response: { 200: takeawaySettingsAnswer } }, preHandler: requireStaff },
    (request) => app.takeaway.pause(null, request.staff!),
  );
};
