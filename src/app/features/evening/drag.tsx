import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  pointerWithin,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { useRef, useState, type ReactNode } from 'react';
import type { FloorTable, PlanBooking } from '../../../shared/schemas/floor.ts';
import { guestName } from '../../staff-kit/index.ts';
import { EVENING_TEXTS as T } from './evening-texts.ts';

/**
 * Moving a booking by dragging it onto another table's row: with a finger or
 * a mouse (a few pixels before a drag starts, so a tap stays a tap), or from
 * the keyboard (space on the handle, arrows from one table to the next,
 * space to leave it there, Escape to give up), every step read in Italian.
 */

/** What a handle carries: its booking (one booking has a handle in each of its tables' rows). */
interface Picked {
  bookingId: number;
}

interface TableTarget {
  tableId: number;
  /** The order the arrows go through the tables. */
  order: number;
}

/** The arrows jump from one table's row to the next (the rows in their order), not by pixels. */
const byTable: KeyboardCoordinateGetter = (event, { context }) => {
  const step = ({ ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 } as const)[
    event.code as 'ArrowDown'
  ];
  const { droppableContainers, droppableRects, over, collisionRect } = context;
  if (!step || !collisionRect) return undefined;
  event.preventDefault();
  const targets = droppableContainers
    .getEnabled()
    .filter((container) => container.data.current?.tableId !== undefined)
    .sort((a, b) => (a.data.current as TableTarget).order - (b.data.current as TableTarget).order);
  if (targets.length === 0) return undefined;
  const index = targets.findIndex((container) => container.id === over?.id);
  const next =
    index === -1
      ? targets[step > 0 ? 0 : targets.length - 1]
      : targets[(index + step + targets.length) % targets.length];
  const rect = next && droppableRects.get(next.id);
  if (!rect) return undefined;
  return {
    x: rect.left + rect.width / 2 - collisionRect.width / 2,
    y: rect.top + rect.height / 2 - collisionRect.height / 2,
  };
};

/**
 * A finger or a mouse drops on the row under it, as the page is laid out
 * now: dnd-kit's own rectangles lag behind while the page scrolls under a
 * still finger (its auto-scroll near the screen's edge). The keyboard drops
 * on the row it jumped to.
 */
const underPointerOrNearest: CollisionDetection = (args) => {
  const pointer = args.pointerCoordinates;
  if (!pointer) return closestCenter(args);
  if (typeof document.elementsFromPoint !== 'function') return pointerWithin(args);
  const row = document
    .elementsFromPoint(pointer.x, pointer.y)
    .map((element) => element.closest<HTMLElement>('[data-drop-table]'))
    .find((element) => element !== null);
  const id = row ? `table-${row.dataset.dropTable}` : null;
  return args.droppableContainers
    .filter((container) => container.id === id)
    .map((container) => ({ id: container.id, data: { droppableContainer: container, value: 0 } }));
};

export function BookingDrag({
  bookings,
  tables,
  onMove,
  children,
}: {
  bookings: readonly PlanBooking[];
  tables: readonly FloorTable[];
  onMove: (booking: PlanBooking, table: FloorTable) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: byTable }),
  );
  const [dragged, setDragged] = useState<PlanBooking | null>(null);
  const bookingOf = (active: { data: { current?: unknown } }) =>
    bookings.find(
      (booking) => booking.id === (active.data.current as Picked | undefined)?.bookingId,
    );
  const tableOf = (data: unknown) =>
    tables.find((table) => table.id === (data as TableTarget | undefined)?.tableId);
  const nameOf = (active: { data: { current?: unknown } }) => bookingOf(active)?.name ?? '';

  // dnd-kit reports the picked booking as over its own table at once: saying
  // so would drown "picked" before it is read, so tables are told once it moves.
  const movedSincePick = useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      movedSincePick.current = false;
      return T.picked(nameOf(active));
    },
    onDragOver: ({ active, over }) => {
      const table = tableOf(over?.data.current);
      if (!table) return undefined;
      if (!movedSincePick.current && bookingOf(active)?.tableIds.includes(table.id)) {
        return undefined;
      }
      movedSincePick.current = true;
      return T.over(nameOf(active), table.name);
    },
    onDragEnd: ({ active, over }) => {
      const table = tableOf(over?.data.current);
      return table ? T.dropped(nameOf(active), table.name) : T.cancelledDrag(nameOf(active));
    },
    onDragCancel: ({ active }) => T.cancelledDrag(nameOf(active)),
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    setDragged(null);
    const booking = bookingOf(active);
    const table = tableOf(over?.data.current);
    if (!booking || !table) return;
    if (booking.tableIds.length === 1 && booking.tableIds[0] === table.id) return;
    onMove(booking, table);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={underPointerOrNearest}
      onDragStart={({ active }) => setDragged(bookingOf(active) ?? null)}
      onDragCancel={() => setDragged(null)}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: T.dragInstructions } }}
    >
      {children}
      <DragOverlay dropAnimation={null}>
        {dragged ? (
          <div className="evening-drag">
            {dragged.time} {guestName(dragged.name)} · {T.persons(dragged.party)}
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

/** The handle that picks a booking up. */
export function DragHandle({ booking, place }: { booking: PlanBooking; place: string }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `booking-${booking.id}-${place}`,
    data: { bookingId: booking.id } satisfies Picked,
  });
  return (
    <button
      type="button"
      ref={setNodeRef}
      className={`evening-handle${isDragging ? ' evening-handle--dragging' : ''}`}
      {...attributes}
      {...listeners}
      aria-label={T.dragHandle(booking.name)}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path d="M9 5h.01M15 5h.01M9 12h.01M15 12h.01M9 19h.01M15 19h.01" />
      </svg>
    </button>
  );
}

/** A table's row, where a booking may be dropped. */
export function useTableDrop(table: FloorTable, order: number) {
  const { setNodeRef, isOver } = useDroppable({
    id: `table-${table.id}`,
    data: { tableId: table.id, order } satisfies TableTarget,
  });
  return { setNodeRef, isOver };
}
