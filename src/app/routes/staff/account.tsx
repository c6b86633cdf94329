import { AccountPage } from '../../features/auth/account-page.tsx';

export default function Account() {
  return <AccountPage />;
}
