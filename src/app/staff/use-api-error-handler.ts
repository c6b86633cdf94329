import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { showToast } from '../components/toasts.tsx';
import type { ApiFailure } from '../api/client.ts';
import { describeApiFailure } from '../api/errors.ts';
import { loginStateFor } from './return-to.ts';
import { useUser } from './user-provider.tsx';

/**
 * Applies the generic handler for failed API calls: shows its toasts and, when the
 * session is gone, forgets it and goes to /login remembering this page.
 * `networkMessage` is the call's own line for a request that got no answer
 * ("Errore durante il login. Riprova.", "Errore durante la registrazione. Riprova.").
 */
export function useApiErrorHandler() {
  const navigate = useNavigate();
  const location = useLocation();
  const { forget } = useUser();
  return useCallback(
    (failure: ApiFailure, networkMessage?: string) => {
      const outcome = describeApiFailure(failure);
      for (const toast of outcome.toasts) void showToast(toast.kind, toast.message);
      if (failure.kind === 'network' && networkMessage) void showToast('error', networkMessage);
      if (outcome.loginRequired) {
        forget();
        void navigate('/login', { replace: true, state: loginStateFor(location) });
      }
    },
    [forget, location, navigate],
  );
}
