import { useCallback } from 'react';
import type { ApiResult } from '../api/client.ts';
import { useSave, type SaveOptions } from './use-save.ts';
import { useUser } from './user-provider.tsx';

/**
 * `useSave` with the session's token: the way a back-office form saves.
 * A save without a token (the session ended meanwhile) is skipped: null.
 */
export function useStaffSave() {
  const { currentToken } = useUser();
  const { save: send, busy, reportFailure } = useSave();

  const save = useCallback(
    <T>(
      call: (token: string) => Promise<ApiResult<T>>,
      options?: SaveOptions<T>,
    ): Promise<ApiResult<T> | null> =>
      send(() => {
        const token = currentToken();
        return token ? call(token) : null;
      }, options),
    [currentToken, send],
  );

  return { save, busy, reportFailure };
}
