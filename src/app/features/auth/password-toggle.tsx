/**
 * Show/hide toggle for password fields: a real button
 * whose name does not change; its state is `aria-pressed` (pressed = shown).
 */
export function PasswordToggle({
  shown,
  onToggle,
  label,
  controls,
  withText = false,
}: {
  shown: boolean;
  onToggle: () => void;
  label: string;
  /** The id(s) of the field(s) it reveals. */
  controls: string;
  /** Show the label next to the icon (the reset form's shared toggle). */
  withText?: boolean;
}) {
  return (
    <button
      type="button"
      className={withText ? 'staff-toggle staff-toggle--text' : 'staff-toggle'}
      aria-pressed={shown}
      aria-controls={controls}
      title={withText ? undefined : label}
      onClick={onToggle}
    >
      <EyeIcon crossed={shown} />
      <span className={withText ? undefined : 'visually-hidden'}>{label}</span>
    </button>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M4 4l16 16" /> : null}
    </svg>
  );
}
