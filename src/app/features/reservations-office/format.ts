import { SEATED_STATUSES, type Reservation } from '../../../shared/schemas/reservations.ts';

export const holdsSeats = (booking: Pick<Reservation, 'status'>) =>
  SEATED_STATUSES.includes(booking.status);

const byTime = (a: Reservation, b: Reservation) =>
  a.time.localeCompare(b.time) || a.createdAt.localeCompare(b.createdAt) || a.id - b.id;

/**
 * The day's bookings as staff work through them: those waiting for an
 * answer first, then the others by time (cancelled and declined ones stay
 * in place, dimmed, so a guest who calls about one is found where expected).
 */
export function dayLists(bookings: readonly Reservation[]): {
  pending: Reservation[];
  others: Reservation[];
} {
  const sorted = [...bookings].sort(byTime);
  return {
    pending: sorted.filter((booking) => booking.status === 'pending'),
    others: sorted.filter((booking) => booking.status !== 'pending'),
  };
}

/** Bookings that hold seats, and their covers. */
export function seatedTotals(bookings: readonly Reservation[]): {
  bookings: number;
  covers: number;
} {
  const seated = bookings.filter(holdsSeats);
  return {
    bookings: seated.length,
    covers: seated.reduce((sum, booking) => sum + booking.party, 0),
  };
}
