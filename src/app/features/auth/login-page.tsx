import { useId, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { logIn } from './auth-api.ts';
import { AuthLayout } from './auth-layout.tsx';
import { PasswordToggle } from './password-toggle.tsx';
import { EmailField, returnPath, useSave, useUser } from '../../staff/index.ts';
import { FORM_TEXTS, LOGIN_TEXTS } from './texts.ts';

/** /login; a logged-in staff member goes straight to /dashboard. */
export function LoginPage() {
  const { isLoggedIn, logIn: keepSession } = useUser();
  const location = useLocation();
  const { save, busy } = useSave();
  const [shown, setShown] = useState(false);
  const id = useId();

  // Already logged in, or just logged in: to the remembered origin or /dashboard.
  if (isLoggedIn) return <Navigate to={returnPath(location.state)} replace />;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    await save(() => logIn(String(form.get('email') ?? ''), String(form.get('password') ?? '')), {
      networkMessage: LOGIN_TEXTS.failure,
      onSaved: ({ token, user }) => keepSession(token, user),
      success: LOGIN_TEXTS.success,
      // Logged in: the page itself goes on to where staff were heading.
      then: false,
    });
  }

  return (
    <AuthLayout title={LOGIN_TEXTS.title}>
      <form className="staff-form" onSubmit={onSubmit} aria-busy={busy}>
        <EmailField id={`${id}-email`} autoComplete="username" />
        <div className="staff-field">
          <label htmlFor={`${id}-password`}>{FORM_TEXTS.password}</label>
          <div className="staff-password">
            <input
              id={`${id}-password`}
              name="password"
              type={shown ? 'text' : 'password'}
              autoComplete="current-password"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={1024}
            />
            <PasswordToggle
              shown={shown}
              onToggle={() => setShown((value) => !value)}
              label={FORM_TEXTS.showPassword}
              controls={`${id}-password`}
            />
          </div>
        </div>
        <p className="staff-form__aside">
          <Link to="/send-email">{LOGIN_TEXTS.forgotPassword}</Link>
        </p>
        <button type="submit" className="staff-button" disabled={busy}>
          {LOGIN_TEXTS.submit}
        </button>
      </form>
    </AuthLayout>
  );
}
