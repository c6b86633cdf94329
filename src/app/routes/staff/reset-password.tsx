import type { HeadersArgs } from 'react-router';
import { ResetPasswordPage } from '../../features/auth/index.ts';

/**
 * The address holds the reset token, so this page sends
 * no referrer anywhere (the server passes this header through).
 */
export function headers({ parentHeaders }: HeadersArgs) {
  const own = new Headers(parentHeaders);
  own.set('Referrer-Policy', 'no-referrer');
  return own;
}

export default function ResetPassword() {
  return <ResetPasswordPage />;
}
