import fc from 'fast-check';
import type { ReservationStatus } from '../../../shared/schemas/reservations.ts';
import { bookingToken, type BookingLinkKind } from '../../services/guests/guest-links.ts';
import { CLOCK } from './app-under-test.ts';
import { DAY_MS, MINUTE_MS } from './reservations-calendar.ts';
import { madeBookingCases } from './reservations-generators.ts';
import { cancelKey, freshBooking } from './reservations.ts';

/**
 * The guest's booking links (a cancel link, the reminder's "I'll be there"),
 * as the hostile-input families of POST /api/reservations/cancel and
 * /attend send them: signed for a booking made for the request, or one that
 * must not work.
 */

/**
 * Whose link: a booking made for the request; one that must not work (begun,
 * moved, forged, nobody's, or signed for the other purpose); or the body's own text.
 */
export const linkTargets = fc.oneof(
  { weight: 5, arbitrary: madeBookingCases },
  {
    weight: 2,
    arbitrary: fc.constantFrom('begun', 'moved', 'forged', 'nobody', 'other-purpose'),
  },
  { weight: 2, arbitrary: fc.constant('generated') },
);

/** A signed `kind` token for `target`, and the booking it names (none when it must not work). */
export async function bookingLink(
  kind: BookingLinkKind,
  target: { status: ReservationStatus; email: boolean } | string,
): Promise<{ token: string; id?: number }> {
  const sign = (claim: { id: number; startsAt: number }) => bookingToken(cancelKey, kind, claim);
  if (typeof target === 'object') {
    const made = await freshBooking(target);
    return { token: sign(made), id: made.id };
  }
  if (target === 'begun') {
    // Sunday 11 January at 20:00, before the clock.
    return {
      token: sign(await freshBooking({ status: 'confirmed', email: true, date: '2026-01-11' })),
    };
  }
  if (target === 'moved') {
    const moved = await freshBooking({ status: 'confirmed', email: true });
    return { token: sign({ id: moved.id, startsAt: moved.startsAt + 15 * MINUTE_MS }) };
  }
  if (target === 'forged') {
    const signed = sign(await freshBooking({ status: 'confirmed', email: true }));
    return { token: `${signed.slice(0, -1)}${signed.endsWith('A') ? 'B' : 'A'}` };
  }
  if (target === 'other-purpose') {
    const other = kind === 'cancel' ? 'attend' : 'cancel';
    return {
      token: bookingToken(
        cancelKey,
        other,
        await freshBooking({ status: 'confirmed', email: true }),
      ),
    };
  }
  return { token: sign({ id: 2 ** 31 - 2, startsAt: CLOCK + DAY_MS }) };
}
