import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { showToast } from '../../components/toasts.tsx';
import { acceptInvitation } from './auth-api.ts';
import { AuthLayout } from './auth-layout.tsx';
import { PasswordField } from './password-field.tsx';
import { ACCEPT_INVITE_TEXTS, LOGIN_TEXTS } from './texts.ts';
import { useApiErrorHandler, useUser } from '../staff/index.ts';
import { refusalCodes } from '../../api/errors.ts';
import { STAFF_REFUSALS } from '../../../shared/schemas/errors.ts';

/**
 * /accept-invite?token=…: an invited colleague chooses their own password and
 * is logged in at once, like after a login. A used, revoked or expired link
 * says so, with no form.
 */
export function AcceptInvitePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const handleFailure = useApiErrorHandler();
  const { logIn } = useUser();
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState(token === '');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    setBusy(true);
    const result = await acceptInvitation(token, password);
    setBusy(false);
    if (!result.ok) {
      const { failure } = result;
      if (refusalCodes(failure).includes(STAFF_REFUSALS.invalidInvitation)) setInvalid(true);
      else handleFailure(failure, LOGIN_TEXTS.failure);
      return;
    }
    logIn(result.data.token, result.data.user);
    void showToast('success', ACCEPT_INVITE_TEXTS.success);
    void navigate('/dashboard', { replace: true });
  }

  return (
    <AuthLayout title={ACCEPT_INVITE_TEXTS.title}>
      {invalid ? (
        <p className="staff-notice" role="alert">
          {ACCEPT_INVITE_TEXTS.invalid}
        </p>
      ) : (
        <form className="staff-form" onSubmit={onSubmit} aria-busy={busy}>
          <p className="staff-hint">{ACCEPT_INVITE_TEXTS.intro}</p>
          <PasswordField
            name="password"
            label={ACCEPT_INVITE_TEXTS.password}
            hint={ACCEPT_INVITE_TEXTS.hint}
            autoComplete="new-password"
            minLength={12}
          />
          <button type="submit" className="staff-button" disabled={busy}>
            {busy ? ACCEPT_INVITE_TEXTS.busy : ACCEPT_INVITE_TEXTS.submit}
          </button>
        </form>
      )}
    </AuthLayout>
  );
}
