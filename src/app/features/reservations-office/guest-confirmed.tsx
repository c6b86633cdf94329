import type { Reservation } from '../../../shared/schemas/reservations.ts';
import { instantText } from '../../staff-kit/index.ts';

/**
 * The guest pressed the reminder's "I'll be there" (CONTRACT.md part four,
 * "Guests"): the day view's card says so, with when (Rome time).
 */
export function GuestConfirmed({ booking }: { booking: Pick<Reservation, 'guestConfirmedAt'> }) {
  if (!booking.guestConfirmedAt) return null;
  return (
    <p className="booking__flag">
      <span className="staff-badge staff-badge--accepted">Confermata dal cliente</span>{' '}
      <time dateTime={booking.guestConfirmedAt}>{instantText(booking.guestConfirmedAt)}</time>
    </p>
  );
}
