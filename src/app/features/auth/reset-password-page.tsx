import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { showToast } from '../../components/toasts.tsx';
import { resetPassword } from './auth-api.ts';
import { AuthLayout, BackToLoginButton } from './auth-layout.tsx';
import { PasswordToggle } from './password-toggle.tsx';
import { checkResetForm } from './reset-checks.ts';
import { useSave, useUser, SubmitButton } from '../../staff/index.ts';
import { FORM_TEXTS, LOGIN_TEXTS, RESET_TEXTS } from './texts.ts';

/**
 * /reset-password?token=…: a new password, then back to /login. After a reset
 * the staff member logs in again: no automatic login.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { save, busy } = useSave();
  const { isLoggedIn, forget } = useUser();
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [shown, setShown] = useState(false);
  const id = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const warning = checkResetForm(password, repeated);
    if (warning) {
      void showToast('warning', warning);
      return;
    }
    if (!token) {
      void showToast('warning', RESET_TEXTS.missingToken);
      return;
    }
    await save(() => resetPassword(token, password), {
      networkMessage: LOGIN_TEXTS.failure,
      // A reset revokes every session of the account.
      onSaved: () => {
        if (isLoggedIn) forget();
      },
      success: RESET_TEXTS.success,
      then: '/login',
    });
  }

  const type = shown ? 'text' : 'password';
  return (
    <AuthLayout title={RESET_TEXTS.title}>
      {token ? null : (
        <p className="staff-notice" role="alert">
          {RESET_TEXTS.missingToken} <Link to="/send-email">{RESET_TEXTS.requestNewLink}</Link>
        </p>
      )}
      <form className="staff-form" onSubmit={onSubmit} aria-busy={busy} noValidate>
        <div className="staff-field">
          <label htmlFor={`${id}-new`}>{RESET_TEXTS.newPassword}</label>
          <input
            id={`${id}-new`}
            name="password"
            type={type}
            autoComplete="new-password"
            autoCapitalize="off"
            spellCheck={false}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-describedby={`${id}-hint`}
          />
          <p className="staff-hint" id={`${id}-hint`}>
            {RESET_TEXTS.hint}
          </p>
        </div>
        <div className="staff-field">
          <label htmlFor={`${id}-repeat`}>{RESET_TEXTS.repeatPassword}</label>
          <input
            id={`${id}-repeat`}
            name="repeatPassword"
            type={type}
            autoComplete="new-password"
            autoCapitalize="off"
            spellCheck={false}
            value={repeated}
            onChange={(event) => setRepeated(event.target.value)}
          />
        </div>
        <PasswordToggle
          shown={shown}
          onToggle={() => setShown((value) => !value)}
          label={FORM_TEXTS.showPasswords}
          controls={`${id}-new ${id}-repeat`}
          withText
        />
        <SubmitButton label={RESET_TEXTS.submit} busyLabel={FORM_TEXTS.busy} busy={busy} />
        <BackToLoginButton />
      </form>
    </AuthLayout>
  );
}
