import type { useRinging } from './use-ringing.ts';
import { SOUND_TEXTS as T } from './takeaway-board-texts.ts';

/**
 * The board's bell: "Attiva suono" until the browser lets it play (one tap
 * is needed), then "Suono attivo" with a way to mute it; how many new
 * orders are waiting.
 */
export function SoundControl({
  sound,
  unopened,
}: {
  sound: ReturnType<typeof useRinging>;
  unopened: number;
}) {
  return (
    <div className="takeaway-sound">
      {unopened > 0 ? (
        <p className="takeaway-sound__ringing" role="status">
          {T.ringing(unopened)}
        </p>
      ) : null}
      {sound.state === 'unsupported' ? <p className="staff-hint">{T.unavailable}</p> : null}
      {sound.state === 'blocked' ? (
        <>
          <button type="button" className="staff-button" onClick={() => void sound.enable()}>
            {T.enable}
          </button>
          <p className="staff-hint">{T.enableHint}</p>
        </>
      ) : null}
      {sound.state === 'on' ? (
        <p>
          <span className="staff-badge">{T.on}</span>{' '}
          <button
            type="button"
            className="staff-button staff-button--small staff-button--ghost"
            onClick={sound.mute}
          >
            {T.mute}
          </button>
        </p>
      ) : null}
      {sound.state === 'muted' ? (
        <p>
          <span className="staff-badge staff-badge--warning">{T.muted}</span>{' '}
          <button type="button" className="staff-button staff-button--small" onClick={sound.unmute}>
            {T.unmute}
          </button>
        </p>
      ) : null}
    </div>
  );
}
