import { useId, type FormEvent } from 'react';
import { sendResetEmail } from './auth-api.ts';
import { AuthLayout, BackToLoginButton } from './auth-layout.tsx';
import { EmailField, useSave, SubmitButton } from '../../staff/index.ts';
import { FORM_TEXTS, LOGIN_TEXTS, SEND_EMAIL_TEXTS } from './texts.ts';

/** /send-email: ask for a reset e-mail, then back to /login. */
export function SendEmailPage() {
  const { save, busy } = useSave();
  const id = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    await save(() => sendResetEmail(email, `${window.location.origin}/reset-password`), {
      // The login failure line also serves send-email.
      networkMessage: LOGIN_TEXTS.failure,
      success: SEND_EMAIL_TEXTS.success,
      then: '/login',
    });
  }

  return (
    <AuthLayout title={SEND_EMAIL_TEXTS.title}>
      <p className="staff-card__intro" id={`${id}-intro`}>
        {SEND_EMAIL_TEXTS.intro}
      </p>
      <form className="staff-form" onSubmit={onSubmit} aria-busy={busy}>
        <EmailField id={`${id}-email`} autoComplete="email" describedBy={`${id}-intro`} />
        <SubmitButton label={SEND_EMAIL_TEXTS.submit} busyLabel={FORM_TEXTS.busy} busy={busy} />
        <BackToLoginButton />
      </form>
    </AuthLayout>
  );
}
