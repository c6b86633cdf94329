import { STAFF_MESSAGE_MAX } from '../../../shared/schemas/reservations.ts';
import { RESERVATIONS_TEXTS as T } from './reservations-office-texts.ts';

/** The guest's message that goes with a decline (one booking's, or all of a guest's). */
export function DeclineMessageField({
  id,
  value,
  onChange,
  hint,
  className = 'staff-field',
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id}>{T.declineMessage}</label>
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
