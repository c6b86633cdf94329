/**
 * Logging in and out, recovery, invitations, the first owner's setup and the account page; other
 * parts of the back office reuse its logout call.
 */
export { logOut } from './auth-api.ts';
export { AccountPage } from './account-page.tsx';
export { AcceptInvitePage } from './accept-invite-page.tsx';
export { LoginPage } from './login-page.tsx';
export { ResetPasswordPage } from './reset-password-page.tsx';
export { SendEmailPage } from './send-email-page.tsx';
export { SetupPage } from './setup-page.tsx';
