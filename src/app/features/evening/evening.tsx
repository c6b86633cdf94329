import { useEffect, useState } from 'react';
import type { DayPlan, FloorTable, PlanBooking } from '../../../shared/schemas/floor.ts';
import { StaffPanel } from '../../staff/index.ts';
import { DayNavigator, guestName, usePolled } from '../../staff-kit/index.ts';
import { BookingSheet } from './booking-sheet.tsx';
import { BookingDrag, DragHandle } from './drag.tsx';
import { fetchDayPlan } from './evening-api.ts';
import { EVENING_TEXTS as T } from './evening-texts.ts';
import { FloorMap, Legend, MapPatterns } from './floor-map.tsx';
import { DAY_PARAM, type EveningData } from './load-evening.ts';
import { tableNames, tableStates, timelineRange } from './table-state.ts';
import { Timeline } from './timeline.tsx';
import { useEveningActions, type TakenMove } from './use-evening-actions.ts';
import { WalkInSheet } from './walk-in-sheet.tsx';

const dayHref = (date: string) => `?${DAY_PARAM}=${date}`;

/** How often the tables' states are worked out again from the clock (the plan itself is polled every second). */
const CLOCK_EVERY_MS = 30_000;

function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_EVERY_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

type Open =
  { kind: 'booking'; id: number; taken: TakenMove | null } | { kind: 'walk-in'; table: FloorTable };

/**
 * /dashboard/evening, "Sala": the screen staff keep open during service. The
 * day plan (GET /api/reservations/plan) polled every second like the
 * kitchen board, so a change made on any instance shows within two seconds:
 * the bookings without a table on top, then each area's plan with each
 * table's state now, and its day table by table.
 */
export function EveningScreen({ data }: { data: EveningData }) {
  const { date, today } = data;
  const { snapshot, failed, refresh } = usePolled(date, (token, etag, signal) =>
    fetchDayPlan(token, date, etag, signal),
  );
  const plan = snapshot?.plan ?? null;
  return (
    <StaffPanel heading="h1" title={T.title} intro={T.intro} className="evening">
      <DayNavigator date={date} today={today} hrefOf={dayHref} block="evening" texts={T} />
      {plan ? (
        <>
          {failed ? (
            <p role="alert" className="staff-hint">
              {T.stale}
            </p>
          ) : null}
          <Evening plan={plan} isToday={date === today} refresh={refresh} />
        </>
      ) : failed ? (
        <p role="alert">
          {T.loadFailed} {T.stale}
        </p>
      ) : (
        <p role="status">{T.loading}</p>
      )}
    </StaffPanel>
  );
}

function Evening({
  plan,
  isToday,
  refresh,
}: {
  plan: DayPlan;
  isToday: boolean;
  refresh: () => void;
}) {
  const now = useNow();
  const actions = useEveningActions(refresh);
  const [open, setOpen] = useState<Open | null>(null);
  const states = tableStates(plan, now);
  const range = timelineRange(plan);

  if (plan.tables.length === 0) return <p className="staff-empty">{T.coversMode}</p>;

  const unassigned = plan.unassigned
    .map((id) => plan.bookings.find((booking) => booking.id === id))
    .filter((booking): booking is PlanBooking => booking !== undefined);
  const openBooking =
    open?.kind === 'booking' ? plan.bookings.find((booking) => booking.id === open.id) : undefined;

  function onTable(table: FloorTable) {
    const booking = states.get(table.id)?.booking;
    if (booking) setOpen({ kind: 'booking', id: booking.id, taken: null });
    else setOpen({ kind: 'walk-in', table });
  }

  async function onDrop(booking: PlanBooking, table: FloorTable) {
    const result = await actions.move(booking, [table.id], table.name);
    if (result.outcome === 'taken')
      setOpen({ kind: 'booking', id: booking.id, taken: result.taken });
  }

  let order = 0;
  return (
    <BookingDrag bookings={plan.bookings} tables={plan.tables} onMove={(b, t) => void onDrop(b, t)}>
      {unassigned.length > 0 ? (
        <section className="evening-unassigned" aria-labelledby="evening-unassigned">
          <h2 id="evening-unassigned" className="evening__subtitle">
            {T.unassignedTitle} <span className="staff-count">{unassigned.length}</span>
          </h2>
          <p className="staff-hint">{T.unassignedHint}</p>
          <ul>
            {unassigned.map((booking) => (
              <li key={booking.id} className="evening-unassigned__item">
                <DragHandle booking={booking} place="unassigned" />
                <button
                  type="button"
                  className="evening-unassigned__open"
                  onClick={() => setOpen({ kind: 'booking', id: booking.id, taken: null })}
                >
                  {booking.time} {guestName(booking.name)} · {T.persons(booking.party)}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {plan.holds.length > 0 ? (
        <section className="evening-holds" aria-labelledby="evening-holds">
          <h2 id="evening-holds" className="evening__subtitle">
            {T.holdsTitle}
          </h2>
          <ul>
            {plan.holds.map((hold) => (
              <li key={hold.eventId}>
                {T.heldFor(hold.name, tableNames(plan.tables, hold.tableIds) ?? T.noTable)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <MapPatterns />
      {isToday ? <Legend /> : null}
      {plan.areas.map((area) => {
        const tables = plan.tables.filter((table) => table.areaId === area.id);
        const first = order;
        order += tables.length;
        return (
          // Not a landmark: an area may be named like the page ("Sala").
          <div key={area.id} className="evening-area">
            <h2 className="evening__subtitle">{area.name}</h2>
            {tables.length === 0 ? (
              <p className="staff-hint">{T.noTables}</p>
            ) : (
              <div className="evening-area__body">
                <FloorMap
                  area={area}
                  tables={tables}
                  states={states}
                  showStates={isToday}
                  onTable={isToday ? onTable : undefined}
                />
                <Timeline
                  plan={plan}
                  area={area}
                  tables={tables}
                  firstOrder={first}
                  range={range}
                  now={isToday ? now : null}
                  states={isToday ? states : null}
                  onBooking={(booking) => setOpen({ kind: 'booking', id: booking.id, taken: null })}
                />
              </div>
            )}
          </div>
        );
      })}
      {openBooking && open?.kind === 'booking' ? (
        <BookingSheet
          key={`${openBooking.id}-${open.taken ? 'taken' : ''}`}
          plan={plan}
          booking={openBooking}
          actions={actions}
          taken={open.taken}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'walk-in' ? (
        <WalkInSheet table={open.table} actions={actions} onClose={() => setOpen(null)} />
      ) : null}
    </BookingDrag>
  );
}
