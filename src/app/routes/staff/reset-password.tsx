import { ResetPasswordPage } from '../../features/auth/reset-password-page.tsx';
import { UserProvider } from '../../features/auth/user-provider.tsx';
import { staffHeaders } from './staff-route.tsx';

export { staffMeta as meta, StaffHydrateFallback as HydrateFallback } from './staff-route.tsx';
export { staffLinks as links } from '../../features/auth/staff-links.ts';

/**
 * SECURITY.md item 17: the address holds the reset token, so this page sends
 * no referrer anywhere (the server passes this header through).
 */
export function headers() {
  return { ...staffHeaders(), 'Referrer-Policy': 'no-referrer' };
}

/** Client-only: the spinner shows until the page can render in the browser. */
export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export default function ResetPassword() {
  return (
    <UserProvider>
      <ResetPasswordPage />
    </UserProvider>
  );
}
