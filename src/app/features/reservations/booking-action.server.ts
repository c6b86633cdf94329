import { data } from 'react-router';
import type { CancellationView, GuestReservations } from '../../context.ts';
import { bookingFromForm, bookingStatus, NOTHING_SENT, type BookingResult } from './booking.ts';

/**
 * The page actions of /reservations and /reservations/cancel: plain form
 * posts, so that booking and cancelling work without JavaScript. The server
 * reads a page's body only here (the API's size limit does not cover pages),
 * so a form is read up to a size no booking comes near.
 */
const FORM_BYTES_MAX = 16 * 1024;

/** No cancel link's token is longer (the API's cancel body allows 200 characters). */
export const TOKEN_MAX = 200;

/** A posted form of at most `maxBytes`, or null for anything else (another type, too big, malformed). */
export async function readSmallForm(
  request: Request,
  maxBytes = FORM_BYTES_MAX,
): Promise<FormData | null> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) return null;
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) return null;
  if (!request.body) return new FormData();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return null;
      }
      chunks.push(value);
    }
    const body = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      body.set(chunk, at);
      at += chunk.byteLength;
    }
    return await new Response(body, { headers: { 'content-type': type } }).formData();
  } catch {
    return null;
  }
}

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
