import { loadDailyMenuForm } from '../../features/daily-menu/daily-menu-api.ts';
import { DashboardPage } from '../../features/daily-menu/dashboard-page.tsx';
import type { Route } from './+types/dashboard';

export function clientLoader() {
  // Not awaited: the page opens at once with its loading text. The daily menu
  // is public: no token.
  return { menu: loadDailyMenuForm() };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return <DashboardPage menu={loaderData.menu} />;
}
