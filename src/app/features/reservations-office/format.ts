import { SEATED_STATUSES, type Reservation } from '../../../shared/schemas/reservations.ts';
import { dayAndDateText } from '../../components/opening-hours/format.ts';

const instant = new Intl.DateTimeFormat('it-IT', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Rome',
});

/** "2026-12-05" → "sabato 5 dicembre 2026". */
export const spokenDate = (date: string) => dayAndDateText('it', date, true);

/** "2026-12-05" → "sabato 5 dicembre" (a date near the one on screen). */
export const spokenDay = (date: string) => dayAndDateText('it', date);

/** When an online booking came in, on the restaurant's clock: "1 giu 2026, 12:00". */
export function receivedAt(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : instant.format(date);
}

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
