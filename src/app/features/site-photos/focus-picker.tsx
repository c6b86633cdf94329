import { useId, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import type { PhotoFocus } from '../../../shared/schemas/photos.ts';
import { PHOTOS_TEXTS as T } from './photos-texts.ts';

/** One arrow key moves the point this far (Shift: finer). */
const STEP = 0.05;
const FINE_STEP = 0.01;

const clamp = (value: number) => Math.min(1, Math.max(0, Math.round(value * 100) / 100));

const MOVES: Record<string, (focus: PhotoFocus, step: number) => PhotoFocus> = {
  ArrowLeft: ({ x, y }, step) => ({ x: clamp(x - step), y }),
  ArrowRight: ({ x, y }, step) => ({ x: clamp(x + step), y }),
  ArrowUp: ({ x, y }, step) => ({ x, y: clamp(y - step) }),
  ArrowDown: ({ x, y }, step) => ({ x, y: clamp(y + step) }),
};

/** Where the page centres its crop, as CSS says it. */
export const objectPosition = ({ x, y }: PhotoFocus) => `${x * 100}% ${y * 100}%`;

/**
 * The focal point on the whole photo: tap it, drag it, or move it with the
 * arrow keys; `picture(style)` draws the photo. A two-dimensional slider:
 * its value reads as both distances.
 */
export function FocusPicker({
  focus,
  onChange,
  picture,
}: {
  focus: PhotoFocus;
  onChange: (focus: PhotoFocus) => void;
  picture: ReactNode;
}) {
  const id = useId();
  const x = Math.round(focus.x * 100);
  const y = Math.round(focus.y * 100);

  function pointAt(event: PointerEvent<HTMLDivElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    onChange({
      x: clamp((event.clientX - box.left) / box.width),
      y: clamp((event.clientY - box.top) / box.height),
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    onChange(move(focus, event.shiftKey ? FINE_STEP : STEP));
  }

  return (
    <div className="photo-focus">
      <p className="photo-focus__label" id={`${id}-label`}>
        {T.focusLabel}
      </p>
      <div
        className="photo-focus__area"
        role="slider"
        tabIndex={0}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={x}
        aria-valuetext={T.focusValue(x, y)}
        onKeyDown={onKeyDown}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          pointAt(event);
        }}
        onPointerMove={(event) => {
          if (event.currentTarget.hasPointerCapture(event.pointerId)) pointAt(event);
        }}
      >
        {picture}
        <span className="photo-focus__marker" style={{ left: `${x}%`, top: `${y}%` }} />
      </div>
      <p className="staff-hint" id={`${id}-hint`}>
        {T.focusHint}
      </p>
    </div>
  );
}
