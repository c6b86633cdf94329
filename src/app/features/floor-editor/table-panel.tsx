import { useId } from 'react';
import {
  FLOOR_NAME_MAX,
  TABLE_SEATS_MAX,
  TABLE_SHAPES,
  type FloorTable,
  type TableShape,
} from '../../../shared/schemas/floor.ts';
import { GRID, placeOnGrid, type Place } from './floor-draft.ts';
import { FLOOR_EDITOR_TEXTS as T } from './floor-editor-texts.ts';
import { CheckField, NameField, WholeField } from './floor-fields.tsx';

type Nudge = { dx?: number; dy?: number; dw?: number; dh?: number };

/**
 * The chosen table's details: name, seats, shape, priority, online; its
 * place and size as numbers and arrow buttons (the path for a screen
 * reader, besides the plan's keys); duplicate and remove.
 */
export function TablePanel({
  table,
  onChange,
  onNudge,
  onDuplicate,
  onRemove,
}: {
  table: FloorTable;
  onChange: (change: Partial<FloorTable>) => void;
  onNudge: (change: Nudge) => void;
  onDuplicate: () => void;
  onRemove: () => void;
}) {
  const id = useId();
  const place = (change: Partial<Place>) => onChange(placeOnGrid({ ...table, ...change }));
  const moves: [string, Nudge, string][] = [
    [T.moveLeft(table.name), { dx: -1 }, '←'],
    [T.moveUp(table.name), { dy: -1 }, '↑'],
    [T.moveDown(table.name), { dy: 1 }, '↓'],
    [T.moveRight(table.name), { dx: 1 }, '→'],
  ];
  return (
    <fieldset className="staff-fieldset floor-editor__table">
      <legend>{T.selectedTable(table.name)}</legend>
      <NameField
        id={`${id}-name`}
        label={T.tableName}
        value={table.name}
        maxLength={FLOOR_NAME_MAX}
        onChange={(name) => onChange({ name })}
      />
      <div className="floor-editor__row">
        <WholeField
          id={`${id}-min`}
          label={T.minSeats}
          value={table.minSeats}
          min={1}
          max={TABLE_SEATS_MAX}
          onChange={(minSeats) => onChange({ minSeats })}
        />
        <WholeField
          id={`${id}-max`}
          label={T.maxSeats}
          value={table.maxSeats}
          min={1}
          max={TABLE_SEATS_MAX}
          onChange={(maxSeats) => onChange({ maxSeats })}
        />
      </div>
      <div className="floor-editor__row">
        <div className="staff-field">
          <label htmlFor={`${id}-shape`}>{T.shape}</label>
          <select
            id={`${id}-shape`}
            value={table.shape}
            onChange={(event) => onChange({ shape: event.target.value as TableShape })}
          >
            {TABLE_SHAPES.map((shape) => (
              <option key={shape} value={shape}>
                {T.shapes[shape]}
              </option>
            ))}
          </select>
        </div>
        <div className="staff-field">
          <label htmlFor={`${id}-priority`}>{T.priority}</label>
          <select
            id={`${id}-priority`}
            value={table.priority}
            aria-describedby={`${id}-priority-hint`}
            onChange={(event) => onChange({ priority: Number(event.target.value) })}
          >
            {[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((priority) => (
              <option key={priority} value={priority}>
                {priority}
              </option>
            ))}
          </select>
          <p className="staff-hint" id={`${id}-priority-hint`}>
            {T.priorityHint}
          </p>
        </div>
      </div>
      <CheckField
        id={`${id}-online`}
        label={T.tableOnline}
        checked={table.onlineBookable}
        onChange={(onlineBookable) => onChange({ onlineBookable })}
      />
      <fieldset className="floor-editor__place">
        <legend>{T.place}</legend>
        <div className="floor-editor__row">
          <WholeField
            id={`${id}-x`}
            label={T.x}
            value={table.x}
            min={0}
            max={GRID - table.w}
            onChange={(x) => place({ x })}
          />
          <WholeField
            id={`${id}-y`}
            label={T.y}
            value={table.y}
            min={0}
            max={GRID - table.h}
            onChange={(y) => place({ y })}
          />
          <WholeField
            id={`${id}-w`}
            label={T.w}
            value={table.w}
            min={1}
            max={GRID - table.x}
            onChange={(w) => place({ w: Math.min(w, GRID - table.x) })}
          />
          <WholeField
            id={`${id}-h`}
            label={T.h}
            value={table.h}
            min={1}
            max={GRID - table.y}
            onChange={(h) => place({ h: Math.min(h, GRID - table.y) })}
          />
        </div>
        <div className="floor-editor__arrows">
          {moves.map(([label, change, arrow]) => (
            <button
              key={arrow}
              type="button"
              className="staff-button staff-button--small staff-button--ghost"
              aria-label={label}
              title={label}
              onClick={() => onNudge(change)}
            >
              <span aria-hidden="true">{arrow}</span>
            </button>
          ))}
        </div>
      </fieldset>
      <div className="floor-editor__actions">
        <button
          type="button"
          className="staff-button staff-button--small staff-button--ghost"
          aria-label={T.duplicateOf(table.name)}
          onClick={onDuplicate}
        >
          {T.duplicate}
        </button>
        <button
          type="button"
          className="staff-button staff-button--small staff-button--danger"
          aria-label={T.removeTableOf(table.name)}
          onClick={onRemove}
        >
          {T.removeTable}
        </button>
      </div>
    </fieldset>
  );
}
