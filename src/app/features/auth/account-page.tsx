import { useId, type FormEvent } from 'react';
import { ROLE_LABELS } from '../../../shared/schemas/staff.ts';
import { changePassword } from './auth-api.ts';
import { PasswordField } from './password-field.tsx';
import { ACCOUNT_TEXTS } from './texts.ts';
import { useStaffSave, useUser, SubmitButton, StaffPanel } from '../../staff/index.ts';

/** /dashboard/account: who one is, and "Cambia password" (the other sessions end). */
export function AccountPage() {
  const id = useId();
  const { user } = useUser();
  const { save, busy } = useStaffSave();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const current = String(data.get('currentPassword') ?? '');
    const next = String(data.get('newPassword') ?? '');
    await save((token) => changePassword(token, current, next), {
      then: false,
      onSaved: () => form.reset(),
      success: ACCOUNT_TEXTS.success,
    });
  }

  return (
    <>
      <div className="staff-dashboard__intro">
        <h1>{ACCOUNT_TEXTS.title}</h1>
        {user ? (
          <p>
            {`${user.firstName} ${user.lastName}`.trim()} · {user.email}
            {user.role ? ` · ${ACCOUNT_TEXTS.role(ROLE_LABELS[user.role])}` : ''}
          </p>
        ) : null}
      </div>
      <StaffPanel
        title={ACCOUNT_TEXTS.changePassword}
        intro={ACCOUNT_TEXTS.intro}
        titleId={`${id}-title`}
      >
        <form
          className="staff-form"
          onSubmit={onSubmit}
          aria-labelledby={`${id}-title`}
          aria-busy={busy}
        >
          <PasswordField
            name="currentPassword"
            label={ACCOUNT_TEXTS.currentPassword}
            autoComplete="current-password"
          />
          <PasswordField
            name="newPassword"
            label={ACCOUNT_TEXTS.newPassword}
            hint={ACCOUNT_TEXTS.hint}
            autoComplete="new-password"
            minLength={12}
          />
          <div>
            <SubmitButton label={ACCOUNT_TEXTS.submit} busyLabel={ACCOUNT_TEXTS.busy} busy={busy} />
          </div>
        </form>
      </StaffPanel>
    </>
  );
}
