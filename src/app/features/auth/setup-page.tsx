import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { createFirstOwner } from './auth-api.ts';
import { AuthLayout } from './auth-layout.tsx';
import { PasswordField } from './password-field.tsx';
import { SETUP_TEXTS } from './texts.ts';
import { EmailField, SubmitButton, useSave, useUser } from '../../staff/index.ts';
import { refusalCodes } from '../../api/errors.ts';
import { STAFF_REFUSALS } from '../../../shared/schemas/errors.ts';

const NAME_FIELDS = ['firstName', 'lastName'] as const;

/**
 * /setup?token=…: the first owner, through the link the server prints while
 * no staff account exists (CONTRACT.md "Going live"). The owner is logged in
 * at once, like after a login; the server's problems show under their
 * fields; a used, replaced or expired link says so, with no form.
 */
export function SetupPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const id = useId();
  const { save, busy } = useSave();
  const { logIn } = useUser();
  // Why there is no form: a link that cannot work, or an owner who exists by now.
  const [ended, setEnded] = useState<'invalid' | 'closed' | null>(token === '' ? 'invalid' : null);
  const [problems, setProblems] = useState<Record<string, string[]>>({});
  const problem = (field: string) => problems[field]?.join(' ');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    const body = {
      token,
      firstName: text('firstName').trim(),
      lastName: text('lastName').trim(),
      email: text('email').trim(),
      password: text('password'),
    };
    setProblems({});
    await save(() => createFirstOwner(body), {
      onInvalid: setProblems,
      onFailure: (failure) => {
        if (refusalCodes(failure).includes(STAFF_REFUSALS.invalidSetupLink)) {
          setEnded('invalid');
          return true;
        }
        // 404: an account exists by now (another tab, or `npm run staff`).
        if (failure.kind === 'http' && failure.status === 404) {
          setEnded('closed');
          return true;
        }
        return false;
      },
      onSaved: (session) => logIn(session.token, session.user),
      success: SETUP_TEXTS.success,
      then: '/dashboard',
      replace: true,
    });
  }

  return (
    <AuthLayout title={SETUP_TEXTS.title}>
      {ended ? (
        <p className="staff-notice" role="alert">
          {SETUP_TEXTS[ended]}{' '}
          {ended === 'closed' ? <Link to="/login">{SETUP_TEXTS.logIn}</Link> : null}
        </p>
      ) : (
        <form className="staff-form" onSubmit={onSubmit} aria-busy={busy}>
          <p className="staff-hint">{SETUP_TEXTS.intro}</p>
          {NAME_FIELDS.map((name) => (
            <div key={name} className="staff-field">
              <label htmlFor={`${id}-${name}`}>{SETUP_TEXTS[name]}</label>
              <input
                id={`${id}-${name}`}
                name={name}
                type="text"
                autoComplete={name === 'firstName' ? 'given-name' : 'family-name'}
                required
                maxLength={100}
                aria-invalid={problem(name) ? true : undefined}
                aria-describedby={problem(name) ? `${id}-${name}-problem` : undefined}
              />
              {problem(name) ? (
                <p className="staff-field__problem" id={`${id}-${name}-problem`} role="alert">
                  {problem(name)}
                </p>
              ) : null}
            </div>
          ))}
          <EmailField id={`${id}-email`} autoComplete="email" problem={problem('email')} />
          <PasswordField
            name="password"
            label={SETUP_TEXTS.password}
            hint={SETUP_TEXTS.hint}
            autoComplete="new-password"
            minLength={12}
            problem={problem('password')}
          />
          <SubmitButton label={SETUP_TEXTS.submit} busyLabel={SETUP_TEXTS.busy} busy={busy} />
        </form>
      )}
    </AuthLayout>
  );
}
