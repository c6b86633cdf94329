import { LANGUAGE_LABELS_IT, LANGUAGES, type Lang } from '../../shared/languages.ts';

/** What the back office's forms share beyond saving: a few fields, and how typed text meets the schema. */

/** A whole number as typed; anything else stays text for the schema to refuse in words. */
export const typedNumber = (text: string): number | string =>
  /^\s*\d{1,9}\s*$/.test(text) ? Number(text) : text;

/**
 * The form's problems in Italian, one per refused field, in the order of
 * `problems` (the form's); `others` words a field the form has no text for.
 */
export function problemsInOrder(
  problems: Readonly<Record<string, string>>,
  fields: Iterable<unknown>,
  others: (field: unknown) => string[] = () => [],
): string[] {
  const seen = new Set(fields);
  return [
    ...Object.keys(problems)
      .filter((field) => seen.has(field))
      .map((field) => problems[field]!),
    ...[...seen]
      .filter((field) => typeof field !== 'string' || !(field in problems))
      .flatMap(others),
  ];
}

/** A setting typed as a whole number, with its hint below (the default, what it does). */
export function NumberField({
  id,
  label,
  value,
  hint,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  hint: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="staff-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        required
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p className="staff-hint" id={`${id}-hint`}>
        {hint}
      </p>
    </div>
  );
}

/** The guest's language, for what the restaurant sends them (its names in Italian). */
export function GuestLangField({
  id,
  label,
  value,
  hint,
  onChange,
}: {
  id: string;
  label: string;
  value: Lang;
  hint?: string | undefined;
  onChange: (lang: Lang) => void;
}) {
  return (
    <div className="staff-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value as Lang)}
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang}>
            {LANGUAGE_LABELS_IT[lang]}
          </option>
        ))}
      </select>
      {hint ? (
        <p className="staff-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
