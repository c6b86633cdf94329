import { DashboardPage } from '../../features/daily-menu/dashboard-page.tsx';

export default function Dashboard() {
  return <DashboardPage />;
}
