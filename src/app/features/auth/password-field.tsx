import { FORM_TEXTS } from './texts.ts';
import { useId, useState } from 'react';
import { PasswordToggle } from './password-toggle.tsx';

/** A labelled password field with its show/hide toggle, an optional hint and the server's problem with it. */
export function PasswordField({
  name,
  label,
  hint,
  autoComplete,
  minLength,
  problem,
}: {
  name: string;
  label: string;
  hint?: string;
  autoComplete: 'current-password' | 'new-password';
  minLength?: number;
  problem?: string;
}) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const describedBy = [hint ? `${id}-hint` : '', problem ? `${id}-problem` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="staff-field">
      <label htmlFor={id}>{label}</label>
      <div className="staff-password">
        <input
          id={id}
          name={name}
          type={shown ? 'text' : 'password'}
          autoComplete={autoComplete}
          autoCapitalize="off"
          spellCheck={false}
          required
          minLength={minLength}
          maxLength={autoComplete === 'new-password' ? 128 : 1024}
          aria-describedby={describedBy || undefined}
          aria-invalid={problem ? true : undefined}
        />
        <PasswordToggle
          shown={shown}
          onToggle={() => setShown((value) => !value)}
          label={FORM_TEXTS.showPassword}
          controls={id}
        />
      </div>
      {hint ? (
        <p className="staff-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {problem ? (
        <p className="staff-field__problem" id={`${id}-problem`} role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
