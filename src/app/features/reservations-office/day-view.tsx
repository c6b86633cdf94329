import { useId } from 'react';
import { Link } from 'react-router';
import type { OccupancyAnswer, Reservation } from '../../../shared/schemas/reservations.ts';
import { LoadedPanel, useLoaded, useUser, type Loading } from '../../staff/index.ts';
import {
  DayNavigator,
  eventKindName,
  guestName,
  inquiryHref,
  useLoad,
} from '../../staff-kit/index.ts';
import { BookingCard } from './booking-card.tsx';
import { dayLists, seatedTotals } from './format.ts';
import { DAY_PARAM } from './load-reservations.ts';
import { Occupancy } from './occupancy.tsx';
import { fetchDayPlan } from './reservations-office-api.ts';
import { RESERVATIONS_TEXTS as T } from './reservations-office-texts.ts';

export const dayHref = (date: string) => `?${DAY_PARAM}=${date}`;

/** The day on screen, and the way to the day before, the day after, any day and today. */
export function DayNav({ date, today }: { date: string; today: string }) {
  return <DayNavigator date={date} today={today} hrefOf={dayHref} block="bookings" texts={T} />;
}

/** The day's covers per slot and its bookings, once both are in. */
export function DayBookings({
  date,
  reservations,
  occupancy,
}: {
  date: string;
  reservations: Loading<Reservation[]>;
  occupancy: Loading<OccupancyAnswer>;
}) {
  return (
    <LoadedPanel loading={reservations} texts={T}>
      {(bookings) => <Day date={date} bookings={bookings} occupancy={occupancy} />}
    </LoadedPanel>
  );
}

/**
 * The names of the day's tables, read from the day plan only when a booking
 * has tables (in covers mode nothing is asked); until then, their numbers.
 */
function useTableNames(date: string, bookings: readonly Reservation[]) {
  const { currentToken } = useUser();
  const needed = bookings.some((booking) => booking.tableIds.length > 0);
  const plan = useLoad(needed ? date : null, async (signal) => {
    const token = currentToken();
    return token
      ? fetchDayPlan(token, date, signal)
      : { ok: false as const, failure: { kind: 'network' as const, error: null } };
  });
  return plan.data ? new Map(plan.data.tables.map((table) => [table.id, table.name])) : undefined;
}

function Day({
  date,
  bookings,
  occupancy,
}: {
  date: string;
  bookings: Reservation[];
  occupancy: Loading<OccupancyAnswer>;
}) {
  const { data: slots, failed: slotsFailed } = useLoaded(occupancy);
  const tableNames = useTableNames(date, bookings);
  const { pending, others } = dayLists(bookings);
  const totals = seatedTotals(bookings);
  return (
    <>
      <p className="bookings__summary">
        <strong>{T.daySummary(totals.bookings, totals.covers)}</strong>{' '}
        <span className="staff-hint">{T.daySummaryHint}</span>
      </p>
      {slots && slots.events.length > 0 ? <DayEvents events={slots.events} /> : null}
      {slots ? (
        <Occupancy occupancy={slots} />
      ) : slotsFailed ? (
        <p className="staff-hint">{T.occupancyFailed}</p>
      ) : null}
      {bookings.length === 0 ? (
        <p className="staff-empty">{T.empty}</p>
      ) : (
        <>
          {pending.length > 0 ? (
            <BookingList
              title={T.pendingTitle}
              count={pending.length}
              bookings={pending}
              tableNames={tableNames}
            />
          ) : null}
          <BookingList
            title={T.othersTitle}
            bookings={others}
            empty={T.noOthers}
            tableNames={tableNames}
          />
        </>
      )}
    </>
  );
}

/** The day's confirmed events, each leading to its request in "Eventi". */
function DayEvents({ events }: { events: OccupancyAnswer['events'] }) {
  const id = useId();
  return (
    <section className="bookings__events" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="bookings__group-title">
        {T.eventsTitle}
      </h3>
      <ul aria-label={T.eventsTitle}>
        {events.map((event) => (
          <li key={event.id}>
            <Link to={inquiryHref(event.id)}>
              {T.eventLine(
                eventKindName(event.kind),
                event.service,
                event.guests,
                event.holdCovers,
              )}
            </Link>{' '}
            <span className="staff-hint">{guestName(event.name)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function BookingList({
  title,
  count,
  bookings,
  empty,
  tableNames,
}: {
  title: string;
  count?: number;
  bookings: Reservation[];
  empty?: string;
  tableNames: ReadonlyMap<number, string> | undefined;
}) {
  const id = useId();
  return (
    <section className="bookings__group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="bookings__group-title">
        {title}
        {count ? (
          <>
            {' '}
            <span className="staff-count">{count}</span>
          </>
        ) : null}
      </h3>
      {bookings.length === 0 ? (
        <p className="staff-hint">{empty}</p>
      ) : (
        <ul className="bookings__list" aria-label={title}>
          {bookings.map((booking) => (
            <BookingCard key={booking.id} booking={booking} tableNames={tableNames} />
          ))}
        </ul>
      )}
    </section>
  );
}
