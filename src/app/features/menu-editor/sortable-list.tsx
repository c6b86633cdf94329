import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useRef, useState, type ReactNode } from 'react';
import { MENU_EDITOR_TEXTS as T } from './menu-editor-texts.ts';

interface Sortable {
  id: number;
  name: string;
}

/**
 * A list staff reorder by dragging a handle (mouse or finger) or from the
 * keyboard (space or enter on the handle, arrows, space or enter again), with
 * every step read to screen readers in Italian. The new order shows at once;
 * if `onMove` fails, the list goes back to the order it was given.
 */
export function SortableList<T extends Sortable>({
  items,
  label,
  handleLabel,
  onMove,
  className,
  renderItem,
}: {
  items: readonly T[];
  label: string;
  handleLabel: (item: T) => string;
  /** `item` now stands at `position` (0-based); false: the server refused. */
  onMove: (item: T, position: number) => Promise<boolean>;
  className: string;
  renderItem: (item: T, handle: ReactNode) => ReactNode;
}) {
  const sensors = useSensors(
    // A few pixels of movement before a drag starts: a tap on the handle stays a tap.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // The order shown: the given one, or the one just dropped while the server saves it.
  const [moved, setMoved] = useState<{ from: readonly T[]; ids: number[] } | null>(null);
  const ordered =
    moved && moved.from === items
      ? moved.ids.map((id) => items.find((item) => item.id === id)!)
      : items;

  const nameOf = (id: UniqueIdentifier) => ordered.find((item) => item.id === id)?.name ?? '';
  const positionOf = (id: UniqueIdentifier) => ordered.findIndex((item) => item.id === id) + 1;
  // dnd-kit reports the picked row as over itself at once: saying so would
  // drown "picked" before it is read, so positions are told once it moves.
  const movedSincePick = useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      movedSincePick.current = false;
      return T.picked(nameOf(active.id));
    },
    onDragOver: ({ active, over }) => {
      if (!over || (over.id === active.id && !movedSincePick.current)) return undefined;
      movedSincePick.current = true;
      return T.movedOver(nameOf(active.id), positionOf(over.id));
    },
    onDragEnd: ({ active, over }) =>
      over ? T.dropped(nameOf(active.id), positionOf(over.id)) : T.cancelled(nameOf(active.id)),
    onDragCancel: ({ active }) => T.cancelled(nameOf(active.id)),
  };

  async function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = ordered.findIndex((item) => item.id === active.id);
    const to = ordered.findIndex((item) => item.id === over.id);
    const next = arrayMove([...ordered], from, to);
    setMoved({ from: items, ids: next.map((item) => item.id) });
    if (!(await onMove(ordered[from]!, to))) setMoved(null);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={(event) => void onDragEnd(event)}
      accessibility={{ announcements, screenReaderInstructions: { draggable: T.dragInstructions } }}
    >
      <SortableContext
        items={ordered.map((item) => item.id)}
        strategy={verticalListSortingStrategy}
      >
        <ul className={className} aria-label={label}>
          {ordered.map((item) => (
            <SortableRow key={item.id} id={item.id} handleLabel={handleLabel(item)}>
              {(handle) => renderItem(item, handle)}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  id,
  handleLabel,
  children,
}: {
  id: number;
  handleLabel: string;
  children: (handle: ReactNode) => ReactNode;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className="menu-editor__handle"
      {...attributes}
      {...listeners}
      aria-label={handleLabel}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M9 5h.01M15 5h.01M9 12h.01M15 12h.01M9 19h.01M15 19h.01" />
      </svg>
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      className={`menu-editor__row${isDragging ? ' menu-editor__row--dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {children(handle)}
    </li>
  );
}
