import { session } from '../../features/auth/session.ts';
import { UserProvider } from '../../features/auth/user-provider.tsx';
import { LoginPage } from '../../features/auth/login-page.tsx';

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

export default function Login() {
  return (
    <UserProvider>
      <LoginPage />
    </UserProvider>
  );
}
