import type { ToastKind } from './toasts.tsx';

/**
 * A stand-in for toasts.tsx in component tests (imported by tests only):
 * each test file swaps it in with
 *   vi.mock('../../components/toasts.tsx', () => import('../../components/toasts-capture.tsx'))
 * and reads what was shown, `[kind, message]`, from `toasts`.
 */
export const toasts: [ToastKind, string][] = [];

export async function showToast(kind: ToastKind, message: string): Promise<void> {
  toasts.push([kind, message]);
}

export function ToastHost() {
  return null;
}
