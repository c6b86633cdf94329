import { useId, useState } from 'react';
import type { FloorTable } from '../../../shared/schemas/floor.ts';
import { PARTY_MAX } from '../../../shared/schemas/reservations.ts';
import { EVENING_TEXTS as T } from './evening-texts.ts';
import { Sheet } from './sheet.tsx';
import type { useEveningActions } from './use-evening-actions.ts';

/** The party a table is laid for: two where it seats two, else its fewest seats. */
const usualParty = (table: FloorTable) =>
  table.minSeats <= 2 && 2 <= table.maxSeats ? 2 : table.minSeats;

/**
 * A free table tapped: "Cliente senza prenotazione", the party already
 * filled in, one more tap seats them now.
 */
export function WalkInSheet({
  table,
  actions,
  onClose,
}: {
  table: FloorTable;
  actions: ReturnType<typeof useEveningActions>;
  onClose: () => void;
}) {
  const id = useId();
  const [party, setParty] = useState(String(usualParty(table)));
  const [name, setName] = useState('');
  const size = Number(party);
  const valid = /^\d{1,3}$/.test(party) && size >= 1 && size <= PARTY_MAX;

  return (
    <Sheet title={T.walkInTitle(table.name)} onClose={onClose}>
      <form
        className="evening-sheet__walk-in"
        aria-label={T.walkIn}
        onSubmit={(event) => {
          event.preventDefault();
          if (!valid) return;
          void actions.walkIn([table.id], table.name, size, name).then((done) => {
            if (done) onClose();
          });
        }}
      >
        <div className="staff-field">
          <label htmlFor={`${id}-party`}>{T.walkInParty}</label>
          <input
            id={`${id}-party`}
            type="number"
            inputMode="numeric"
            min={1}
            max={PARTY_MAX}
            required
            value={party}
            aria-describedby={`${id}-seats`}
            onChange={(event) => setParty(event.target.value)}
          />
          <p className="staff-hint" id={`${id}-seats`}>
            {T.tableLabel(table.name, T.seats(table.minSeats, table.maxSeats), T.state.free, null)}
          </p>
        </div>
        <div className="staff-field">
          <label htmlFor={`${id}-name`}>{T.walkInName}</label>
          <input
            id={`${id}-name`}
            type="text"
            maxLength={100}
            autoComplete="off"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <button type="submit" className="staff-button" disabled={actions.busy || !valid} autoFocus>
          {actions.busy ? T.saving : T.walkInSubmit}
        </button>
      </form>
    </Sheet>
  );
}
