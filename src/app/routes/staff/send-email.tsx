import { SendEmailPage } from '../../features/auth/send-email-page.tsx';

export default function SendEmail() {
  return <SendEmailPage />;
}
