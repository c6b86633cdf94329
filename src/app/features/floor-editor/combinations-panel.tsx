import { useId, useState } from 'react';
import {
  COMBINATION_TABLES,
  FLOOR_NAME_MAX,
  type FloorCombination,
  type FloorTable,
} from '../../../shared/schemas/floor.ts';
import { PARTY_MAX } from '../../../shared/schemas/reservations.ts';
import { FLOOR_EDITOR_TEXTS as T } from './floor-editor-texts.ts';
import { CheckField, NameField, WholeField } from './floor-fields.tsx';

/**
 * The area's combinations, each with its name, seats, online flag and
 * tables (ticked), and the way to make one: tick two to eight of the area's
 * tables, then create it.
 */
export function CombinationsPanel({
  tables,
  combinations,
  onCreate,
  onChange,
  onRemove,
}: {
  tables: readonly FloorTable[];
  combinations: readonly FloorCombination[];
  onCreate: (tableIds: number[]) => void;
  onChange: (combinationId: number, change: Partial<FloorCombination>) => void;
  onRemove: (combinationId: number) => void;
}) {
  const id = useId();
  const [chosen, setChosen] = useState<number[]>([]);
  const present = chosen.filter((tableId) => tables.some((table) => table.id === tableId));
  const enough =
    present.length >= COMBINATION_TABLES.min && present.length <= COMBINATION_TABLES.max;

  return (
    <section className="floor-editor__combinations" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{T.combinations}</h2>
      <p className="staff-hint">{T.combinationsHint}</p>
      {combinations.length === 0 ? <p>{T.noCombinations}</p> : null}
      <ul className="floor-editor__combination-list">
        {combinations.map((combination) => (
          <li key={combination.id}>
            <CombinationFields
              combination={combination}
              tables={tables}
              onChange={(change) => onChange(combination.id, change)}
              onRemove={() => onRemove(combination.id)}
            />
          </li>
        ))}
      </ul>
      {tables.length >= COMBINATION_TABLES.min ? (
        <fieldset className="staff-fieldset floor-editor__new-combination">
          <legend>{T.newCombination}</legend>
          <TablePicks
            name={`${id}-new`}
            label={T.chooseTables}
            tables={tables}
            chosen={present}
            onChange={setChosen}
          />
          <p className="staff-hint" aria-live="polite">
            {T.tablesChosen(present.length)}
          </p>
          <button
            type="button"
            className="staff-button staff-button--small"
            disabled={!enough}
            onClick={() => {
              onCreate(present);
              setChosen([]);
            }}
          >
            {T.createCombination}
          </button>
        </fieldset>
      ) : null}
    </section>
  );
}

function CombinationFields({
  combination,
  tables,
  onChange,
  onRemove,
}: {
  combination: FloorCombination;
  tables: readonly FloorTable[];
  onChange: (change: Partial<FloorCombination>) => void;
  onRemove: () => void;
}) {
  const id = useId();
  return (
    <fieldset className="staff-fieldset floor-editor__combination">
      <legend>
        {T.combinationOf(combination.name)} ·{' '}
        {T.combinationSeats(combination.minSeats, combination.maxSeats)}
      </legend>
      <NameField
        id={`${id}-name`}
        label={T.combinationName}
        value={combination.name}
        maxLength={FLOOR_NAME_MAX}
        onChange={(name) => onChange({ name })}
      />
      <div className="floor-editor__row">
        <WholeField
          id={`${id}-min`}
          label={T.minSeats}
          value={combination.minSeats}
          min={1}
          max={PARTY_MAX}
          onChange={(minSeats) => onChange({ minSeats })}
        />
        <WholeField
          id={`${id}-max`}
          label={T.maxSeats}
          value={combination.maxSeats}
          min={1}
          max={PARTY_MAX}
          onChange={(maxSeats) => onChange({ maxSeats })}
        />
      </div>
      <CheckField
        id={`${id}-online`}
        label={T.combinationOnline}
        checked={combination.onlineBookable}
        onChange={(onlineBookable) => onChange({ onlineBookable })}
      />
      <TablePicks
        name={`${id}-tables`}
        label={T.combinationTables}
        tables={tables}
        chosen={combination.tableIds}
        onChange={(tableIds) => onChange({ tableIds })}
      />
      <button
        type="button"
        className="staff-button staff-button--small staff-button--danger"
        onClick={onRemove}
      >
        {T.removeCombination(combination.name)}
      </button>
    </fieldset>
  );
}

/** The area's tables as boxes to tick, in the plan's order. */
function TablePicks({
  name,
  label,
  tables,
  chosen,
  onChange,
}: {
  name: string;
  label: string;
  tables: readonly FloorTable[];
  chosen: readonly number[];
  onChange: (tableIds: number[]) => void;
}) {
  return (
    <div className="floor-editor__picks" role="group" aria-label={label}>
      <p className="floor-editor__picks-label" aria-hidden="true">
        {label}
      </p>
      {tables.map((table) => (
        <label key={table.id} className="floor-editor__pick">
          <input
            type="checkbox"
            name={name}
            checked={chosen.includes(table.id)}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? tables.map((t) => t.id).filter((id) => id === table.id || chosen.includes(id))
                  : chosen.filter((id) => id !== table.id),
              )
            }
          />
          {table.name}
        </label>
      ))}
    </div>
  );
}
