import { useState } from 'react';
import { LoadedPanel, useUser, type Loading } from '../../staff/index.ts';
import type { DailyMenuFields } from './daily-menu-api.ts';
import { DailyMenuEditor } from './daily-menu-editor.tsx';
import { DASHBOARD_TEXTS } from './daily-menu-texts.ts';
import type { DailyMenuForm } from './load-daily-menu.ts';
import { TranslationsReview, type MenuSaveSignal } from './translations-review.tsx';

const loadingUser = (
  <p className="staff-dashboard__loading" role="status">
    {DASHBOARD_TEXTS.loadingUser}
  </p>
);

const LOAD_TEXTS = {
  loading: DASHBOARD_TEXTS.loadingUser,
  loadFailed: DASHBOARD_TEXTS.loadFailed,
  retry: DASHBOARD_TEXTS.retry,
};

/**
 * /dashboard, the landing page after login (inside the back office's shell).
 * `menu` is the form's first data, which the route's client loader fetches.
 */
export function DashboardPage({ menu }: { menu: Loading<DailyMenuForm> }) {
  return (
    <LoadedPanel loading={menu} texts={LOAD_TEXTS} fallback={loadingUser}>
      {(form) => <LoadedDashboard menu={form} />}
    </LoadedPanel>
  );
}

function LoadedDashboard({ menu }: { menu: DailyMenuForm }) {
  const { user } = useUser();
  const [saveSignal, setSaveSignal] = useState<MenuSaveSignal | null>(null);

  // A saved menu sends the review looking for the new translations
  // (the server translates the new Italian text in the background).
  function onMenuSaved(fields: DailyMenuFields) {
    setSaveSignal((previous) => ({ seq: (previous?.seq ?? 0) + 1, fields }));
  }

  if (!user) return loadingUser;
  return (
    <>
      <div className="staff-dashboard__intro">
        <h1>{DASHBOARD_TEXTS.greeting(user.firstName)}</h1>
        <p>{DASHBOARD_TEXTS.intro}</p>
      </div>
      <DailyMenuEditor saved={menu.saved} initial={menu.shown} onSaved={onMenuSaved} />
      <TranslationsReview saveSignal={saveSignal} />
    </>
  );
}
