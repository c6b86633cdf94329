import { STAFF_MESSAGE_MAX } from '../../shared/schemas/guest.ts';

/** The guest's message that goes with a decline (one request's, or all of a guest's). */
export function DeclineMessageField({
  id,
  label,
  value,
  onChange,
  hint,
  className = 'staff-field',
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={3}
        maxLength={STAFF_MESSAGE_MAX}
        value={value}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint ? (
        <p className="staff-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
