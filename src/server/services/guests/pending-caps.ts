import type { ReservationSettings } from '../../../shared/schemas/reservations.ts';
import { limitedEmail, limitedPhone } from '../../../shared/schemas/guest.ts';

/**
 * How much one guest may hold in requests waiting for staff (docs/security.md
 * item 41): covers in pending bookings, takeaway orders the kitchen has not
 * answered, open event requests. One guest is one e-mail or one phone, read
 * as staff's "Rifiuta tutte" reads it (guest-match.ts `isGuestsRow`), so
 * staff decline exactly what was counted. Each family says which of its rows
 * wait (reservations/booking.ts, takeaway/pending-orders.ts,
 * events/pending-inquiries.ts); the counting is here.
 */

/**
 * How many takeaway orders (still `received`) and event requests (`new` or
 * `talking`) one e-mail or one phone may hold: a guest may order twice
 * before the kitchen answers; a robot filling the evening needs dozens.
 */
export const PENDING_PER_GUEST = 2;

/**
 * What `guest`'s e-mail and `guest`'s phone (each as `isGuestsRow` reads it:
 * `limitedEmail`, any case, without its +tag; `limitedPhone`, its digits)
 * each hold already among `pending`, each row weighing `weigh` (a booking its
 * party; an order or a request one).
 */
export function heldBySameGuest<Row extends { email: string; phone: string }>(
  pending: readonly Row[],
  guest: { email: string; phone: string },
  weigh: (row: Row) => number = () => 1,
): { byEmail: number; byPhone: number } {
  const held = new PendingPerGuest();
  for (const row of pending) held.add(row, weigh(row));
  return held.of(guest);
}

/**
 * Pending rows counted per e-mail and per phone as `isGuestsRow` reads them,
 * so that each guest's share is a look-up: the orders taking one turn of the
 * orders' lock share one, read once and kept true as they are accepted
 * (takeaway/pending-orders.ts). A row without an e-mail is nobody's by e-mail.
 */
export class PendingPerGuest {
  readonly #byEmail = new Map<string, number>();
  readonly #byPhone = new Map<string, number>();

  add(row: { email: string; phone: string }, weight = 1): void {
    if (row.email !== '') addTo(this.#byEmail, limitedEmail(row.email), weight);
    addTo(this.#byPhone, limitedPhone(row.phone), weight);
  }

  /** What `guest`'s e-mail and `guest`'s phone each hold. */
  of(guest: { email: string; phone: string }): { byEmail: number; byPhone: number } {
    return {
      byEmail: guest.email === '' ? 0 : (this.#byEmail.get(limitedEmail(guest.email)) ?? 0),
      byPhone: this.#byPhone.get(limitedPhone(guest.phone)) ?? 0,
    };
  }
}

const addTo = (counts: Map<string, number>, key: string, weight: number) =>
  counts.set(key, (counts.get(key) ?? 0) + weight);

/**
 * Whether what a guest's e-mail or phone holds (`heldBySameGuest`,
 * `PendingPerGuest.of`) already reaches `PENDING_PER_GUEST` (takeaway
 * orders or event requests, each one).
 */
export function holdsPendingPerGuest(held: { byEmail: number; byPhone: number }): boolean {
  return Math.max(held.byEmail, held.byPhone) >= PENDING_PER_GUEST;
}

/**
 * How many covers one guest may hold in bookings still waiting for staff
 * (`pending`) on one date: twice the largest party the site takes. A guest
 * may ask for two tables of the largest size, or a lunch and a dinner, and
 * wait for the answers; past that, a robot or a prank could hold a whole
 * evening with one e-mail and many addresses, and a real need for more is a
 * phone call. Derived from the owner's setting, so it follows it; bookings
 * confirmed at once (automatic confirmation) hold no pending covers, and
 * staff's bookings by phone are never limited.
 */
export const PENDING_COVERS_PER_LARGEST_PARTY = 2;

export const pendingCoversLimit = (settings: Pick<ReservationSettings, 'maxPartyOnline'>) =>
  PENDING_COVERS_PER_LARGEST_PARTY * settings.maxPartyOnline;

/**
 * The covers `guest`'s e-mail and `guest`'s phone each hold already, in
 * `pending`: a date's pending bookings.
 */
export const pendingCoversOf = (
  pending: readonly { party: number; email: string; phone: string }[],
  guest: { email: string; phone: string },
) => heldBySameGuest(pending, guest, (booking) => booking.party);
