import { DashboardPage, loadDailyMenuForm } from '../../features/daily-menu/index.ts';
import type { Route } from './+types/dashboard';

export function clientLoader() {
  // Not awaited: the page opens at once with its loading text. The daily menu
  // is public: no token.
  return { menu: loadDailyMenuForm() };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return <DashboardPage menu={loaderData.menu} />;
}
