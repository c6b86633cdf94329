// Over 400 lines: the day as staff read it (its navigation, events, covers per slot and bookings with their actions), which share the day's data.
import { useId, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { LANGUAGE_LABELS_IT, mailtoHref, telHref } from '../../../shared/languages.ts';
import { addDays, isDate } from '../../../shared/opening-hours.ts';
import {
  RESERVATION_REFUSALS,
  type OccupancyAnswer,
  type Reservation,
  type ReservationStatusBody,
} from '../../../shared/schemas/reservations.ts';
import { ConfirmedAction } from '../../components/confirmed-action.tsx';
import { showToast } from '../../components/toasts.tsx';
import {
  DeclineAllAction,
  DeclineMessageField,
  LoadedPanel,
  useLoaded,
  useStaffSave,
  type Loading,
} from '../staff/index.ts';
import { dayLists, holdsSeats, receivedAt, seatedTotals, spokenDate, spokenDay } from './format.ts';
import { DAY_PARAM } from './load-reservations.ts';
import { setReservationStatus } from './reservations-office-api.ts';
import { refusalCodes } from '../../api/errors.ts';
import { RESERVATIONS_TEXTS as T } from './reservations-office-texts.ts';
import { inquiryHref, kindName } from '../events-office/index.ts';

export const dayHref = (date: string) => `?${DAY_PARAM}=${date}`;

/** The day on screen, and the way to the day before, the day after, any day and today. */
export function DayNav({ date, today }: { date: string; today: string }) {
  const id = useId();
  const navigate = useNavigate();
  const previous = addDays(date, -1);
  const next = addDays(date, 1);
  const tag = date === today ? T.todayTag : date === addDays(today, 1) ? T.tomorrowTag : null;
  return (
    <div className="bookings__day">
      <h2 className="bookings__date">
        {spokenDate(date)}
        {tag ? <span className="staff-badge">{tag}</span> : null}
      </h2>
      <nav className="bookings__day-nav" aria-label={T.dayNav}>
        <Link
          to={dayHref(previous)}
          className="staff-button staff-button--small staff-button--ghost"
          aria-label={T.previousDayOf(spokenDay(previous))}
        >
          <span aria-hidden="true">‹</span>&nbsp;{T.previousDay}
        </Link>
        <Link
          to={dayHref(next)}
          className="staff-button staff-button--small staff-button--ghost"
          aria-label={T.nextDayOf(spokenDay(next))}
        >
          {T.nextDay}&nbsp;<span aria-hidden="true">›</span>
        </Link>
        <div className="staff-field bookings__pick">
          <label htmlFor={`${id}-day`}>{T.day}</label>
          <input
            id={`${id}-day`}
            type="date"
            value={date}
            onChange={(event) => {
              if (isDate(event.target.value)) void navigate(dayHref(event.target.value));
            }}
          />
        </div>
        {date === today ? null : (
          <Link
            to={dayHref(today)}
            className="staff-button staff-button--small staff-button--ghost"
          >
            {T.today}
          </Link>
        )}
      </nav>
    </div>
  );
}

/** The day's covers per slot and its bookings, once both are in. */
export function DayBookings({
  reservations,
  occupancy,
}: {
  reservations: Loading<Reservation[]>;
  occupancy: Loading<OccupancyAnswer>;
}) {
  return (
    <LoadedPanel loading={reservations} texts={T}>
      {(bookings) => <Day bookings={bookings} occupancy={occupancy} />}
    </LoadedPanel>
  );
}

function Day({
  bookings,
  occupancy,
}: {
  bookings: Reservation[];
  occupancy: Loading<OccupancyAnswer>;
}) {
  const { data: slots, failed: slotsFailed } = useLoaded(occupancy);
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
            <BookingList title={T.pendingTitle} count={pending.length} bookings={pending} />
          ) : null}
          <BookingList title={T.othersTitle} bookings={others} empty={T.noOthers} />
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
              {T.eventLine(kindName(event.kind), event.service, event.guests, event.holdCovers)}
            </Link>{' '}
            <span className="staff-hint">{event.name}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Seated and held covers of a slot: what counts against the capacity. */
const loadOf = (slot: OccupancyAnswer['slots'][number]) => slot.covers + slot.held;

/**
 * Covers at each 15-minute slot against the capacity, the covers confirmed
 * events hold apart from the seated ones: folded on a phone, its
 * summary saying the busiest moment (or which slots are full), so the
 * bookings come first on a small screen.
 */
function Occupancy({ occupancy }: { occupancy: OccupancyAnswer }) {
  const { capacity, slots } = occupancy;
  const full = slots.filter((slot) => loadOf(slot) >= capacity);
  const peak = slots.reduce<(typeof slots)[number] | null>(
    (best, slot) => (best === null || loadOf(slot) > loadOf(best) ? slot : best),
    null,
  );
  const summary =
    full.length > 0
      ? T.fullAt(full.map((slot) => slot.time))
      : peak && loadOf(peak) > 0
        ? T.peak(loadOf(peak), capacity, peak.time)
        : null;
  const anyHeld = slots.some((slot) => slot.held > 0);
  return (
    <details className="bookings__occupancy">
      <summary>
        <span className="bookings__occupancy-title">{T.occupancy}</span>
        {summary ? (
          <span className={full.length > 0 ? 'bookings__full' : undefined}>: {summary}</span>
        ) : null}
      </summary>
      {slots.length === 0 ? (
        <p>{T.noSlots}</p>
      ) : (
        <>
          <p className="staff-hint">
            {T.occupancyHint(occupancy.turnMinutes)} {anyHeld ? T.heldHint : null}
          </p>
          <ul className="bookings__slots" aria-label={T.slotsLabel}>
            {slots.map((slot) => {
              const isFull = loadOf(slot) >= capacity;
              const share = (covers: number) =>
                `${Math.round((capacity > 0 ? Math.min(1, covers / capacity) : 1) * 100)}%`;
              return (
                <li
                  key={slot.time}
                  className={`bookings__slot${isFull ? ' bookings__slot--full' : ''}`}
                >
                  <span>{T.slot(slot.time, slot.covers, slot.held, capacity)}</span>
                  {isFull ? (
                    <span className="bookings__slot-state">
                      {loadOf(slot) > capacity ? T.overCapacitySlot : T.full}
                    </span>
                  ) : null}
                  <span className="bookings__bar" aria-hidden="true">
                    <span style={{ width: share(slot.covers) }} />
                    {slot.held > 0 ? (
                      <span className="bookings__bar-held" style={{ width: share(slot.held) }} />
                    ) : null}
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </details>
  );
}

function BookingList({
  title,
  count,
  bookings,
  empty,
}: {
  title: string;
  count?: number;
  bookings: Reservation[];
  empty?: string;
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
            <BookingCard key={booking.id} booking={booking} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Sends a status change; on success a toast and the day loaded again. A
 * booking that is no longer what this screen shows (a colleague answered it,
 * the guest cancelled it, 404 or 409) is shown again as it is.
 */
function useStatusChange() {
  const { save } = useStaffSave();
  return async (booking: Reservation, body: ReservationStatusBody, success: string) => {
    await save((token) => setReservationStatus(token, booking.id, body), {
      success,
      reloadOn: [404, 409],
      onFailure: (failure) => {
        if (!refusalCodes(failure).includes(RESERVATION_REFUSALS.transition)) return false;
        void showToast('warning', T.changedMeanwhile(booking.name));
        return true;
      },
    });
  };
}

function BookingCard({ booking }: { booking: Reservation }) {
  const id = useId();
  const change = useStatusChange();
  const [message, setMessage] = useState('');
  const done = !holdsSeats(booking);
  const lang = LANGUAGE_LABELS_IT[booking.lang as keyof typeof LANGUAGE_LABELS_IT] ?? booking.lang;
  const received = receivedAt(booking.createdAt);

  const actions: ReactNode[] = [];
  if (booking.status === 'pending') {
    actions.push(
      <ConfirmedAction
        key="confirm"
        label={T.confirm}
        question={T.confirmQuestion(booking)}
        confirmLabel={T.confirmYes}
        cancelLabel={T.back}
        onConfirm={() => change(booking, { status: 'confirmed' }, T.confirmed(booking.name))}
      />,
      <ConfirmedAction
        key="decline"
        label={T.decline}
        question={T.declineQuestion(booking)}
        confirmLabel={T.declineYes}
        cancelLabel={T.back}
        onConfirm={async () => {
          const text = message.trim();
          await change(
            booking,
            text ? { status: 'declined', message: text } : { status: 'declined' },
            T.declined(booking.name),
          );
        }}
      >
        {booking.email ? (
          <DeclineMessageField
            id={`${id}-message`}
            label={T.declineMessage}
            value={message}
            onChange={setMessage}
            hint={T.declineMessageHint}
          />
        ) : (
          <p className="staff-hint">{T.declineNoEmail}</p>
        )}
      </ConfirmedAction>,
    );
  }
  if (booking.status === 'pending') {
    actions.push(
      <DeclineAllAction
        key="decline-all"
        family="reservations"
        of={{
          id: booking.id,
          email: booking.email,
          phone: booking.phone,
          online: booking.source === 'online',
        }}
        texts={T}
      />,
    );
  }
  if (booking.status === 'confirmed') {
    actions.push(
      <ConfirmedAction
        key="no-show"
        label={T.noShow}
        question={T.noShowQuestion(booking)}
        confirmLabel={T.noShowYes}
        cancelLabel={T.back}
        onConfirm={() => change(booking, { status: 'no-show' }, T.noShowDone(booking.name))}
      />,
    );
  }
  if (booking.status === 'pending' || booking.status === 'confirmed') {
    actions.push(
      <ConfirmedAction
        key="cancel"
        label={T.cancel}
        question={T.cancelQuestion(booking)}
        confirmLabel={T.cancelYes}
        cancelLabel={T.back}
        onConfirm={() => change(booking, { status: 'cancelled' }, T.cancelled(booking.name))}
      />,
    );
  }

  return (
    <li className={`booking${done ? ' booking--done' : ''}`}>
      <p className="booking__head">
        <span className="booking__time">{booking.time}</span>
        <span className="booking__name">{booking.name}</span>
        <span className="booking__party">{T.persons(booking.party)}</span>
        <span className={`staff-badge booking__status booking__status--${booking.status}`}>
          {T.status[booking.status]}
        </span>
      </p>
      <dl className="booking__details">
        <div className="booking__wide">
          <dt>{T.phone}</dt>
          <dd>
            <a
              className="booking__phone"
              href={telHref(booking.phone)}
              aria-label={T.callLabel(booking.name, booking.phone)}
            >
              {booking.phone}
            </a>
          </dd>
        </div>
        <div className="booking__wide">
          <dt>{T.email}</dt>
          <dd>
            {booking.email ? <a href={mailtoHref(booking.email)}>{booking.email}</a> : T.noEmail}
          </dd>
        </div>
        {booking.notes ? (
          <div className="booking__wide">
            <dt>{T.notes}</dt>
            <dd className="booking__text">{booking.notes}</dd>
          </div>
        ) : null}
        {booking.staffMessage ? (
          <div className="booking__wide">
            <dt>{T.staffMessage}</dt>
            <dd className="booking__text">{booking.staffMessage}</dd>
          </div>
        ) : null}
        <div>
          <dt>{T.guestLang}</dt>
          <dd>{lang}</dd>
        </div>
        <div>
          <dt>{T.received}</dt>
          <dd>
            {T.source[booking.source]}
            {received ? (
              <>
                {', '}
                <time dateTime={booking.createdAt}>{received}</time>
              </>
            ) : null}
          </dd>
        </div>
      </dl>
      {booking.overCapacity ? (
        <p className="booking__flag">
          <span className="staff-badge staff-badge--warning">{T.overCapacity}</span>
        </p>
      ) : null}
      {actions.length > 0 ? (
        <div className="booking__actions" role="group" aria-label={T.actionsFor(booking.name)}>
          {actions}
        </div>
      ) : null}
    </li>
  );
}
