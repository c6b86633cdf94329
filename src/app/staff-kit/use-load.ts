import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiFailure, ApiResult } from '../api/client.ts';

/** Where a load stands: `answer` is the latest answer for the current key. */
export type LoadState<T> =
  /** idle: nothing to ask yet (no key); loading: the first answer for this key is still to come. */
  | { state: 'idle' | 'loading'; data: null; failure: null; answer: null }
  | { state: 'failed'; data: null; failure: ApiFailure; answer: ApiResult<T> }
  | { state: 'ready'; data: T; failure: null; answer: ApiResult<T> };

export type Load<T> = LoadState<T> & {
  /** A reload is under way: the previous answer stays on screen until the new one is in. */
  reloading: boolean;
  /** Asks again for the same key. */
  reload: () => void;
};

const NOTHING = { data: null, failure: null, answer: null } as const;

/**
 * A load inside a component, for data a route's loader does not bring (a
 * form's menu, the times of the date being picked, a panel on another
 * section's page). `load` is called when `key` is set or changes; an answer
 * for a key no longer current is dropped, and the call it belonged to is
 * aborted. `reload()` asks again, keeping the last answer until the new one.
 * Failures are values here (`state: 'failed'`): the caller says what it says.
 * `onAnswer` runs as each answer comes in, before it is shown.
 */
export function useLoad<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<ApiResult<T>>,
  options: { onAnswer?: (answer: ApiResult<T>) => void } = {},
): Load<T> {
  const latest = useRef({ load, onAnswer: options.onAnswer });
  useEffect(() => {
    latest.current = { load, onAnswer: options.onAnswer };
  });
  const [round, setRound] = useState(0);
  const [shown, setShown] = useState<{ key: string; round: number; answer: ApiResult<T> } | null>(
    null,
  );

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    latest.current.load(controller.signal).then(
      (answer) => {
        // The key changed or the component went away as this answer came in.
        if (controller.signal.aborted) return;
        latest.current.onAnswer?.(answer);
        setShown({ key, round, answer });
      },
      () => {
        // Aborted: the key changed, or the component went away.
      },
    );
    return () => controller.abort();
  }, [key, round]);

  const reload = useCallback(() => setRound((count) => count + 1), []);
  const current = key !== null && shown?.key === key ? shown : null;
  const reloading = current !== null && current.round !== round;
  const state: LoadState<T> =
    key === null
      ? { state: 'idle', ...NOTHING }
      : current === null
        ? { state: 'loading', ...NOTHING }
        : current.answer.ok
          ? { state: 'ready', data: current.answer.data, failure: null, answer: current.answer }
          : {
              state: 'failed',
              data: null,
              failure: current.answer.failure,
              answer: current.answer,
            };
  return { ...state, reloading, reload };
}
