import { useEffect, useState } from 'react';
import { DASHBOARD_TEXTS, useUser } from '../auth/index.ts';
import { EMPTY_DAILY_MENU, fetchDailyMenu, type DailyMenuFields } from './daily-menu-api.ts';
import { DailyMenuEditor } from './daily-menu-editor.tsx';
import { mergeDrafts, readDrafts } from './drafts.ts';
import { TranslationsReview, type MenuSaveSignal } from './translations-review.tsx';

interface LoadedMenu {
  saved: DailyMenuFields;
  shown: DailyMenuFields;
}

/** /dashboard, the landing page after login (inside the back office's shell). */
export function DashboardPage() {
  const { user } = useUser();
  const [menu, setMenu] = useState<LoadedMenu | null>(null);
  const [saveSignal, setSaveSignal] = useState<MenuSaveSignal | null>(null);

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

  // A saved menu sends the review looking for the new translations
  // (the server translates the new Italian text in the background).
  function onMenuSaved(fields: DailyMenuFields) {
    setSaveSignal((previous) => ({ seq: (previous?.seq ?? 0) + 1, fields }));
  }

  if (!menu || !user) {
    return (
      <p className="staff-dashboard__loading" role="status">
        {DASHBOARD_TEXTS.loadingUser}
      </p>
    );
  }
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
