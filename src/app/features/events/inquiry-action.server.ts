import { data } from 'react-router';
import type { GuestEvents } from '../../context.ts';
import { readSmallForm } from '../../small-form.server.ts';
import { inquiryFromForm, inquiryStatus, NOTHING_SENT, type InquiryResult } from './inquiry.ts';

/**
 * POST /events: the request form's plain post, so that asking for an event
 * works without JavaScript. It goes through the service as POST
 * /api/events/inquiries does, counted against the client's address.
 */
export async function inquiryAction(request: Request, events: GuestEvents, clientAddress: string) {
  const form = await readSmallForm(request);
  if (!form) {
    return data<InquiryResult>(
      { outcome: { ok: false, code: 'invalid', fields: {} }, values: NOTHING_SENT },
      { status: 400 },
    );
  }
  const { values, body } = inquiryFromForm(form);
  const outcome = await events.inquire(body, clientAddress);
  return data<InquiryResult>({ outcome, values }, { status: inquiryStatus(outcome) });
}
