import type { FastifyInstance } from 'fastify';
import { fieldErrors } from './field-errors.ts';
import type { GuestTakeaway, TakeawayOrderOutcome } from '../../app/context.ts';
import { takeawayOrderBody, type TakeawayOrderBody } from '../../shared/schemas/takeaway.ts';

/**
 * The takeaway pages' way to the service (src/app/context.ts): the same
 * rules, limits and answers as /api/takeaway, so that an order posted
 * without JavaScript is taken exactly as the API takes it.
 */
export function guestTakeaway(app: FastifyInstance): GuestTakeaway {
  return {
    calendar: () => app.takeaway.calendar(),
    async slots(date, items) {
      const outcome = await app.takeaway.slots(date, items);
      return outcome.ok ? outcome.answer : null;
    },
    async order(input, clientAddress) {
      const parsed = takeawayOrderBody.safeParse(input);
      if (!parsed.success) {
        return { ok: false, code: 'invalid', fields: fieldErrors<TakeawayOrderBody>(parsed.error) };
      }
      const placed = await app.takeaway.placeOrder(clientAddress, parsed.data);
      if (!placed.ok) {
        if (!('reason' in placed)) {
          return { ok: false, code: placed.code, description: placed.description };
        }
        const { reason: code, description, details } = placed;
        // A refusal's details are its code's: refusal() in services/takeaway/orders.ts types them so.
        return (
          details === undefined
            ? { ok: false, code, description }
            : { ok: false, code, description, details }
        ) as TakeawayOrderOutcome;
      }
      // A robot's order (the honeypot) has id 0: its token leads nowhere, as `status` knows.
      return {
        ok: true,
        order: placed.order,
        statusToken: await app.takeaway.statusToken(placed.order.id),
      };
    },
    status: (token) => app.takeaway.status(token),
    async cancel(token, clientAddress) {
      const cancelled = await app.takeaway.cancelAsGuest(token, clientAddress);
      return cancelled !== null && typeof cancelled === 'object' && 'retryAfterSeconds' in cancelled
        ? 'rate-limited'
        : cancelled;
    },
  };
}
