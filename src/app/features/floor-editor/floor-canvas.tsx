import {
  DndContext,
  PointerSensor,
  TouchSensor,
  useDraggable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragMoveEvent,
  type PointerSensorOptions,
} from '@dnd-kit/core';
import { useRef, useState, type KeyboardEvent, type PointerEvent, type Ref } from 'react';
import type { FloorCombination, FloorTable } from '../../../shared/schemas/floor.ts';
import { GRID, placeOnGrid, type Place } from './floor-draft.ts';
import { FLOOR_EDITOR_TEXTS as T } from './floor-editor-texts.ts';

/**
 * dnd-kit's pointer sensor for a mouse or a pen only: a finger goes through
 * the touch sensor, which waits for a short press, so that a finger sliding
 * over the plan still scrolls the page on a phone.
 */
class MouseOrPenSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: (event: PointerEvent, options: PointerSensorOptions) =>
        event.nativeEvent.pointerType !== 'touch' &&
        PointerSensor.activators[0]!.handler(event, options),
    },
  ];
}

type Drag = { tableId: number; kind: 'move' | 'resize'; dx: number; dy: number };

/** Where a table is drawn: its place, moved or resized by the drag in progress. */
function placeDuring(table: FloorTable, drag: Drag | null): Place {
  if (!drag || drag.tableId !== table.id) return table;
  return drag.kind === 'move'
    ? placeOnGrid({ ...table, x: table.x + drag.dx, y: table.y + drag.dy })
    : placeOnGrid({
        ...table,
        w: Math.min(table.w + drag.dx, GRID - table.x),
        h: Math.min(table.h + drag.dy, GRID - table.y),
      });
}

const centre = (place: Place) => ({ x: place.x + place.w / 2, y: place.y + place.h / 2 });

/**
 * One area's plan, drawn in SVG on its 100 × 100 grid scaled to the width:
 * the tables by shape with their name and seats, combinations as a band
 * joining their tables. A table is moved by dragging it and resized by the
 * handle at its corner (whole units), or from the keyboard: Tab to it,
 * Enter chooses it, arrows move it by 1 and shift with the arrows resizes it.
 * SVG rather than a canvas or a diagram library: a plan has at most 200
 * tables, and each is an element with its own role, name and focus that a
 * screen reader reaches; dnd-kit (the menu editor's already) does the drags.
 */
export function FloorCanvas({
  label,
  tables,
  combinations,
  selectedId,
  onSelect,
  onPlace,
  onNudge,
}: {
  label: string;
  tables: readonly FloorTable[];
  combinations: readonly FloorCombination[];
  selectedId: number | null;
  onSelect: (tableId: number) => void;
  /** A drag ended: the table's new place on the grid. */
  onPlace: (tableId: number, place: Place, kind: Drag['kind']) => void;
  onNudge: (
    tableId: number,
    change: { dx?: number; dy?: number; dw?: number; dh?: number },
  ) => void;
}) {
  const svg = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const sensors = useSensors(
    useSensor(MouseOrPenSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
  );

  // Pixels to grid units: the plan is drawn at the page's width.
  const units = (pixels: number) => {
    const width = svg.current?.getBoundingClientRect().width || GRID;
    return Math.round((pixels * GRID) / width);
  };
  const dragOf = ({ active, delta }: DragMoveEvent): Drag => {
    const [kind, id] = String(active.id).split(':') as [Drag['kind'], string];
    return { tableId: Number(id), kind, dx: units(delta.x), dy: units(delta.y) };
  };
  function onDragEnd(event: DragEndEvent) {
    const ended = dragOf(event);
    setDrag(null);
    const table = tables.find((entry) => entry.id === ended.tableId);
    if (table && (ended.dx !== 0 || ended.dy !== 0)) {
      onPlace(table.id, placeDuring(table, ended), ended.kind);
    }
  }

  const byId = new Map(tables.map((table) => [table.id, table]));
  return (
    <DndContext
      sensors={sensors}
      onDragStart={(event) => {
        setDrag(dragOf({ ...event, delta: { x: 0, y: 0 } } as DragMoveEvent));
        onSelect(Number(String(event.active.id).split(':')[1]));
      }}
      onDragMove={(event) => setDrag(dragOf(event))}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDrag(null)}
      accessibility={{
        announcements: {
          onDragStart: () => undefined,
          onDragOver: () => undefined,
          onDragEnd: () => undefined,
          onDragCancel: () => undefined,
        },
        screenReaderInstructions: { draggable: T.dragInstructions },
      }}
    >
      <svg
        ref={svg}
        className="floor-plan"
        viewBox={`0 0 ${GRID} ${GRID}`}
        role="group"
        aria-label={label}
      >
        <defs>
          <pattern id="floor-grid" width="10" height="10" patternUnits="userSpaceOnUse">
            <path d="M 10 0 L 0 0 0 10" className="floor-plan__grid-line" />
          </pattern>
        </defs>
        <rect width={GRID} height={GRID} fill="url(#floor-grid)" className="floor-plan__floor" />
        {combinations.map((combination) => {
          const joined = combination.tableIds
            .map((id) => byId.get(id))
            .filter((table): table is FloorTable => Boolean(table))
            .map((table) => placeDuring(table, drag));
          if (joined.length < 2) return null;
          const centres = joined.map(centre);
          const below = Math.max(...joined.map((place) => place.y + place.h));
          const left = Math.min(...joined.map((place) => place.x));
          return (
            <g key={combination.id} className="floor-plan__combination" aria-hidden="true">
              {joined.map((place, index) => (
                <rect
                  key={index}
                  x={place.x - 1.5}
                  y={place.y - 1.5}
                  width={place.w + 3}
                  height={place.h + 3}
                  rx={2}
                />
              ))}
              <polyline points={centres.map((point) => `${point.x},${point.y}`).join(' ')} />
              <text x={left} y={Math.min(below + 4, GRID - 0.5)}>
                {combination.name}
              </text>
            </g>
          );
        })}
        {tables.map((table) => (
          <TableShape
            key={table.id}
            table={table}
            place={placeDuring(table, drag)}
            selected={table.id === selectedId}
            onSelect={() => onSelect(table.id)}
            onNudge={(change) => onNudge(table.id, change)}
          />
        ))}
      </svg>
    </DndContext>
  );
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

function TableShape({
  table,
  place,
  selected,
  onSelect,
  onNudge,
}: {
  table: FloorTable;
  place: Place;
  selected: boolean;
  onSelect: () => void;
  onNudge: (change: { dx?: number; dy?: number; dw?: number; dh?: number }) => void;
}) {
  const mover = useDraggable({ id: `move:${table.id}` });
  const sizer = useDraggable({ id: `resize:${table.id}` });
  const { x, y, w, h } = place;

  function onKeyDown(event: KeyboardEvent<SVGGElement>) {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect();
      return;
    }
    const arrow = ARROWS[event.key];
    if (!arrow) return;
    event.preventDefault();
    if (!selected) onSelect();
    const [across, down] = arrow;
    onNudge(event.shiftKey ? { dw: across, dh: down } : { dx: across, dy: down });
  }

  const text = Math.max(1.6, Math.min(3.2, h / 3.2, w / 3));
  const marks = `${selected ? '✓ ' : ''}${table.onlineBookable ? '' : '⊘ '}`;
  const classes = [
    'floor-plan__table',
    selected ? 'floor-plan__table--selected' : '',
    table.onlineBookable ? '' : 'floor-plan__table--offline',
  ].join(' ');
  return (
    <>
      <g
        ref={mover.setNodeRef as unknown as Ref<SVGGElement>}
        {...mover.attributes}
        {...mover.listeners}
        className={classes}
        role="button"
        tabIndex={0}
        aria-roledescription="tavolo"
        aria-pressed={selected}
        aria-label={T.tableLabel({ ...table, ...place }, selected, table.onlineBookable)}
        onClick={onSelect}
        onKeyDown={onKeyDown}
      >
        {selected ? (
          <rect
            className="floor-plan__selection"
            x={x - 1}
            y={y - 1}
            width={w + 2}
            height={h + 2}
            rx={table.shape === 'round' ? Math.min(w, h) / 2 + 1 : 1.5}
          />
        ) : null}
        {table.shape === 'round' ? (
          <ellipse
            className="floor-plan__top"
            cx={x + w / 2}
            cy={y + h / 2}
            rx={w / 2}
            ry={h / 2}
          />
        ) : (
          <rect
            className="floor-plan__top"
            x={x}
            y={y}
            width={w}
            height={h}
            rx={table.shape === 'square' ? 1.2 : 0.4}
          />
        )}
        <text x={x + w / 2} y={y + h / 2} fontSize={text} textAnchor="middle">
          <tspan className="floor-plan__name">{`${marks}${table.name}`}</tspan>
          <tspan x={x + w / 2} dy={text * 1.1} fontSize={text * 0.85}>
            {T.tableSeats(table.minSeats, table.maxSeats)}
          </tspan>
        </text>
      </g>
      {selected ? (
        // A finger-sized grip (7 units) round the small square that shows it.
        <g
          ref={sizer.setNodeRef as unknown as Ref<SVGGElement>}
          {...sizer.listeners}
          className="floor-plan__resize"
          aria-hidden="true"
        >
          <rect className="floor-plan__grip" x={x + w - 3.5} y={y + h - 3.5} width={7} height={7} />
          <rect x={x + w - 2} y={y + h - 2} width={4} height={4} />
        </g>
      ) : null}
    </>
  );
}
