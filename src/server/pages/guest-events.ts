import type { FastifyInstance } from 'fastify';
import type { GuestEvents } from '../../app/context.ts';
import { eventInquiryBody, type EventInquiryBody } from '../../shared/schemas/events.ts';
import { fieldErrors } from './field-errors.ts';

/**
 * The events page's way to the service (src/app/context.ts): the same
 * rules, limits and answers as POST /api/events/inquiries, so that a
 * request posted without JavaScript is taken exactly as the API takes it.
 */
export function guestEvents(app: FastifyInstance): GuestEvents {
  return {
    async inquire(input, clientAddress) {
      const parsed = eventInquiryBody.safeParse(input);
      if (!parsed.success) {
        return { ok: false, code: 'invalid', fields: fieldErrors<EventInquiryBody>(parsed.error) };
      }
      const taken = await app.events.inquire(clientAddress, parsed.data);
      if (taken.ok) return { ok: true, id: taken.id };
      if ('field' in taken)
        return { ok: false, code: 'invalid', fields: { [taken.field]: [taken.message] } };
      return { ok: false, code: 'reason' in taken ? taken.reason : 'rate-limited' };
    },
  };
}
