import { useId } from 'react';
import {
  DEFAULT_RESERVATION_SETTINGS,
  type TurnByParty,
} from '../../../shared/schemas/reservations.ts';
import { TURN_TEXTS as T } from './reservations-office-texts.ts';

/** A row as typed: the last row's `upTo` is not shown ("oltre": every larger party). */
export interface TurnRow {
  upTo: string;
  minutes: string;
}

export const turnRowsOf = (turns: readonly TurnByParty[]): TurnRow[] =>
  turns.map((turn) => ({
    upTo: turn.upTo === null ? '' : String(turn.upTo),
    minutes: String(turn.minutes),
  }));

/**
 * The turns by party size as the schema reads them: typed numbers (a text
 * that is not one stays text, for the schema's own message), the last row
 * for every larger party.
 */
export const turnsOf = (rows: readonly TurnRow[], typed: (text: string) => unknown) =>
  rows.map((row, index) => ({
    upTo: index === rows.length - 1 ? null : typed(row.upTo),
    minutes: typed(row.minutes),
  }));

/**
 * The turns by party size (table mode only; covers mode keeps one turn):
 * rows "up to N people: M minutes", the last "more: M minutes"; rows are
 * added before the last and removed one by one.
 */
export function TurnByPartyField({
  rows,
  onChange,
}: {
  rows: readonly TurnRow[];
  onChange: (rows: TurnRow[]) => void;
}) {
  const id = useId();
  const change = (index: number, part: Partial<TurnRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...part } : row)));
  const add = () => {
    if (rows.length === 0) return onChange(turnRowsOf(DEFAULT_RESERVATION_SETTINGS.turnByParty));
    const before = rows.slice(0, -1);
    const previous = Number(before.at(-1)?.upTo ?? 0);
    const next = {
      upTo: String(Number.isFinite(previous) ? previous + 2 : 2),
      minutes: rows.at(-1)!.minutes,
    };
    return onChange([...before, next, rows.at(-1)!]);
  };
  const remove = (index: number) => {
    const left = rows.filter((_, i) => i !== index);
    onChange(left.length === 1 ? [] : left);
  };

  return (
    <fieldset
      className="staff-field staff-field--wide bookings__turns"
      aria-describedby={`${id}-hint`}
    >
      <legend>{T.legend}</legend>
      {rows.length === 0 ? (
        <p className="bookings__turns-none">{T.none}</p>
      ) : (
        <ol className="bookings__turn-rows">
          {rows.map((row, index) => {
            const last = index === rows.length - 1;
            const number = index + 1;
            return (
              <li key={index} className="bookings__up-to">
                {last ? (
                  <span>{rows.length === 1 ? T.everyParty : T.more}</span>
                ) : (
                  <>
                    <span aria-hidden="true">{T.upTo}</span>
                    <input
                      type="text"
                      inputMode="numeric"
                      required
                      aria-label={T.upToLabel(number)}
                      value={row.upTo}
                      onChange={(event) => change(index, { upTo: event.target.value })}
                    />
                    <span aria-hidden="true">{T.persons}</span>
                  </>
                )}
                <input
                  type="text"
                  inputMode="numeric"
                  required
                  aria-label={last ? T.moreMinutesLabel : T.minutesLabel(number)}
                  value={row.minutes}
                  onChange={(event) => change(index, { minutes: event.target.value })}
                />
                <span aria-hidden="true">{T.minutes}</span>
                {rows.length > 2 && !last ? (
                  <button
                    type="button"
                    className="staff-button staff-button--small"
                    aria-label={T.removeLabel(number)}
                    onClick={() => remove(index)}
                  >
                    {T.remove}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      <p className="staff-form__actions">
        <button type="button" className="staff-button staff-button--small" onClick={add}>
          {rows.length === 0 ? T.start : T.add}
        </button>
        {rows.length > 0 ? (
          <button
            type="button"
            className="staff-button staff-button--small"
            onClick={() => onChange([])}
          >
            {T.clear}
          </button>
        ) : null}
      </p>
      <p className="staff-hint" id={`${id}-hint`}>
        {T.hint}
      </p>
    </fieldset>
  );
}
