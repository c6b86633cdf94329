import { useId, useState } from 'react';
import type { DayPlan, PlanBooking } from '../../../shared/schemas/floor.ts';
import { GuestNotice, guestName } from '../../staff-kit/index.ts';
import { EVENING_TEXTS as T } from './evening-texts.ts';
import { GuestConfirmationLine } from './guest-confirmation.tsx';
import { Sheet } from './sheet.tsx';
import { offersReviewHold, ReviewHoldToggle } from '../../staff-kit/index.ts';
import { bookingSpan, clockOf, moveChoices, tableNames } from './table-state.ts';
import type { TakenMove, useEveningActions } from './use-evening-actions.ts';

type Actions = ReturnType<typeof useEveningActions>;

/** The next steps a booking may take tonight, in the order they come. */
function stepsOf(status: string): ('arrived' | 'seated' | 'finished')[] {
  switch (status) {
    case 'pending':
    case 'confirmed':
      return ['arrived', 'seated'];
    case 'arrived':
      return ['seated'];
    case 'seated':
      return ['finished'];
    default:
      return [];
  }
}

const timeOf = (iso: string | null) => (iso ? clockOf(Date.parse(iso)) : null);

/**
 * A booking tapped on the evening view: who, when, which tables; one tap for
 * arrived, seated or finished; "Sposta" to choose its new table (and, when
 * the table is taken then, "Sposta comunque" with the conflict shown).
 */
export function BookingSheet({
  plan,
  booking,
  actions,
  taken: takenAtOpen,
  onClose,
}: {
  plan: DayPlan;
  booking: PlanBooking;
  actions: Actions;
  /** A move just refused (a drag onto a taken table): offered again with override. */
  taken: TakenMove | null;
  onClose: () => void;
}) {
  const id = useId();
  const [moving, setMoving] = useState(takenAtOpen !== null);
  const choices = moveChoices(plan, booking.party);
  const [choice, setChoice] = useState(
    () =>
      (takenAtOpen
        ? choices.find((item) => item.tableIds.join() === takenAtOpen.tableIds.join())?.key
        : choices.find((item) => item.tableIds.join() !== booking.tableIds.join())?.key) ?? '',
  );
  const [taken, setTaken] = useState<TakenMove | null>(takenAtOpen);
  const span = bookingSpan(plan.date, booking);
  const tables = tableNames(plan.tables, booking.tableIds) ?? T.noTable;
  const chosen = choices.find((item) => item.key === choice);

  async function step(status: 'arrived' | 'seated' | 'finished') {
    if (await actions.step(booking, status)) onClose();
  }

  async function move(override: boolean) {
    if (!chosen) return;
    const result = await actions.move(booking, chosen.tableIds, chosen.name, override);
    if (result.outcome === 'moved') onClose();
    else if (result.outcome === 'taken') setTaken(result.taken);
  }

  const times = [
    [T.arrivedAt, timeOf(booking.arrivedAt)],
    [T.seatedAt, timeOf(booking.seatedAt)],
    [T.finishedAt, timeOf(booking.finishedAt)],
  ].filter((entry): entry is [string, string] => entry[1] !== null);

  return (
    <Sheet title={`${guestName(booking.name)} · ${T.persons(booking.party)}`} onClose={onClose}>
      <GuestNotice guest={booking.guest} name={booking.name} className="evening-sheet__guest" />
      <dl className="evening-sheet__details">
        <div>
          <dt>{T.when}</dt>
          <dd>
            {booking.time}-{clockOf(span.end)}
          </dd>
        </div>
        <div>
          <dt>{T.tables}</dt>
          <dd>{tables}</dd>
        </div>
        <div>
          <dt>{T.statusLabel}</dt>
          <dd>
            <span className={`staff-badge evening-status evening-status--${booking.status}`}>
              {T.status[booking.status] ?? booking.status}
            </span>
          </dd>
        </div>
        <div>
          <dt>{T.sourceLabel}</dt>
          <dd>{T.source[booking.source] ?? booking.source}</dd>
        </div>
        {times.map(([label, time]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{time}</dd>
          </div>
        ))}
      </dl>
      <GuestConfirmationLine booking={booking} />
      {booking.conflict ? (
        <p className="evening-sheet__conflict">
          <span aria-hidden="true">⚠ </span>
          <strong>{T.conflict}:</strong> {T.conflictHint}
        </p>
      ) : null}
      <div className="evening-sheet__actions">
        {stepsOf(booking.status).map((status) => (
          <button
            key={status}
            type="button"
            className="staff-button"
            disabled={actions.busy}
            onClick={() => void step(status)}
          >
            {T[status]}
          </button>
        ))}
        {!moving && !['finished', 'no-show'].includes(booking.status) ? (
          <button
            type="button"
            className="staff-button staff-button--ghost"
            onClick={() => setMoving(true)}
          >
            {booking.tableIds.length === 0 ? T.assign : T.move}
          </button>
        ) : null}
      </div>
      {offersReviewHold({ status: booking.status, date: plan.date }) ? (
        <ReviewHoldToggle booking={booking} then={false} onSaved={actions.refresh} />
      ) : null}
      {moving ? (
        <form
          className="evening-sheet__move"
          aria-label={T.moveTitle(booking.name)}
          onSubmit={(event) => {
            event.preventDefault();
            void move(false);
          }}
        >
          <div className="staff-field">
            <label htmlFor={`${id}-table`}>{T.moveChoose}</label>
            <select
              id={`${id}-table`}
              value={choice}
              aria-describedby={`${id}-hint`}
              onChange={(event) => {
                setChoice(event.target.value);
                setTaken(null);
              }}
            >
              {choices.map((item) => (
                <option key={item.key} value={item.key}>
                  {item.name} ({T.seats(item.minSeats, item.maxSeats)})
                </option>
              ))}
            </select>
            <p className="staff-hint" id={`${id}-hint`}>
              {T.moveChooseHint}
            </p>
          </div>
          {taken ? (
            <div className="evening-sheet__taken" role="alert">
              <p>
                <strong>{T.takenTitle}</strong>
              </p>
              {taken.description ? <p>{taken.description}</p> : null}
              <p className="staff-hint">{T.takenHint}</p>
              <button
                type="button"
                className="staff-button staff-button--danger"
                disabled={actions.busy}
                onClick={() => void move(true)}
              >
                {T.moveAnyway}
              </button>
            </div>
          ) : (
            <button type="submit" className="staff-button" disabled={actions.busy || !chosen}>
              {T.moveSubmit}
            </button>
          )}
        </form>
      ) : null}
    </Sheet>
  );
}
