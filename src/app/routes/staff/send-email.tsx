import { UserProvider } from '../../features/auth/user-provider.tsx';
import { SendEmailPage } from '../../features/auth/send-email-page.tsx';

export {
  staffMeta as meta,
  staffHeaders as headers,
  StaffHydrateFallback as HydrateFallback,
} from './staff-route.tsx';
export { staffLinks as links } from '../../features/auth/staff-links.ts';

/** Client-only: the spinner shows until the page can render in the browser. */
export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export default function SendEmail() {
  return (
    <UserProvider>
      <SendEmailPage />
    </UserProvider>
  );
}
