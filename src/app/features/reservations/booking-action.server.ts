import { data } from 'react-router';
import type { AttendanceView, CancellationView, GuestReservations } from '../../context.ts';
import { guestFormAction } from '../../guest-kit/guest-action.server.ts';
import { postedToken } from '../../token-link.server.ts';
import { bookingFromForm, NOTHING_SENT, type BookingResult } from './booking.ts';

/**
 * The page actions of /reservations, /reservations/cancel and
 * /reservations/confirm: plain form posts, so that booking, cancelling and
 * confirming work without JavaScript.
 */

/** POST /reservations: books through the service, as POST /api/reservations does. */
export async function bookingAction(
  request: Request,
  reservations: GuestReservations,
  clientAddress: string,
) {
  return guestFormAction(
    request,
    { nothingSent: NOTHING_SENT, ok: 200 },
    async (form): Promise<BookingResult> => {
      const { values, body } = bookingFromForm(form);
      return { outcome: await reservations.book(body, clientAddress), values };
    },
  );
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
  const token = await postedToken(request);
  const cancelled = token !== null ? await reservations.cancel(token, clientAddress) : null;
  if (cancelled === 'rate-limited') {
    return data<CancelResult>({ cancelled: null, rateLimited: true }, { status: 429 });
  }
  return data<CancelResult>({ cancelled }, { status: cancelled ? 200 : 400 });
}

/** What the confirm page's button answers, as `CancelResult` does for the cancel page's. */
export interface AttendResult {
  attended: AttendanceView | null;
  rateLimited?: true;
}

/** POST /reservations/confirm: the guest pressed "I'll be there" (fetching the page alone records nothing). */
export async function attendAction(
  request: Request,
  reservations: GuestReservations,
  clientAddress: string,
) {
  const token = await postedToken(request);
  const attended = token !== null ? await reservations.attend(token, clientAddress) : null;
  if (attended === 'rate-limited') {
    return data<AttendResult>({ attended: null, rateLimited: true }, { status: 429 });
  }
  return data<AttendResult>({ attended }, { status: attended ? 200 : 400 });
}
