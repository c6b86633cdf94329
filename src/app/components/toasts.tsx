import { lazy, Suspense, useSyncExternalStore } from 'react';

/**
 * Toasts: top-right, closing after 5000 ms, light theme, dismissed by a drag
 * of 80%. The toast library is loaded on first use, so pages that never toast
 * do not pay for it in page weight; the container then stays mounted on
 * every page.
 */
export type ToastKind = 'success' | 'error' | 'warning' | 'info';

const ToastContainer = lazy(() => import('./toast-container.tsx'));

let requested = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export async function showToast(kind: ToastKind, message: string): Promise<void> {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  const { toast } = await import('./toast-container.tsx');
  toast[kind](message);
}

export function ToastHost() {
  const mounted = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
