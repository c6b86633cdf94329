import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RATE_LIMITED } from '../../../shared/schemas/errors.ts';
import {
  createdOrderAnswer,
  guestOrderAnswer,
  orderTokenBody,
  orderTokenQuery,
  TAKEAWAY_REFUSALS,
  takeawayOrderBody,
  takeawaySettingsAnswer,
  takeawaySettingsBody,
  takeawaySlotsAnswer,
  type TakeawaySlotsAnswer,
  takeawaySlotsQuery,
} from '../../../shared/schemas/takeaway.ts';
import { clientKey, requireOwner, requireStaff } from '../../plugins/staff-auth.ts';
import { fieldError, refuse, tooManyRequests } from './errors.ts';
import { KeptJson } from './kept-json.ts';

/** What a status link that leads nowhere answers (400 `invalid-token`). */
const BAD_TOKEN = 'This link does not work: it is not whole, or its order is gone.';

/**
 * /api/takeaway: the pickup slots an order fits, the order itself and its
 * status page's reading and cancel, for guests; the settings, which staff
 * read and the owner changes. Staff's orders: takeaway-staff.ts.
 */
export const takeawayRoutes: FastifyPluginAsyncZod<{ now: () => number }> = async (
  app,
  { now },
) => {
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

  // The guests' pickup times, and staff's for a phone order (/phone-slots): the
  // same but for a pause or takeaway switched off, which stop the site, not the telephone.
  // A date's pickup slots for a load are kept while the hours, settings and
  // loads stay (services/takeaway/takeaway.ts): so is their JSON, which the
  // front sends while it is certainly still the answer (kept-json.ts).
  const slotsJson = new KeptJson<TakeawaySlotsAnswer['slots'], typeof takeawaySlotsAnswer>(
    takeawaySlotsAnswer,
    { versions: [app.contentVersion, app.ordersVersion], now },
  );
  app.frontAnswers.add((url) => slotsJson.keptFor(url));
  for (const forPhone of [false, true]) {
    app.get(
      forPhone ? '/takeaway/phone-slots' : '/takeaway/slots',
      {
        schema: { querystring: takeawaySlotsQuery, response: { 200: takeawaySlotsAnswer } },
        compress: false, // the kept answer is compressed once
        ...(forPhone ? { preHandler: requireStaff } : {}),
      },
      async (request, reply) => {
        // Staff's times are theirs alone, never kept for the front (which checks no session).
        const asked = forPhone ? undefined : await slotsJson.asked();
        const { date, items } = request.query;
        const outcome = await app.takeaway.slots(date, items, forPhone);
        if (!outcome.ok) {
          return fieldError(
            reply,
            'items',
            `no dish on the menu has the id ${outcome.unknown.join(', ')}`,
          );
        }
        const { answer, changesAt } = outcome;
        return slotsJson.send(
          request,
          reply,
          asked,
          answer.slots,
          (slots) => ({ ...answer, slots }),
          changesAt,
        );
      },
    );
  }

  app.post(
    '/takeaway/orders',
    { schema: { body: takeawayOrderBody, response: { 201: createdOrderAnswer } } },
    async (request, reply) => {
      const placed = await app.takeaway.placeOrder(clientKey(request), request.body);
      if (placed.ok) return reply.status(201).send(placed.order);
      if ('reason' in placed) {
        return refuse(reply, 409, placed.reason, placed.description, placed.details);
      }
      return tooManyRequests(reply, placed.retryAfterSeconds, RATE_LIMITED, placed.description);
    },
  );

  app.get(
    '/takeaway/orders/status',
    { schema: { querystring: orderTokenQuery, response: { 200: guestOrderAnswer } } },
    async (request, reply) => {
      // The token is the key to the order: no cache keeps it, no link carries it on.
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const order = await app.takeaway.status(request.query.token);
      return order ?? refuse(reply, 400, TAKEAWAY_REFUSALS.badToken, BAD_TOKEN);
    },
  );

  app.post(
    '/takeaway/orders/cancel',
    { schema: { body: orderTokenBody, response: { 200: guestOrderAnswer } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const cancelled = await app.takeaway.cancelAsGuest(request.body.token, clientKey(request));
      if (cancelled === null) return refuse(reply, 400, TAKEAWAY_REFUSALS.badToken, BAD_TOKEN);
      if (cancelled === 'too-late') {
        return refuse(
          reply,
          409,
          TAKEAWAY_REFUSALS.transition,
          'The restaurant has already taken this order on: please call to change it.',
        );
      }
      if ('retryAfterSeconds' in cancelled) {
        return tooManyRequests(
          reply,
          cancelled.retryAfterSeconds,
          RATE_LIMITED,
          cancelled.description,
        );
      }
      return cancelled;
    },
  );
};
