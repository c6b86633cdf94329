import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '../../components/toasts.tsx';
import { sendResetEmail } from './auth-api.ts';
import { AuthLayout } from './auth-layout.tsx';
import { COMMON_TEXTS, useApiErrorHandler } from '../staff/index.ts';
import { LOGIN_TEXTS, SEND_EMAIL_TEXTS } from './texts.ts';
import { EmailField } from './email-field.tsx';

/** /send-email: ask for a reset e-mail, then back to /login. */
export function SendEmailPage() {
  const navigate = useNavigate();
  const handleFailure = useApiErrorHandler();
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    setBusy(true);
    const result = await sendResetEmail(email, `${window.location.origin}/reset-password`);
    if (!result.ok) {
      setBusy(false);
      // The login failure line also serves send-email.
      handleFailure(result.failure, LOGIN_TEXTS.failure);
      return;
    }
    void showToast('success', SEND_EMAIL_TEXTS.success);
    void navigate('/login');
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
