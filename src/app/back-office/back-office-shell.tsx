import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useRevalidator } from 'react-router';
import { FullScreenSpinner } from '../components/spinner.tsx';
import { showToast } from '../components/toasts.tsx';
import { LOGOUT_TEXTS } from './back-office-texts.ts';
import { loginStateFor, storedToken, useUser } from '../staff/index.ts';
import { logOut } from '../features/auth/index.ts';
import { StaffHeader } from './staff-header.tsx';

/**
 * Every /dashboard page: only for logged-in staff (others go to /login,
 * which brings them back here), under one header with the sections and
 * "Disconnetti".
 */
export function BackOfficeShell() {
  const { user, token, forget } = useUser();
  const location = useLocation();
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);
  // <Navigate> navigates again whenever its `state` prop changes identity: one
  // object per location, or every re-render interrupts the redirect.
  const returnState = useMemo(() => loginStateFor(location), [location]);
  const { revalidate } = useRevalidator();
  // The sections' client loaders read the session: when another tab changes
  // it under this page (someone else logs in, a role changes), they load again.
  const loadedFor = `${token} ${user?.role}`;
  const lastLoadedFor = useRef(loadedFor);
  useEffect(() => {
    if (!token || lastLoadedFor.current === loadedFor) return;
    lastLoadedFor.current = loadedFor;
    void revalidate();
  }, [token, loadedFor, revalidate]);

  // Logging out shows the spinner.
  if (loggingOut) return <FullScreenSpinner />;
  if (!user) return <Navigate to="/login" replace state={returnState} />;

  async function onLogout() {
    setLoggingOut(true);
    const result = await logOut(storedToken() ?? token);
    // Whatever the answer, this browser forgets the session.
    forget();
    void showToast('success', LOGOUT_TEXTS.logoutSuccess);
    if (!result.ok && result.failure.kind === 'network') {
      void showToast('error', LOGOUT_TEXTS.logoutFailure);
    }
    void navigate('/login', { replace: true });
  }

  return (
    <>
      <StaffHeader onLogout={() => void onLogout()} />
      <main id="main" className="staff-dashboard">
        <Outlet />
      </main>
    </>
  );
}
