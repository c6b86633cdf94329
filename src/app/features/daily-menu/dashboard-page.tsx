import { useState, type ReactNode } from 'react';
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
 * `menu` is the form's first data, which the route's client loader fetches;
 * `glance` goes under the greeting, above the menu (the route's choice:
 * tonight's numbers).
 */
export function DashboardPage({
  menu,
  glance,
}: {
  menu: Loading<DailyMenuForm>;
  glance?: ReactNode;
}) {
  return (
    <LoadedPanel loading={menu} texts={LOAD_TEXTS} fallback={loadingUser}>
      {(form) => <LoadedDashboard menu={form} glance={glance} />}
    </LoadedPanel>
  );
}

function LoadedDashboard({ menu, glance }: { menu: DailyMenuForm; glance: ReactNode }) {
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
      <h1 className="staff-dashboard__greeting">{DASHBOARD_TEXTS.greeting(user.firstName)}</h1>
      {glance}
      <p className="staff-dashboard__lead">{DASHBOARD_TEXTS.intro}</p>
      <DailyMenuEditor saved={menu.saved} initial={menu.shown} onSaved={onMenuSaved} />
      <TranslationsReview saveSignal={saveSignal} />
    </>
  );
}
