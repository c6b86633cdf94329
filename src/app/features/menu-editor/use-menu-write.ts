import type { ApiResult } from '../../api/client.ts';
import { useStaffSave } from '../../staff/index.ts';

/**
 * A menu write through the back office's save: true once saved (a form
 * closes on it). `goTo`: where to go once it worked (its loader brings fresh
 * data), instead of reloading here. `busy` while one runs: a form has its own.
 */
export function useMenuWrite() {
  const { save, busy } = useStaffSave();
  async function write(
    call: (token: string) => Promise<ApiResult<unknown>>,
    success: string,
    goTo?: string,
  ): Promise<boolean> {
    const result = await save(call, { success, then: goTo ?? 'reload' });
    return result?.ok === true;
  }
  return { write, busy };
}
