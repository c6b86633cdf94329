import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { acceptInvitation } from './auth-api.ts';
import { AuthLayout } from './auth-layout.tsx';
import { PasswordField } from './password-field.tsx';
import { ACCEPT_INVITE_TEXTS, LOGIN_TEXTS } from './texts.ts';
import { useSave, useUser, SubmitButton } from '../../staff/index.ts';
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
  const { save, busy } = useSave();
  const { logIn } = useUser();
  const [invalid, setInvalid] = useState(token === '');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    await save(() => acceptInvitation(token, password), {
      networkMessage: LOGIN_TEXTS.failure,
      onFailure: (failure) => {
        const used = refusalCodes(failure).includes(STAFF_REFUSALS.invalidInvitation);
        if (used) setInvalid(true);
        return used;
      },
      onSaved: (session) => logIn(session.token, session.user),
      success: ACCEPT_INVITE_TEXTS.success,
      then: '/dashboard',
      replace: true,
    });
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
          <SubmitButton
            label={ACCEPT_INVITE_TEXTS.submit}
            busyLabel={ACCEPT_INVITE_TEXTS.busy}
            busy={busy}
          />
        </form>
      )}
    </AuthLayout>
  );
}
