import { useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { FullScreenSpinner } from '../../components/spinner.tsx';
import { showToast } from '../../components/toasts.tsx';
import { logOut } from '../auth/auth-api.ts';
import { loginStateFor } from '../auth/return-to.ts';
import { storedToken } from '../auth/session.ts';
import { StaffHeader } from '../auth/staff-header.tsx';
import { DASHBOARD_TEXTS } from '../auth/texts.ts';
import { useUser } from '../auth/user-provider.tsx';
import { Inbox } from '../inbox/inbox.tsx';
import { Colleagues } from '../staff-accounts/colleagues.tsx';
import { EMPTY_DAILY_MENU, fetchDailyMenu, type DailyMenuFields } from './daily-menu-api.ts';
import { DailyMenuEditor } from './daily-menu-editor.tsx';
import { mergeDrafts, readDrafts } from './drafts.ts';
import { TranslationsReview, type MenuSaveSignal } from './translations-review.tsx';

interface LoadedMenu {
  saved: DailyMenuFields;
  shown: DailyMenuFields;
}

/** /dashboard: only for logged-in staff; others go to /login. */
export function DashboardPage() {
  const { user, token, forget } = useUser();
  const location = useLocation();
  const navigate = useNavigate();
  const [menu, setMenu] = useState<LoadedMenu | null>(null);
  const [loggingOut, setLoggingOut] = useState(false);
  const [saveSignal, setSaveSignal] = useState<MenuSaveSignal | null>(null);
  // <Navigate> navigates again whenever its `state` prop changes identity: one
  // object per location, or every re-render interrupts the redirect.
  const returnState = useMemo(() => loginStateFor(location), [location]);

  useEffect(() => {
    const controller = new AbortController();
    fetchDailyMenu(controller.signal).then(
      (result) => {
        // A failed load is only logged; the form still opens.
        if (!result.ok) console.warn('Daily menu not loaded', result.failure);
        const saved = result.ok ? result.data : EMPTY_DAILY_MENU;
        setMenu({ saved, shown: mergeDrafts(saved, readDrafts()) });
      },
      () => {
        // aborted: the page went away
      },
    );
    return () => controller.abort();
  }, []);

  // Logging out shows the spinner.
  if (loggingOut) return <FullScreenSpinner />;
  if (!user) return <Navigate to="/login" replace state={returnState} />;

  async function onLogout() {
    setLoggingOut(true);
    const result = await logOut(storedToken() ?? token);
    // Whatever the answer, this browser forgets the session.
    forget();
    void showToast('success', DASHBOARD_TEXTS.logoutSuccess);
    if (!result.ok && result.failure.kind === 'network') {
      void showToast('error', DASHBOARD_TEXTS.logoutFailure);
    }
    void navigate('/login', { replace: true });
  }

  // A saved menu sends the review looking for the new translations
  // (the server translates the new Italian text in the background).
  function onMenuSaved(fields: DailyMenuFields) {
    setSaveSignal((previous) => ({ seq: (previous?.seq ?? 0) + 1, fields }));
  }

  return (
    <>
      <StaffHeader onLogout={() => void onLogout()} />
      <main id="main" className="staff-dashboard">
        {menu ? (
          <>
            <div className="staff-dashboard__intro">
              <h1>{DASHBOARD_TEXTS.greeting(user.firstName)}</h1>
              <p>{DASHBOARD_TEXTS.intro}</p>
            </div>
            <DailyMenuEditor saved={menu.saved} initial={menu.shown} onSaved={onMenuSaved} />
            <TranslationsReview saveSignal={saveSignal} />
            <Inbox />
            <Colleagues />
          </>
        ) : (
          <p className="staff-dashboard__loading" role="status">
            {DASHBOARD_TEXTS.loadingUser}
          </p>
        )}
      </main>
    </>
  );
}
