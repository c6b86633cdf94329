import { useCallback, useEffect, useRef, useState } from 'react';
import { isUnauthorized, type ApiResult } from '../api/client.ts';
import { useApiErrorHandler, useUser } from '../staff/index.ts';

/** How often a polled screen asks whether anything changed, while the page is in sight. */
export const POLL_EVERY_MS = 1000;

/** What a polled screen shows, with the ETag to ask "anything new?" with. */
export interface PolledSnapshot {
  etag: string | null;
}

/**
 * Asks the server for the answer on screen: with the ETag it last got, the
 * answer to `null` (304, nothing changed on any instance), or the new one.
 */
export type PollFetcher<S extends PolledSnapshot> = (
  token: string,
  etag: string | null,
  signal: AbortSignal,
) => Promise<ApiResult<S | null>>;

interface Shown<S> {
  key: string;
  snapshot: S | null;
  /** The latest request failed (the answer on screen may be out of date). */
  failed: boolean;
}

/**
 * A screen kept fresh (the kitchen board, the evening view): `fetcher` is
 * asked every second while the page is visible, with the ETag of the
 * answer on screen (304 costs the server almost nothing), and at once when
 * the page comes back into sight or its window gets the focus. Nothing is
 * asked while it is hidden. A new `key` (another day) starts over; `refresh`
 * asks at once (after a save).
 * `everyMs` asks less often, for a screen without an ETag to ask with (the
 * first screen's overview: once a minute).
 */
export function usePolled<S extends PolledSnapshot>(
  key: string,
  fetcher: PollFetcher<S>,
  { everyMs = POLL_EVERY_MS }: { everyMs?: number } = {},
) {
  const { currentToken } = useUser();
  const handleFailure = useApiErrorHandler();
  const [shown, setShown] = useState<Shown<S>>({ key, snapshot: null, failed: false });
  const refreshNow = useRef<() => void>(() => {});
  // The fetcher of the latest render: `key` alone says when to start over.
  const fetchLatest = useRef(fetcher);
  fetchLatest.current = fetcher;

  useEffect(() => {
    const controller = new AbortController();
    let etag: string | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = false;
    let again = false;

    async function poll() {
      clearTimeout(timer);
      if (running) {
        again = true;
        return;
      }
      const token = currentToken();
      if (!token || document.visibilityState !== 'visible') return;
      running = true;
      let result;
      try {
        result = await fetchLatest.current(token, etag, controller.signal);
      } catch {
        return; // aborted: another key is shown, or the screen closed
      } finally {
        running = false;
      }
      if (result.ok) {
        const snapshot = result.data;
        if (snapshot) etag = snapshot.etag;
        setShown((current) => ({ key, snapshot: snapshot ?? current.snapshot, failed: false }));
      } else {
        if (isUnauthorized(result.failure)) {
          handleFailure(result.failure);
          return;
        }
        setShown((current) => ({ ...current, key, failed: true }));
      }
      if (again) {
        again = false;
        void poll();
      } else {
        timer = setTimeout(() => void poll(), everyMs);
      }
    }

    refreshNow.current = () => void poll();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void poll();
      else clearTimeout(timer);
    };
    // A window brought back to the front of a computer's screen stays "visible" all along.
    const onFocus = () => void poll();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('focus', onFocus);
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('focus', onFocus);
    };
  }, [key, currentToken, handleFailure, everyMs]);

  const refresh = useCallback(() => refreshNow.current(), []);
  const current = shown.key === key ? shown : { key, snapshot: null, failed: false };
  return { snapshot: current.snapshot, failed: current.failed, refresh };
}
