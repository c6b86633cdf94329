import type { GuestSummary } from '../../../shared/schemas/guest-records.ts';
import { GUEST_NOTICE_TEXTS as T } from './guest-texts.ts';

/**
 * What staff should know of a guest where they meet them (CONTRACT.md part
 * four, "Guests"): how often they came (or that it is their first visit),
 * a clear warning for past no-shows (a sign and words, not colour alone),
 * the owner's tags and staff's notes (allergies, preferences). Nothing for
 * a booking or an order without a record (a walk-in who gave nothing).
 * Staff-only: notes and tags never leave the back office (docs/security.md).
 */
export function GuestNotice({
  guest,
  name,
  className,
}: {
  guest: GuestSummary | null | undefined;
  /** Whose record it is, for the group's name. */
  name: string;
  /** Layout classes of where it sits (a card, a sheet, a form). */
  className?: string;
}) {
  if (!guest) return null;
  const counts = [guest.visits === 0 ? T.firstVisit : T.visits(guest.visits)];
  if (guest.orders > 0) counts.push(T.orders(guest.orders));
  return (
    <div
      className={className ? `guest-notice ${className}` : 'guest-notice'}
      role="group"
      aria-label={T.label(name)}
    >
      <p className="guest-notice__line">
        <span className="guest-notice__visits">{counts.join(' · ')}</span>
        {guest.tags.length > 0 ? (
          <span className="guest-notice__tags" aria-label={T.tags}>
            {guest.tags.map((tag) => (
              <span key={tag} className="guest-notice__tag">
                {tag}
              </span>
            ))}
          </span>
        ) : null}
      </p>
      {guest.noShows > 0 ? (
        <p className="guest-notice__no-show">
          <span aria-hidden="true">⚠ </span>
          <span className="visually-hidden">{T.warning} </span>
          {T.noShows(guest.noShows)}
        </p>
      ) : null}
      {guest.notes ? (
        <p className="guest-notice__notes">
          <strong>{T.notes}:</strong> {guest.notes}
        </p>
      ) : null}
    </div>
  );
}
