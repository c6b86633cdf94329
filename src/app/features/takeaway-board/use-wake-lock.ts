import { useEffect } from 'react';

/** The Screen Wake Lock API's part the board uses (a fake one in tests). */
export interface WakeLockLike {
  request(type: 'screen'): Promise<{ release(): Promise<void>; readonly released: boolean }>;
}

/** The browser's own, or null where it has none (the board then simply lets the screen sleep). */
export const browserWakeLock = (): WakeLockLike | null =>
  typeof navigator !== 'undefined' && 'wakeLock' in navigator ? navigator.wakeLock : null;

/**
 * Keeps the screen on while the component is shown: the kitchen's tablet
 * must not go dark between orders. The browser drops the lock whenever the
 * page is hidden, so it is asked again each time the page comes back.
 */
export function useWakeLock(wakeLock: WakeLockLike | null) {
  useEffect(() => {
    if (!wakeLock) return;
    let active = true;
    let sentinel: Awaited<ReturnType<WakeLockLike['request']>> | null = null;

    async function acquire() {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      try {
        const lock = await wakeLock!.request('screen');
        if (active) sentinel = lock;
        else void lock.release();
      } catch {
        // Refused (battery saver, a page not in front): the screen may sleep.
      }
    }

    void acquire();
    const onVisibility = () => void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      active = false;
      document.removeEventListener('visibilitychange', onVisibility);
      void sentinel?.release().catch(() => {});
    };
  }, [wakeLock]);
}
