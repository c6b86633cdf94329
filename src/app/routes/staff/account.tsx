import { AccountPage } from '../../features/auth/index.ts';

export default function Account() {
  return <AccountPage />;
}
