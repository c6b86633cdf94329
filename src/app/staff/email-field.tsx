import { COMMON_TEXTS } from './texts.ts';

/**
 * The staff forms' e-mail field (login, recovery, a colleague's account):
 * labelled, format checked by the browser, bounded like the API.
 */
export function EmailField({
  id,
  autoComplete,
  describedBy,
}: {
  id: string;
  autoComplete: 'username' | 'email' | 'off';
  describedBy?: string;
}) {
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
        aria-describedby={describedBy}
      />
    </div>
  );
}
