import { useEffect, useEffectEvent, useId, useState, type FormEvent } from 'react';
import { showToast } from '../../components/toasts.tsx';
import type { ApiFailure } from '../auth/api-client.ts';
import { PasswordToggle } from '../auth/password-toggle.tsx';
import { COLLEAGUES_TEXTS, COMMON_TEXTS } from '../auth/texts.ts';
import { useApiErrorHandler } from '../auth/use-api-error-handler.ts';
import { useUser } from '../auth/user-provider.tsx';
import { fetchStaff, registerColleague, type StaffMember } from './staff-api.ts';
import { EmailField } from '../auth/email-field.tsx';

const dateFormat = new Intl.DateTimeFormat('it-IT', { dateStyle: 'long' });

function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/**
 * The staff accounts and the form to register a colleague (`register` needs
 * a staff bearer token: nobody registers from outside).
 */
export function Colleagues() {
  const id = useId();
  const { token, user } = useUser();
  const handleFailure = useApiErrorHandler();
  const [staff, setStaff] = useState<StaffMember[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState(false);

  const onLoadFailure = useEffectEvent((failure: ApiFailure) => {
    setLoadFailed(true);
    handleFailure(failure);
  });

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    fetchStaff(token, controller.signal).then(
      (result) => {
        if (result.ok) {
          setStaff(result.data);
          setLoadFailed(false);
        } else {
          onLoadFailure(result.failure);
        }
      },
      () => {
        // aborted: the component went away or the list is being reloaded
      },
    );
    return () => controller.abort();
  }, [token, version]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !token) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const firstName = text('firstName');
    const lastName = text('lastName');
    setBusy(true);
    const result = await registerColleague(token, {
      email: text('email'),
      username: text('username'),
      password: String(data.get('password') ?? ''),
      ...(firstName ? { firstName } : {}),
      ...(lastName ? { lastName } : {}),
    });
    setBusy(false);
    if (!result.ok) {
      handleFailure(result.failure, COLLEAGUES_TEXTS.failure);
      return;
    }
    form.reset();
    setShown(false);
    void showToast('success', COLLEAGUES_TEXTS.success);
    setVersion((value) => value + 1);
  }

  return (
    <section className="staff-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="staff-panel__title">
        {COLLEAGUES_TEXTS.title}
      </h2>
      <p className="staff-panel__intro">{COLLEAGUES_TEXTS.intro}</p>
      {staff === null ? (
        <p role="status">{loadFailed ? COLLEAGUES_TEXTS.loadFailed : COLLEAGUES_TEXTS.loading}</p>
      ) : staff.length === 0 ? (
        <p>{COLLEAGUES_TEXTS.empty}</p>
      ) : (
        <ul className="staff-list" aria-label={COLLEAGUES_TEXTS.title}>
          {staff.map((member) => {
            const name = `${member.firstName} ${member.lastName}`.trim() || member.username;
            const since = formatDate(member.createdAt);
            return (
              <li key={member.email} className="staff-list__item">
                <span className="staff-list__name">
                  {name}
                  {member.email === user?.email ? <span className="staff-badge">tu</span> : null}
                </span>
                <span className="staff-list__meta">
                  {member.username ? <span>@{member.username}</span> : null}
                  <span>{member.email}</span>
                  {since ? <span>{COLLEAGUES_TEXTS.since(since)}</span> : null}
                </span>
              </li>
            );
          })}
        </ul>
      )}

      <h3 className="staff-panel__subtitle" id={`${id}-register`}>
        {COLLEAGUES_TEXTS.registerTitle}
      </h3>
      <p className="staff-panel__intro">{COLLEAGUES_TEXTS.registerIntro}</p>
      <form
        className="staff-form staff-form--grid"
        onSubmit={onSubmit}
        aria-labelledby={`${id}-register`}
        aria-busy={busy}
      >
        <EmailField id={`${id}-email`} autoComplete="off" />
        <div className="staff-field">
          <label htmlFor={`${id}-username`}>{COLLEAGUES_TEXTS.username}</label>
          <input
            id={`${id}-username`}
            name="username"
            type="text"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            required
            minLength={3}
            maxLength={50}
          />
        </div>
        <div className="staff-field">
          <label htmlFor={`${id}-first`}>
            {COLLEAGUES_TEXTS.firstName}{' '}
            <span className="staff-optional">{COLLEAGUES_TEXTS.optional}</span>
          </label>
          <input
            id={`${id}-first`}
            name="firstName"
            type="text"
            autoComplete="off"
            maxLength={100}
          />
        </div>
        <div className="staff-field">
          <label htmlFor={`${id}-last`}>
            {COLLEAGUES_TEXTS.lastName}{' '}
            <span className="staff-optional">{COLLEAGUES_TEXTS.optional}</span>
          </label>
          <input id={`${id}-last`} name="lastName" type="text" autoComplete="off" maxLength={100} />
        </div>
        <div className="staff-field staff-field--wide">
          <label htmlFor={`${id}-password`}>{COMMON_TEXTS.password}</label>
          <div className="staff-password">
            <input
              id={`${id}-password`}
              name="password"
              type={shown ? 'text' : 'password'}
              autoComplete="new-password"
              autoCapitalize="off"
              spellCheck={false}
              required
              minLength={12}
              maxLength={128}
              aria-describedby={`${id}-password-hint`}
            />
            <PasswordToggle
              shown={shown}
              onToggle={() => setShown((value) => !value)}
              label={COMMON_TEXTS.showPassword}
              controls={`${id}-password`}
            />
          </div>
          <p className="staff-hint" id={`${id}-password-hint`}>
            {COLLEAGUES_TEXTS.passwordHint}
          </p>
        </div>
        <div className="staff-field--wide">
          <button type="submit" className="staff-button" disabled={busy}>
            {busy ? COLLEAGUES_TEXTS.busy : COLLEAGUES_TEXTS.submit}
          </button>
        </div>
      </form>
    </section>
  );
}
