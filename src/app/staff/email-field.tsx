import { COMMON_TEXTS } from './texts.ts';

/**
 * The staff forms' e-mail field (login, recovery, a colleague's account):
 * labelled, format checked by the browser, bounded like the API.
 */
export function EmailField({
  id,
  autoComplete,
  describedBy,
  problem,
}: {
  id: string;
  autoComplete: 'username' | 'email' | 'off';
  describedBy?: string;
  /** The server's problem with the address, shown under it. */
  problem?: string;
}) {
  const described = [describedBy ?? '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ');
  return (
    <div className="staff-field">
      <label htmlFor={id}>{COMMON_TEXTS.email}</label>
      <input
        id={id}
        name="email"
        type="email"
        autoComplete={autoComplete}
        inputMode="email"
        required
        maxLength={254}
        aria-describedby={described || undefined}
        aria-invalid={problem ? true : undefined}
      />
      {problem ? (
        <p className="staff-field__problem" id={`${id}-problem`} role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
