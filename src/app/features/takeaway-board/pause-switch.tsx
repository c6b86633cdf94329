import { useEffect, useId, useState } from 'react';
import { useStaffSave } from '../../staff/index.ts';
import { pauseOrders, resumeOrders } from './takeaway-board-api.ts';
import { PAUSE_MINUTES, PAUSE_TEXTS as T } from './takeaway-board-texts.ts';

/** 754 000 ms → "12:34" (minutes can pass 60: a pause lasts at most 180). */
export function countdown(milliseconds: number): string {
  const seconds = Math.max(0, Math.ceil(milliseconds / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The milliseconds until `until`, ticking each second; 0 once it has passed (or with none). */
export function useTimeLeft(until: string | null): number {
  const end = until ? Date.parse(until) : NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (Number.isNaN(end)) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= end) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [end]);
  return Number.isNaN(end) ? 0 : Math.max(0, end - now);
}

/**
 * "Forno pieno": online orders stop for a chosen while, with the time left
 * shown; the pause ends by itself (the server's clock decides), or at once
 * with "Riprendi ora". Phone orders go on.
 */
export function PauseSwitch({
  pausedUntil,
  refresh,
}: {
  pausedUntil: string | null;
  refresh: () => void;
}) {
  const id = useId();
  const { save, busy } = useStaffSave();
  const [minutes, setMinutes] = useState<number>(30);
  const left = useTimeLeft(pausedUntil);

  return (
    <section className="takeaway-pause" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="staff-panel__subtitle">
        {T.title}
      </h2>
      {left > 0 ? (
        <div className="takeaway-pause__on">
          <p role="timer" className="takeaway-pause__left">
            {T.pausedFor(countdown(left))}
          </p>
          <button
            type="button"
            className="staff-button"
            disabled={busy}
            onClick={() =>
              void save(resumeOrders, { success: T.resumed, then: false, onSaved: refresh })
            }
          >
            {T.resume}
          </button>
        </div>
      ) : (
        <div className="takeaway-pause__off">
          <p className="staff-hint">{T.running}</p>
          <div className="staff-field">
            <label htmlFor={`${id}-minutes`}>{T.minutes}</label>
            <select
              id={`${id}-minutes`}
              value={minutes}
              onChange={(event) => setMinutes(Number(event.target.value))}
            >
              {PAUSE_MINUTES.map((option) => (
                <option key={option} value={option}>
                  {T.minutesOption(option)}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="staff-button staff-button--danger"
            disabled={busy}
            onClick={() =>
              void save((token) => pauseOrders(token, minutes), {
                success: T.paused(minutes),
                then: false,
                onSaved: refresh,
              })
            }
          >
            {T.pause}
          </button>
        </div>
      )}
    </section>
  );
}
