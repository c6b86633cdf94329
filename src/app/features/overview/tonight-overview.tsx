import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Overview } from '../../../shared/schemas/overview.ts';
import { sectionAt, sectionHref, type SectionPath } from '../../back-office/sections.ts';
import { usePolled } from '../../staff-kit/index.ts';
import { fetchOverview } from './overview-api.ts';
import { OVERVIEW_TEXTS as T } from './overview-texts.ts';

/** Counted afresh by the server each time: once a minute, and when the screen comes back. */
export const OVERVIEW_EVERY_MS = 60_000;

const numbers = new Intl.NumberFormat('it-IT');

/**
 * The first screen's "Stasera": tonight's covers against the room's seats,
 * the takeaway orders to make, new event requests and unread messages, each
 * a tile linking to its section (a 2 × 2 grid on a phone, one row wider).
 * The covers lead to Prenotazioni, today's bookings in either mode (Sala
 * draws the room only when the plan has tables).
 */
export function TonightOverview() {
  const { snapshot, failed } = usePolled(
    'overview',
    (token, _etag, signal) => fetchOverview(token, signal),
    { everyMs: OVERVIEW_EVERY_MS },
  );
  const overview = snapshot?.overview ?? null;
  return (
    <section className="staff-tonight" aria-labelledby="staff-tonight-title">
      <h2 id="staff-tonight-title" className="staff-tonight__title">
        {T.title}
      </h2>
      {failed ? (
        <p role="alert" className="staff-hint">
          {T.stale}
        </p>
      ) : overview ? null : (
        <p role="status" className="visually-hidden">
          {T.loading}
        </p>
      )}
      <ul className="staff-tonight__tiles" aria-busy={overview === null}>
        <Tile section="reservations" label={T.covers}>
          {overview ? <CoversFigure overview={overview} /> : null}
        </Tile>
        <Tile section="takeaway" label={T.takeaway(overview?.takeawayToMake ?? 0)}>
          {overview ? numbers.format(overview.takeawayToMake) : null}
        </Tile>
        <Tile section="events" label={T.events(overview?.newEventRequests ?? 0)}>
          {overview ? numbers.format(overview.newEventRequests) : null}
        </Tile>
        <Tile section="messages" label={T.messages(overview?.unreadMessages ?? 0)}>
          {overview ? numbers.format(overview.unreadMessages) : null}
        </Tile>
      </ul>
    </section>
  );
}

/** "42 / 60" on screen, "42 su 60" read aloud. */
function CoversFigure({ overview }: { overview: Overview }) {
  return (
    <>
      {numbers.format(overview.covers)}
      <span className="staff-tonight__of">
        <span aria-hidden="true"> / </span>
        <span className="visually-hidden"> {T.coversOf} </span>
        {numbers.format(overview.capacity)}
      </span>
    </>
  );
}

/**
 * One tile: its number (a dash before the first answer), then its label, so
 * that the link reads as one sentence ("3 messaggi non letti").
 */
function Tile({
  section,
  label,
  children,
}: {
  section: SectionPath;
  label: string;
  children: ReactNode;
}) {
  return (
    <li>
      <Link className="staff-tonight__tile" to={sectionHref(sectionAt(section))}>
        <span className="staff-tonight__number">
          {children ?? <span aria-hidden="true">–</span>}
        </span>{' '}
        <span className="staff-tonight__label">{label}</span>
      </Link>
    </li>
  );
}
