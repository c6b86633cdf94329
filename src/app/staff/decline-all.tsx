import { useEffect, useId, useState } from 'react';
import type { PendingOf } from '../../shared/schemas/guest.ts';
import { countPending, declinePending, type DeclineFamily } from './decline-all-api.ts';
import { DeclineMessageField } from './decline-message-field.tsx';
import { useApiErrorHandler } from './use-api-error-handler.ts';
import { useStaffSave } from './use-staff-save.ts';
import { useUser } from './user-provider.tsx';

type By = 'email' | 'phone' | 'addressOf';

/** What "Rifiuta tutte" says, in each family's words (its texts file). */
export interface DeclineAllTexts {
  declineAll: string;
  declineAllBy: string;
  declineAllByEmail: (email: string) => string;
  declineAllByPhone: (phone: string) => string;
  declineAllByAddress: string;
  declineAllCounting: string;
  declineAllQuestion: (count: number) => string;
  declineAllYes: (count: number) => string;
  declineAllDone: (count: number) => string;
  declineMessage: string;
  back: string;
}

/**
 * From one pending booking, takeaway order or event request: decline every
 * pending one of its guest at once (docs/security.md item 41), by its
 * e-mail, its phone, or the connection it came from. The question says how
 * many first (asked of the server, since they may be on other days); one tap
 * more declines them, and each guest gets one mail listing theirs.
 * `refresh`: the screen's own way to read its data again (the kitchen board
 * polls); without it, the section's loader runs again.
 */
export function DeclineAllAction({
  family,
  of,
  texts: T,
  refresh,
}: {
  family: DeclineFamily;
  /** The request it starts from; `online`: it came from the site, so it has an address. */
  of: { id: number; email: string; phone: string; online: boolean };
  texts: DeclineAllTexts;
  refresh?: () => void;
}) {
  const id = useId();
  const { token } = useUser();
  const handleFailure = useApiErrorHandler();
  const { save, busy } = useStaffSave();
  const [asking, setAsking] = useState(false);
  const [by, setBy] = useState<By>(of.email ? 'email' : 'phone');
  const [count, setCount] = useState<number | null>(null);
  const [message, setMessage] = useState('');

  const who = (): PendingOf =>
    by === 'email'
      ? { email: of.email }
      : by === 'phone'
        ? { phone: of.phone }
        : { addressOf: of.id };

  useEffect(() => {
    if (!asking || !token) return;
    let current = true;
    setCount(null);
    void countPending(token, family, who()).then((result) => {
      if (!current) return;
      if (result.ok) setCount(result.data.pending);
      else handleFailure(result.failure);
    });
    return () => {
      current = false;
    };
    // `who` follows `by` and the request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asking, by, token, family, of.id]);

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
    ...(of.email ? [['email', T.declineAllByEmail(of.email)] as [By, string]] : []),
    ...(of.phone ? [['phone', T.declineAllByPhone(of.phone)] as [By, string]] : []),
    ...(of.online ? [['addressOf', T.declineAllByAddress] as [By, string]] : []),
  ];
  const question = count === null ? T.declineAllCounting : T.declineAllQuestion(count);

  async function confirm() {
    if (!count) return;
    await save((token) => declinePending(token, family, who(), message.trim()), {
      success: (answer) => T.declineAllDone(answer.declined),
      ...(refresh
        ? {
            then: false,
            onSaved: () => {
              setAsking(false);
              refresh();
            },
          }
        : { onSaved: () => setAsking(false) }),
    });
  }

  return (
    <div className="staff-confirm" role="group" aria-label={T.declineAll}>
      <fieldset className="staff-fieldset decline-all">
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
          label={T.declineMessage}
          value={message}
          onChange={setMessage}
          className="staff-field decline-all__message"
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
