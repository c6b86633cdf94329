import { useId, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { sendResetEmail } from './auth-api.ts';
import { AuthLayout } from './auth-layout.tsx';
import { COMMON_TEXTS, useSave } from '../staff/index.ts';
import { LOGIN_TEXTS, SEND_EMAIL_TEXTS } from './texts.ts';
import { EmailField } from './email-field.tsx';

/** /send-email: ask for a reset e-mail, then back to /login. */
export function SendEmailPage() {
  const navigate = useNavigate();
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
        <button type="submit" className="staff-button" disabled={busy}>
          {busy ? COMMON_TEXTS.busy : SEND_EMAIL_TEXTS.submit}
        </button>
        <button
          type="button"
          className="staff-button staff-button--ghost"
          onClick={() => void navigate('/login')}
        >
          {COMMON_TEXTS.backToLogin}
        </button>
      </form>
    </AuthLayout>
  );
}
