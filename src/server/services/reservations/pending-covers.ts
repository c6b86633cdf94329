import type { ReservationSettings } from '../../../shared/schemas/reservations.ts';
import { heldBySameGuest } from '../pending-guests.ts';

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
 * The covers `guest`'s e-mail and `guest`'s phone (each as the limits read
 * it: `limitedEmail`, `limitedPhone`) each hold already, in `pending`: a
 * date's pending bookings.
 */
export const pendingCoversOf = (
  pending: readonly { party: number; email: string; phone: string }[],
  guest: { email: string; phone: string },
) => heldBySameGuest(pending, guest, (booking) => booking.party);
