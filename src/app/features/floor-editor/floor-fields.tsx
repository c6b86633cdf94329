import { useState } from 'react';

/**
 * A whole number staff type: the text as typed stays on screen while it is
 * not a number yet (an emptied field), and follows the value when it changes
 * elsewhere (a drag, the arrows).
 */
export function WholeField({
  id,
  label,
  value,
  min,
  max,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
}) {
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(String(value));
  }
  return (
    <div className="staff-field floor-editor__number">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        required
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (/^\d{1,3}$/.test(event.target.value.trim())) {
            const typed = Number(event.target.value);
            setShown(typed);
            onChange(typed);
          }
        }}
      />
    </div>
  );
}

/** A yes or no of the plan (online bookable), its label beside the box. */
export function CheckField({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="floor-editor__check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** A one-line name field (an area, a table, a combination). */
export function NameField({
  id,
  label,
  value,
  maxLength,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  maxLength: number;
  onChange: (value: string) => void;
}) {
  return (
    <div className="staff-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        required
        maxLength={maxLength}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
