import { useCallback, useEffect, useRef, useState } from 'react';
import { isUnauthorized } from '../../api/client.ts';
import { useApiErrorHandler, useUser } from '../../staff/index.ts';
import { fetchBoard, type BoardSnapshot } from './takeaway-board-api.ts';

/** How often the board asks whether anything changed, while the page is in sight. */
export const POLL_EVERY_MS = 1000;

interface Shown {
  date: string;
  snapshot: BoardSnapshot | null;
  /** The latest request failed (the board on screen may be out of date). */
  failed: boolean;
}

/**
 * The board of `date`, kept fresh: asked every second while the page is
 * visible, with the ETag of the board on screen (304 costs the server
 * almost nothing), and at once when the page comes back into sight. Nothing
 * is asked while it is hidden. `refresh` asks at once (after a save).
 */
export function useBoard(date: string) {
  const { currentToken } = useUser();
  const handleFailure = useApiErrorHandler();
  const [shown, setShown] = useState<Shown>({ date, snapshot: null, failed: false });
  const refreshNow = useRef<() => void>(() => {});

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
        result = await fetchBoard(token, date, etag, controller.signal);
      } catch {
        return; // aborted: another day is shown, or the board closed
      } finally {
        running = false;
      }
      if (result.ok) {
        const snapshot = result.data;
        if (snapshot) etag = snapshot.etag;
        setShown((current) => ({ date, snapshot: snapshot ?? current.snapshot, failed: false }));
      } else {
        if (isUnauthorized(result.failure)) {
          handleFailure(result.failure);
          return;
        }
        setShown((current) => ({ ...current, date, failed: true }));
      }
      if (again) {
        again = false;
        void poll();
      } else {
        timer = setTimeout(() => void poll(), POLL_EVERY_MS);
      }
    }

    refreshNow.current = () => void poll();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void poll();
      else clearTimeout(timer);
    };
    document.addEventListener('visibilitychange', onVisibility);
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [date, currentToken, handleFailure]);

  const refresh = useCallback(() => refreshNow.current(), []);
  const current = shown.date === date ? shown : { date, snapshot: null, failed: false };
  return { board: current.snapshot?.board ?? null, failed: current.failed, refresh };
}
