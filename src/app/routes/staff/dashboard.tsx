import { session } from '../../features/auth/session.ts';
import { UserProvider } from '../../features/auth/user-provider.tsx';
import { DashboardPage } from '../../features/daily-menu/dashboard-page.tsx';

export {
  staffMeta as meta,
  staffHeaders as headers,
  StaffHydrateFallback as HydrateFallback,
} from './staff-route.tsx';
export { staffLinks as links } from '../../features/auth/staff-links.ts';

/** Client-only: the spinner shows until the stored session is restored and checked. */
export async function clientLoader() {
  await session.restore();
  return null;
}
clientLoader.hydrate = true as const;

export default function Dashboard() {
  return (
    <UserProvider>
      <DashboardPage />
    </UserProvider>
  );
}
