import { FORM_TEXTS } from './texts.ts';
import { useId, useState } from 'react';
import { PasswordToggle } from './password-toggle.tsx';

/** A labelled password field with its show/hide toggle and an optional hint. */
export function PasswordField({
  name,
  label,
  hint,
  autoComplete,
  minLength,
}: {
  name: string;
  label: string;
  hint?: string;
  autoComplete: 'current-password' | 'new-password';
  minLength?: number;
}) {
  const id = useId();
  const [shown, setShown] = useState(false);
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
          aria-describedby={hint ? `${id}-hint` : undefined}
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
    </div>
  );
}
