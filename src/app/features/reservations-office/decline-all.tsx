import { useEffect, useId, useState } from 'react';
import { type PendingOf, type Reservation } from '../../../shared/schemas/reservations.ts';
import { useApiErrorHandler, useStaffSave, useUser } from '../staff/index.ts';
import { DeclineMessageField } from './decline-message-field.tsx';
import { countPending, declinePending } from './reservations-office-api.ts';
import { RESERVATIONS_TEXTS as T } from './reservations-office-texts.ts';

type By = 'email' | 'phone' | 'addressOf';

/**
 * From one pending booking: decline every pending request of its guest at
 * once (docs/security.md item 41), by its e-mail, its phone, or the connection it
 * came from. The question says how many first (asked of the server, since
 * they may be on other days); one tap more declines them, and each guest gets
 * one mail listing theirs.
 */
export function DeclineAllAction({ booking }: { booking: Reservation }) {
  const id = useId();
  const { token } = useUser();
  const handleFailure = useApiErrorHandler();
  const { save, busy } = useStaffSave();
  const [asking, setAsking] = useState(false);
  const [by, setBy] = useState<By>(booking.email ? 'email' : 'phone');
  const [count, setCount] = useState<number | null>(null);
  const [message, setMessage] = useState('');

  const who = (): PendingOf =>
    by === 'email'
      ? { email: booking.email }
      : by === 'phone'
        ? { phone: booking.phone }
        : { addressOf: booking.id };

  useEffect(() => {
    if (!asking || !token) return;
    let current = true;
    setCount(null);
    void countPending(token, who()).then((result) => {
      if (!current) return;
      if (result.ok) setCount(result.data.pending);
      else handleFailure(result.failure);
    });
    return () => {
      current = false;
    };
    // `who` follows `by` and the booking.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asking, by, token, booking.id]);

  if (!asking) {
    return (
      <button
        type="button"
        className="staff-button staff-button--small staff-button--ghost"
        onClick={() => setAsking(true)}
      >
        {T.declineAll}
      </button>
    );
  }

  const choices: [By, string][] = [
    ...(booking.email ? [['email', T.declineAllByEmail(booking.email)] as [By, string]] : []),
    ['phone', T.declineAllByPhone(booking.phone)],
    ...(booking.source === 'online' ? [['addressOf', T.declineAllByAddress] as [By, string]] : []),
  ];
  const question = count === null ? T.declineAllCounting : T.declineAllQuestion(count);

  async function confirm() {
    if (!count) return;
    await save((token) => declinePending(token, who(), message.trim()), {
      onSaved: () => setAsking(false),
      success: (answer) => T.declineAllDone(answer.declined),
    });
  }

  return (
    <div className="staff-confirm" role="group" aria-label={T.declineAll}>
      <fieldset className="staff-fieldset bookings__decline-all">
        <legend>{T.declineAllBy}</legend>
        {choices.map(([value, label]) => (
          <label key={value}>
            <input
              type="radio"
              name={`${id}-by`}
              value={value}
              checked={by === value}
              onChange={() => setBy(value)}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      <p className="staff-confirm__question" aria-live="polite">
        {question}
      </p>
      {count ? (
        <DeclineMessageField
          id={`${id}-message`}
          value={message}
          onChange={setMessage}
          className="staff-field bookings__decline-all-message"
        />
      ) : null}
      {count ? (
        <button
          type="button"
          className="staff-button staff-button--small"
          disabled={busy}
          onClick={confirm}
        >
          {T.declineAllYes(count)}
        </button>
      ) : null}
      <button
        type="button"
        className="staff-button staff-button--small staff-button--ghost"
        onClick={() => setAsking(false)}
      >
        {T.back}
      </button>
    </div>
  );
}
