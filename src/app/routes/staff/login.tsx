import { LoginPage } from '../../features/auth/index.ts';

export default function Login() {
  return <LoginPage />;
}
