import type { KeyboardEvent } from 'react';
import type { FloorArea, FloorTable } from '../../../shared/schemas/floor.ts';
import { guestName } from '../../staff-kit/index.ts';
import { EVENING_TEXTS as T } from './evening-texts.ts';
import { awaitsGuest, UnconfirmedMapSign, unconfirmedSuffix } from './guest-confirmation.tsx';
import { TABLE_STATES, type TableNow, type TableState } from './table-state.ts';

/**
 * One area's plan drawn in SVG (tables at x, y, w, h on 100 × 100, as the
 * owner placed them in the floor editor): each table is a button that says
 * its state now in words, and shows it by colour, a sign and a pattern, so
 * that colour is never the only clue.
 */

/** The sign each state carries on the plan and in the legend. */
export const STATE_SIGNS: Record<TableState, string> = {
  free: '○',
  soon: '◷',
  seated: '●',
  late: '!',
  held: '★',
};

/** The patterns the states are filled with (defined once per page, in the legend). */
function Patterns() {
  return (
    <defs>
      <pattern id="evening-late" width="4" height="4" patternUnits="userSpaceOnUse">
        <rect width="4" height="4" fill="#f8d7d3" />
        <path d="M0 4L4 0" stroke="#b3261e" strokeWidth="1" />
      </pattern>
      <pattern id="evening-held" width="3" height="3" patternUnits="userSpaceOnUse">
        <rect width="3" height="3" fill="#e7e3f3" />
        <circle cx="1.5" cy="1.5" r="0.6" fill="#5b4b8a" />
      </pattern>
    </defs>
  );
}

function Shape({ table, state }: { table: FloorTable; state: TableState }) {
  const inset = 0.3;
  const className = `evening-table__shape evening-table__shape--${state}`;
  if (table.shape === 'round') {
    return (
      <ellipse
        className={className}
        cx={table.x + table.w / 2}
        cy={table.y + table.h / 2}
        rx={Math.max(table.w / 2 - inset, 0.5)}
        ry={Math.max(table.h / 2 - inset, 0.5)}
      />
    );
  }
  return (
    <rect
      className={className}
      x={table.x + inset}
      y={table.y + inset}
      width={Math.max(table.w - inset * 2, 1)}
      height={Math.max(table.h - inset * 2, 1)}
      rx={table.shape === 'square' ? 1 : 1.5}
    />
  );
}

/**
 * The part of the area's 100 × 100 plan its tables use, with a margin: a
 * room drawn in the top half does not leave the phone's screen half empty.
 */
export function viewBoxOf(tables: readonly FloorTable[]): string {
  const margin = 4;
  const left = Math.max(Math.min(...tables.map((table) => table.x)) - margin, 0);
  const top = Math.max(Math.min(...tables.map((table) => table.y)) - margin, 0);
  const right = Math.min(Math.max(...tables.map((table) => table.x + table.w)) + margin, 100);
  const bottom = Math.min(Math.max(...tables.map((table) => table.y + table.h)) + margin, 100);
  // At least a third of the plan each way, so that a lone table is not drawn huge.
  const width = Math.max(right - left, 34);
  const height = Math.max(bottom - top, 34);
  return `${left} ${top} ${width} ${height}`;
}

export function FloorMap({
  area,
  tables,
  states,
  showStates,
  onTable,
}: {
  area: FloorArea;
  tables: readonly FloorTable[];
  states: Map<number, TableNow>;
  /** Today: each table's state now. Another day: only the tables. */
  showStates: boolean;
  /** Today a table is a button (walk-in, or its booking now); another day it is only drawn. */
  onTable: ((table: FloorTable) => void) | undefined;
}) {
  return (
    <svg
      className="evening-map"
      viewBox={viewBoxOf(tables)}
      role="group"
      aria-label={T.mapOf(area.name)}
    >
      {tables.map((table) => {
        const now = states.get(table.id) ?? { state: 'free', booking: null, hold: null };
        const state: TableState = showStates ? now.state : 'free';
        const who = !showStates
          ? null
          : now.booking
            ? `${now.booking.time} ${guestName(now.booking.name)}, ${T.persons(now.booking.party)}${unconfirmedSuffix(now.booking)}`
            : now.hold;
        const label = T.tableLabel(
          table.name,
          T.seats(table.minSeats, table.maxSeats),
          showStates ? T.state[state] : T.tableBookings(table.name),
          who,
        );
        const unconfirmed = showStates && now.booking !== null && awaitsGuest(now.booking);
        const size = Math.min(table.w, table.h);
        const font = Math.max(Math.min(size / 3, 4.5), 2.2);
        return (
          <g
            key={table.id}
            className={`evening-table evening-table--${state}`}
            data-table={table.name}
            data-state={state}
            {...(onTable
              ? {
                  role: 'button',
                  tabIndex: 0,
                  'aria-label': label,
                  onClick: () => onTable(table),
                  onKeyDown: (event: KeyboardEvent) => {
                    if (event.key !== 'Enter' && event.key !== ' ') return;
                    event.preventDefault();
                    onTable(table);
                  },
                }
              : { role: 'img', 'aria-label': label })}
          >
            <Shape table={table} state={state} />
            <text
              x={table.x + table.w / 2}
              y={table.y + table.h / 2}
              fontSize={font}
              textAnchor="middle"
              dominantBaseline="middle"
              aria-hidden="true"
            >
              {showStates ? `${STATE_SIGNS[state]} ${table.name}` : table.name}
            </text>
            {unconfirmed ? <UnconfirmedMapSign x={table.x + table.w} y={table.y} /> : null}
          </g>
        );
      })}
    </svg>
  );
}

/** The states' colours, signs and patterns, said in words. */
export function Legend() {
  return (
    <div className="evening-legend">
      <h3 className="evening-legend__title">{T.legend}</h3>
      <ul>
        {TABLE_STATES.map((state) => (
          <li key={state}>
            <svg viewBox="0 0 10 10" width="22" height="22" aria-hidden="true" focusable="false">
              <rect
                className={`evening-table__shape evening-table__shape--${state}`}
                x="0.5"
                y="0.5"
                width="9"
                height="9"
                rx="1"
              />
              <text x="5" y="5.4" fontSize="6" textAnchor="middle" dominantBaseline="middle">
                {STATE_SIGNS[state]}
              </text>
            </svg>
            {T.state[state]}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The patterns, once in the page (an SVG of no size). */
export function MapPatterns() {
  return (
    <svg width="0" height="0" className="evening-patterns" aria-hidden="true" focusable="false">
      <Patterns />
    </svg>
  );
}
