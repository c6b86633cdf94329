import { useEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import { Form } from 'react-router';
import { usePageLang } from '../i18n/use-page-lang.ts';
import type { Slot, TimeChoice } from './use-slots.ts';

/**
 * The pieces the guest pages (/reservations, /takeaway, /events) are built
 * of, with the shared classes of src/app/styles/reservations.css.
 */

/** A guest page: its title, what it says below it, and its forms. */
export function GuestPage({
  className,
  title,
  intro,
  children,
}: {
  /** The page's own class, beside the shared `guest-page`. */
  className: string;
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <main id="main" className={`page guest-page ${className}`}>
      <header className="booking-intro">
        <h1>{title}</h1>
        {intro}
      </header>
      {children}
    </main>
  );
}

/**
 * What replaced a form once the server took it: the guest's focus goes to
 * its heading (without JavaScript the browser gives it, by autofocus).
 */
export function DoneCard({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="booking-card booking-done" aria-labelledby={id}>
      <h2 id={id} tabIndex={-1} ref={heading} autoFocus>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A guest page's details form (a booking's, a takeaway order's), a card
 * posted to the page's action: its title, what the page puts in it, and
 * the page's language (hidden). `formProps`: `useGuestForm`'s.
 */
export function DetailsCardForm({
  titleId,
  title,
  formProps,
  children,
}: {
  titleId: string;
  title: string;
  formProps: ComponentProps<typeof Form>;
  children: ReactNode;
}) {
  const lang = usePageLang();
  return (
    <Form
      method="post"
      {...formProps}
      className="booking-card booking-details"
      aria-labelledby={titleId}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
      <input type="hidden" name="lang" value={lang} />
    </Form>
  );
}

/**
 * The time a guest chooses (a table's, a pickup's) among the slots the API
 * answered (`time`: `useTimeChoice`'s), with the status line below it, a
 * retry when they failed to load, why the server refused the time asked
 * for, and the page's own error.
 */
export function SlotSelect({
  id,
  label,
  time,
  firstOption,
  fullOption,
  status,
  retry,
  error,
  refused,
  autoFocus,
  required,
  disabled,
  timeText,
}: {
  /** The select's id; `<id>-status` and `<id>-error` name its lines. */
  id: string;
  label: string;
  time: TimeChoice;
  firstOption: { value: string; label: string };
  /** A full slot's option text. */
  fullOption: (time: string) => string;
  status: string;
  retry: string;
  /** The page's own error, when it marks the field. */
  error: string | null;
  /** The server refused the time asked for: what tells it (`message` beside the field, else elsewhere). */
  refused: { id: string; message?: string } | null;
  autoFocus: boolean;
  required?: boolean;
  disabled?: boolean;
  timeText: (time: string) => string;
}) {
  const { slots, value, pick } = time;
  const option = (slot: Slot) => (
    <option key={slot.time} value={slot.time} disabled={!slot.available}>
      {slot.available ? timeText(slot.time) : fullOption(timeText(slot.time))}
    </option>
  );
  return (
    <div className="booking-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name="time"
        required={required}
        aria-invalid={error !== null || refused ? true : undefined}
        aria-describedby={[
          `${id}-status`,
          error !== null ? `${id}-error` : null,
          refused?.id ?? null,
        ]
          .filter(Boolean)
          .join(' ')}
        autoFocus={autoFocus || undefined}
        // Kept enabled while the times load, so that the focus it may hold stays with it.
        disabled={disabled}
        value={value}
        onChange={(event) => pick(event.target.value)}
      >
        <option value={firstOption.value}>{firstOption.label}</option>
        {slots.state === 'ready' && slots.slots.map(option)}
      </select>
      <p id={`${id}-status`} className="booking-status" role="status">
        {slots.state === 'loading' && <span className="spinner spinner--small" aria-hidden />}
        {status}
      </p>
      {slots.state === 'failed' && (
        <button type="button" className="button button--ghost" onClick={slots.reload}>
          {retry}
        </button>
      )}
      {refused?.message && (
        <p id={refused.id} className="booking-error">
          {refused.message}
        </p>
      )}
      {error !== null && (
        <p id={`${id}-error`} className="booking-error">
          {error}
        </p>
      )}
    </div>
  );
}
