import { use, useCallback, useEffect, useState } from 'react';
import type { ApiResult } from '../api/client.ts';
import { useApiErrorHandler } from './use-api-error-handler.ts';

/**
 * What a back-office client loader hands its screen: the answer of a call made
 * with the session's token (see `withSessionToken`), still to come, or null
 * when logged out. Loaders return it without awaiting it, so that a section
 * opens at once and shows its own loading text until the answer is in.
 */
export type Loading<T> = Promise<ApiResult<T> | null>;

/**
 * A `Loading` whose answer is already in, for a section that asked for its
 * data itself: marked settled the way React's `use` reads a thenable, so the
 * panel shows it at once instead of suspending for a turn.
 */
export function answered<T>(answer: ApiResult<T> | null): Loading<T> {
  return Object.assign(Promise.resolve(answer), { status: 'fulfilled', value: answer });
}

/** Failures already handed to the handler: React may run an effect twice (StrictMode). */
const reported = new WeakSet<object>();

/**
 * The data of a `Loading` answer, for a component under a `<Suspense>` whose
 * fallback is the section's loading text. The last data that loaded stays
 * on screen through a failed reload (the router shows the old screen while a
 * revalidation loads), and `setData` changes it until the next load.
 * A failure goes through the generic handler once: toasts, and a 401 forgets
 * the session and goes to /login remembering this page (a loader cannot
 * navigate with state, so this waits for the screen).
 */
export function useLoaded<T>(loading: Loading<T>): {
  data: T | null;
  /** The latest load failed. */
  failed: boolean;
  setData: (update: (data: T) => T) => void;
} {
  const answer = use(loading);
  const handleFailure = useApiErrorHandler();
  const [shown, setShown] = useState(() => ({ answer, data: answer?.ok ? answer.data : null }));
  let data = shown.data;
  if (shown.answer !== answer) {
    data = answer?.ok ? answer.data : shown.data;
    setShown({ answer, data });
  }

  useEffect(() => {
    if (!answer || answer.ok || reported.has(answer)) return;
    reported.add(answer);
    handleFailure(answer.failure);
  }, [answer, handleFailure]);

  const setData = useCallback(
    (update: (data: T) => T) =>
      setShown((current) =>
        current.data === null ? current : { ...current, data: update(current.data) },
      ),
    [],
  );
  return { data, failed: answer?.ok === false, setData };
}
