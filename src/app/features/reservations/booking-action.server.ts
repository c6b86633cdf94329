import { data } from 'react-router';
import type { CancellationView, GuestReservations } from '../../context.ts';
import { readSmallForm } from '../../small-form.server.ts';
import { bookingFromForm, bookingStatus, NOTHING_SENT, type BookingResult } from './booking.ts';

/**
 * The page actions of /reservations and /reservations/cancel: plain form
 * posts, so that booking and cancelling work without JavaScript.
 */

/** No cancel link's token is longer (the API's cancel body allows 200 characters). */
export const TOKEN_MAX = 200;

/** POST /reservations: books through the service, as POST /api/reservations does. */
export async function bookingAction(
  request: Request,
  reservations: GuestReservations,
  clientAddress: string,
) {
  const form = await readSmallForm(request);
  if (!form) {
    return data<BookingResult>(
      { outcome: { ok: false, code: 'invalid', fields: {} }, values: NOTHING_SENT },
      { status: 400 },
    );
  }
  const { values, body } = bookingFromForm(form);
  const outcome = await reservations.book(body, clientAddress);
  return data<BookingResult>({ outcome, values }, { status: bookingStatus(outcome) });
}

/**
 * What the cancel page's button answers: the cancelled booking, or null for a
 * link that no longer works; `rateLimited` when the address pressed too often.
 */
export interface CancelResult {
  cancelled: CancellationView | null;
  rateLimited?: true;
}

/** POST /reservations/cancel: the guest pressed the button (fetching the page alone cancels nothing). */
export async function cancelAction(
  request: Request,
  reservations: GuestReservations,
  clientAddress: string,
) {
  const token = (await readSmallForm(request))?.get('token');
  const cancelled =
    typeof token === 'string' && token !== '' && token.length <= TOKEN_MAX
      ? await reservations.cancel(token, clientAddress)
      : null;
  if (cancelled === 'rate-limited') {
    return data<CancelResult>({ cancelled: null, rateLimited: true }, { status: 429 });
  }
  return data<CancelResult>({ cancelled }, { status: cancelled ? 200 : 400 });
}
