import type { PlanBooking } from '../../../shared/schemas/floor.ts';
import { GuestConfirmed } from '../../staff-kit/index.ts';

/**
 * The guest's answer to the day-before reminder ("I'll be there", CONTRACT.md
 * part four, "Guests") on the evening view: a booking still to come whose
 * guest has not confirmed is marked "?" on the map and the timeline, and the
 * sheet says either.
 */

export const GUEST_CONFIRMATION_TEXTS = {
  notConfirmed: 'Non ha confermato',
  notConfirmedHint: 'Il cliente non ha risposto «Ci sarò» al promemoria.',
} as const;
const T = GUEST_CONFIRMATION_TEXTS;

/** A booking confirmed by staff, not yet arrived, whose guest has not said they are coming. */
export const awaitsGuest = (booking: Pick<PlanBooking, 'status' | 'guestConfirmedAt'>) =>
  booking.status === 'confirmed' && booking.guestConfirmedAt === null;

/** The words an accessible name adds for such a booking (the "?" itself is hidden). */
export const unconfirmedSuffix = (booking: PlanBooking) =>
  awaitsGuest(booking) ? `, ${T.notConfirmed}` : '';

/** The "?" of a timeline bar (its button's name says the words). */
export function UnconfirmedSign() {
  return (
    <span className="evening-unconfirmed" aria-hidden="true" title={T.notConfirmed}>
      ?
    </span>
  );
}

/** The "?" at a table's top right corner on the map (the table's name says the words). */
export function UnconfirmedMapSign({ x, y }: { x: number; y: number }) {
  return (
    <g className="evening-unconfirmed-map" aria-hidden="true">
      <circle cx={x} cy={y} r={2.4} />
      <text x={x} y={y + 0.2} fontSize={3.2} textAnchor="middle" dominantBaseline="middle">
        ?
      </text>
    </g>
  );
}

/** The sheet's line: confirmed by the guest (when), or not yet. */
export function GuestConfirmationLine({ booking }: { booking: PlanBooking }) {
  if (booking.guestConfirmedAt) {
    return (
      <GuestConfirmed at={booking.guestConfirmedAt} className="evening-sheet__guest-confirmed" />
    );
  }
  if (!awaitsGuest(booking)) return null;
  return (
    <p className="evening-sheet__unconfirmed">
      <span className="staff-badge staff-badge--warning">? {T.notConfirmed}</span>{' '}
      {T.notConfirmedHint}
    </p>
  );
}
