import { useCallback, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { isRecord, type ApiFailure, type ApiResult } from '../api/client.ts';
import { showToast } from '../components/toasts.tsx';
import { useApiErrorHandler } from './use-api-error-handler.ts';

/** The messages of each field of a 400 `{errors: {field: [message]}}`, or null for another failure. */
export function fieldProblemsOf(failure: ApiFailure): Record<string, string[]> | null {
  if (failure.kind !== 'http' || failure.status !== 400 || !isRecord(failure.body)) return null;
  const { errors } = failure.body;
  if (!isRecord(errors)) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [
      field,
      Array.isArray(messages) ? messages.map(String) : [String(messages)],
    ]),
  );
}

export interface SaveOptions<T> {
  /** The success toast, each caller's own text; none without it. */
  success?: string | ((data: T) => string);
  /** Told the answer first, before the toast and the reload. */
  onSaved?: (data: T) => void;
  /**
   * After a success: 'reload' (the default) runs the section's loader again;
   * a path goes there instead (its loader brings fresh data); false neither.
   */
  then?: 'reload' | string | false;
  /** Going to `then`'s path replaces the current page in the history (a login's landing). */
  replace?: boolean;
  /** A 400 naming fields: the form shows their messages instead of the generic toasts. */
  onInvalid?: (fields: Record<string, string[]>) => void;
  /** A refusal the form answers itself: true when it did; the rest goes to the generic handler. */
  onFailure?: (failure: ApiFailure) => boolean;
  /** The call's own line for a request that got no answer. */
  networkMessage?: string;
  /**
   * The statuses that mean the data on screen is out of date (409: a colleague
   * changed it meanwhile): the section's data is loaded again.
   */
  reloadOn?: readonly number[];
}

const CONFLICT: readonly number[] = [409];

/**
 * The one way a staff form sends what it holds, with or without a session
 * (the login and recovery pages have none; `useStaffSave` adds the session's
 * token): busy while it runs; on success the caller's toast and fresh data
 * or another page; a 400 naming fields to the form's problems; a conflict
 * loads the section again; anything else goes to the generic handler, which
 * sends a session that is gone to /login (drafts stay in local storage).
 * The answer, or null when the call was skipped (it answered null).
 */
export function useSave() {
  const handleFailure = useApiErrorHandler();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const [running, setRunning] = useState(0);

  const save = useCallback(
    async <T>(
      call: () => Promise<ApiResult<T>> | null,
      {
        success,
        onSaved,
        then = 'reload',
        replace,
        onInvalid,
        onFailure,
        networkMessage,
        reloadOn = CONFLICT,
      }: SaveOptions<T> = {},
    ): Promise<ApiResult<T> | null> => {
      const request = call();
      if (!request) return null;
      // Busy until the fresh data or the next page is in, so that a second
      // press cannot send the same form again meanwhile.
      setRunning((count) => count + 1);
      try {
        const result = await request;
        if (!result.ok) {
          const { failure } = result;
          const fields = onInvalid ? fieldProblemsOf(failure) : null;
          if (fields) onInvalid!(fields);
          else if (!onFailure?.(failure)) handleFailure(failure, networkMessage);
          if (failure.kind === 'http' && reloadOn.includes(failure.status)) {
            await revalidator.revalidate();
          }
          return result;
        }
        onSaved?.(result.data);
        if (success) {
          void showToast('success', typeof success === 'string' ? success : success(result.data));
        }
        if (then === 'reload') await revalidator.revalidate();
        else if (then !== false) await navigate(then, { replace });
        return result;
      } finally {
        setRunning((count) => count - 1);
      }
    },
    [handleFailure, navigate, revalidator],
  );

  /** The generic handler, for a failure a form showed first in its own way. */
  return { save, busy: running > 0, reportFailure: handleFailure };
}
