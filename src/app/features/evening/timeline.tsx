import { useEffect, useRef } from 'react';
import type { DayPlan, FloorArea, FloorTable, PlanBooking } from '../../../shared/schemas/floor.ts';
import { guestName } from '../../staff-kit/index.ts';
import { DragHandle, useTableDrop } from './drag.tsx';
import { EVENING_TEXTS as T } from './evening-texts.ts';
import { awaitsGuest, UnconfirmedSign, unconfirmedSuffix } from './guest-confirmation.tsx';
import { STATE_SIGNS } from './floor-map.tsx';
import {
  bookingSpan,
  clockOf,
  holdsTable,
  hoursOf,
  instantOf,
  placeOn,
  type Span,
  type TableNow,
} from './table-state.ts';

/**
 * The day per table: each booking a bar from its start to the end of its
 * turn, each event's hold a band, the time now as a line. The rows are where
 * a dragged booking is dropped. On a phone the hours scroll sideways.
 */

interface Bar {
  key: string;
  span: Span;
  booking: PlanBooking | null;
  hold: string | null;
  lane: number;
}

/** The bars of one table, each on the first lane free at its start (overlaps are conflicts). */
function barsOf(plan: DayPlan, table: FloorTable): Bar[] {
  const items = [
    ...plan.bookings
      .filter((booking) => booking.tableIds.includes(table.id) && booking.status !== 'no-show')
      .map((booking) => ({
        key: `b${booking.id}`,
        span: bookingSpan(plan.date, booking),
        booking,
        hold: null,
      })),
    ...plan.holds
      .filter((hold) => hold.tableIds.includes(table.id))
      .map((hold) => {
        const start = instantOf(plan.date, hold.startsAt);
        return {
          key: `h${hold.eventId}`,
          span: { start, end: instantOf(plan.date, hold.endsAt, start) },
          booking: null,
          hold: hold.name,
        };
      }),
  ].sort((a, b) => a.span.start - b.span.start);
  const lanes: number[] = [];
  return items.map((item) => {
    let lane = lanes.findIndex((end) => end <= item.span.start);
    if (lane === -1) lane = lanes.length;
    lanes[lane] = item.span.end;
    return { ...item, lane };
  });
}

function Row({
  plan,
  table,
  order,
  range,
  now,
  state,
  onBooking,
}: {
  plan: DayPlan;
  table: FloorTable;
  order: number;
  range: Span;
  now: number | null;
  state: TableNow | null;
  onBooking: (booking: PlanBooking) => void;
}) {
  const { setNodeRef, isOver } = useTableDrop(table, order);
  const bars = barsOf(plan, table);
  const lanes = Math.max(1, ...bars.map((bar) => bar.lane + 1));
  return (
    <li
      ref={setNodeRef}
      className={`evening-row${isOver ? ' evening-row--over' : ''}`}
      data-table={table.name}
      data-drop-table={table.id}
    >
      <div className="evening-row__name">
        <strong>{table.name}</strong>
        <span className="staff-hint">{T.seats(table.minSeats, table.maxSeats)}</span>
        {state ? (
          <span className={`evening-state evening-state--${state.state}`}>
            <span aria-hidden="true">{STATE_SIGNS[state.state]} </span>
            {T.state[state.state]}
          </span>
        ) : null}
      </div>
      <div className="evening-row__track" style={{ minHeight: `${lanes * 2.75 + 0.25}rem` }}>
        {now !== null && now >= range.start && now < range.end ? (
          <span
            className="evening-row__now"
            style={{ left: `${placeOn(range, { start: now, end: now }).left}%` }}
          />
        ) : null}
        {bars.map((bar) => {
          const { left, width } = placeOn(range, bar.span);
          const style = { left: `${left}%`, width: `${width}%`, top: `${bar.lane * 2.75}rem` };
          if (!bar.booking) {
            return (
              <div key={bar.key} className="evening-bar evening-bar--hold" style={style}>
                <span className="evening-bar__text">
                  <span aria-hidden="true">{STATE_SIGNS.held} </span>
                  {bar.hold}
                </span>
              </div>
            );
          }
          const booking = bar.booking;
          const status = T.status[booking.status] ?? booking.status;
          return (
            <div
              key={bar.key}
              className={`evening-bar evening-bar--${booking.status}${booking.conflict ? ' evening-bar--conflict' : ''}`}
              style={style}
            >
              {holdsTable(booking) ? <DragHandle booking={booking} place={`t${table.id}`} /> : null}
              <button
                type="button"
                className="evening-bar__open"
                onClick={() => onBooking(booking)}
                aria-label={T.bookingLabel(
                  booking.time,
                  clockOf(bar.span.end),
                  booking.name,
                  booking.party,
                  `${booking.conflict ? `${status}, ${T.conflict}` : status}${unconfirmedSuffix(booking)}`,
                )}
              >
                <span className="evening-bar__text">
                  {booking.conflict ? <span aria-hidden="true">⚠ </span> : null}
                  {awaitsGuest(booking) ? <UnconfirmedSign /> : null}
                  {booking.time} {guestName(booking.name)} · {booking.party}
                </span>
              </button>
            </div>
          );
        })}
      </div>
    </li>
  );
}

export function Timeline({
  plan,
  area,
  tables,
  firstOrder,
  range,
  now,
  states,
  onBooking,
}: {
  plan: DayPlan;
  area: FloorArea;
  tables: readonly FloorTable[];
  /** The first table's place in the arrows' order through every area. */
  firstOrder: number;
  range: Span;
  /** The time now, today only. */
  now: number | null;
  states: Map<number, TableNow> | null;
  onBooking: (booking: PlanBooking) => void;
}) {
  const hours = hoursOf(range);
  const scroller = useRef<HTMLDivElement>(null);
  // Today the hours scroll to the time now (an hour before it), once.
  const showsNow = now !== null && now >= range.start && now < range.end;
  useEffect(() => {
    const element = scroller.current;
    if (!element || !showsNow) return;
    const share = placeOn(range, { start: now - 60 * 60 * 1000, end: now }).left / 100;
    element.scrollLeft = share * element.scrollWidth;
    // Only when the day opens: staff scroll freely afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [showsNow, range.start]);
  return (
    <div
      ref={scroller}
      className="evening-timeline"
      role="region"
      aria-label={T.timelineOf(area.name)}
      tabIndex={0}
    >
      <div className="evening-timeline__inner" style={{ minWidth: `${7 + hours.length * 6}rem` }}>
        <div className="evening-timeline__hours" aria-hidden="true">
          {hours.map((hour) => (
            <span
              key={hour}
              style={{ left: `${placeOn(range, { start: hour, end: hour }).left}%` }}
            >
              {clockOf(hour)}
            </span>
          ))}
        </div>
        <ul className="evening-timeline__rows">
          {tables.map((table, index) => (
            <Row
              key={table.id}
              plan={plan}
              table={table}
              order={firstOrder + index}
              range={range}
              now={now}
              state={states?.get(table.id) ?? null}
              onBooking={onBooking}
            />
          ))}
        </ul>
      </div>
    </div>
  );
}
