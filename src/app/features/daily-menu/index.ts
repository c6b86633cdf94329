/** /dashboard: the daily menu's form and the review of its translations. */
export { DashboardPage } from './dashboard-page.tsx';
export { loadDailyMenuForm } from './load-daily-menu.ts';
