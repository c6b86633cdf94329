import { BackupPanel, fetchBackupStatus } from '../../features/backups/index.ts';
import { DashboardPage, loadDailyMenuForm } from '../../features/daily-menu/index.ts';
import { TonightOverview } from '../../features/overview/index.ts';
import { withSessionToken } from '../../staff/index.ts';
import type { Route } from './+types/dashboard';

export function clientLoader() {
  // Not awaited: the page opens at once with its loading text. The daily menu
  // is public: no token. The backups' state is the owners' only. Tonight's
  // numbers ask for themselves (features/overview), again every minute.
  return {
    menu: loadDailyMenuForm(),
    backups: withSessionToken(async (token, user) =>
      user?.role === 'owner' ? fetchBackupStatus(token) : null,
    ),
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <DashboardPage menu={loaderData.menu} glance={<TonightOverview />} />
      <BackupPanel status={loaderData.backups} />
    </>
  );
}
