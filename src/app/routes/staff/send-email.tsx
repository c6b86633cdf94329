import { SendEmailPage } from '../../features/auth/index.ts';

export default function SendEmail() {
  return <SendEmailPage />;
}
