import type { GuestEvents } from '../../context.ts';
import { guestFormAction } from '../../guest-kit/guest-action.server.ts';
import { inquiryFromForm, NOTHING_SENT, type InquiryResult } from './inquiry.ts';

/**
 * POST /events: the request form's plain post, so that asking for an event
 * works without JavaScript. It goes through the service as POST
 * /api/events/inquiries does, counted against the client's address.
 */
export async function inquiryAction(request: Request, events: GuestEvents, clientAddress: string) {
  return guestFormAction(
    request,
    { nothingSent: NOTHING_SENT, ok: 201 },
    async (form): Promise<InquiryResult> => {
      const { values, body } = inquiryFromForm(form);
      return { outcome: await events.inquire(body, clientAddress), values };
    },
  );
}
