import { useId } from 'react';
import type { useRinging } from './use-ringing.ts';
import { SOUND_TEXTS as T } from './takeaway-board-texts.ts';

/**
 * The board's bell, one toggle on the title's row: pressed while it rings
 * for new orders. The browser lets a page play only after a tap, so the
 * first tap turns it on, the next mutes it; what a tap does is its
 * description (and its tooltip), not a paragraph on the board. Beside it,
 * how many new orders are waiting.
 */
export function SoundControl({
  sound,
  unopened,
}: {
  sound: ReturnType<typeof useRinging>;
  unopened: number;
}) {
  const id = useId();
  const { state } = sound;
  const description =
    state === 'unsupported'
      ? T.unavailable
      : state === 'on'
        ? T.onHint
        : state === 'muted'
          ? T.mutedHint
          : T.enableHint;
  const toggle = () => {
    if (state === 'on') sound.mute();
    else if (state === 'muted') sound.unmute();
    else void sound.enable();
  };
  return (
    <div className="takeaway-sound">
      {unopened > 0 ? (
        <p className="takeaway-sound__ringing" role="status">
          {T.ringing(unopened)}
        </p>
      ) : null}
      <button
        type="button"
        className="staff-button staff-button--small staff-button--ghost takeaway-sound__toggle"
        aria-pressed={state === 'on'}
        aria-describedby={`${id}-hint`}
        title={description}
        disabled={state === 'unsupported'}
        onClick={toggle}
      >
        {T.sound}
      </button>
      <span id={`${id}-hint`} className="visually-hidden">
        {description}
      </span>
    </div>
  );
}
