import { instantText } from './format.ts';

/**
 * The guest pressed the reminder's "I'll be there" (CONTRACT.md part four,
 * "Guests"): "Confermata dal cliente" and when (Rome time), on the day view's
 * card and the evening view's sheet. Nothing before they do.
 */
export function GuestConfirmed({
  at,
  className = 'booking__flag',
}: {
  /** The booking's `guestConfirmedAt`. */
  at: string | null;
  className?: string;
}) {
  if (!at) return null;
  return (
    <p className={className}>
      <span className="staff-badge staff-badge--accepted">Confermata dal cliente</span>{' '}
      <time dateTime={at}>{instantText(at)}</time>
    </p>
  );
}
