import { AccountPage } from '../../features/auth/index.ts';
import { withSessionToken } from '../../staff/index.ts';
import { DeviceNotifications, fetchDevices } from '../../features/staff-notifications/index.ts';
import type { Route } from './+types/account';

export function clientLoader() {
  // Not awaited: the page opens at once, the devices' panel with its loading text.
  return { devices: withSessionToken((token) => fetchDevices(token)) };
}

export default function Account({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AccountPage />
      <DeviceNotifications devices={loaderData.devices} />
    </>
  );
}
