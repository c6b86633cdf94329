import { useId, useState, type ReactNode } from 'react';
import {
  STAFF_MESSAGE_MAX,
  TAKEAWAY_REFUSALS,
  type TakeawayOrder,
  type TakeawayOrderPatch,
} from '../../../shared/schemas/takeaway.ts';
import { refusalDetails, refusalsOf } from '../../api/errors.ts';
import { ConfirmedAction } from '../../components/confirmed-action.tsx';
import { showToast } from '../../components/toasts.tsx';
import { DeclineAllAction, useStaffSave } from '../../staff/index.ts';
import { changeOrder } from './takeaway-board-api.ts';
import {
  ACTION_TEXTS as T,
  BOARD_TEXTS,
  DECLINE_ALL_TEXTS,
  TICKET_TEXTS,
} from './takeaway-board-texts.ts';
import { useDisclosure } from './use-disclosure.ts';

/**
 * Sends a change of one order; on success a toast and the board asked
 * again at once. A refusal is said in Italian: an order a colleague (or
 * the guest) changed meanwhile, a time that is no pickup time, a full slot
 * with the next time that fits.
 */
function useOrderChange(refresh: () => void) {
  const { save, busy } = useStaffSave();
  const change = async (order: TakeawayOrder, body: TakeawayOrderPatch, success: string) => {
    await save((token) => changeOrder(token, order.id, body), {
      success,
      then: false,
      onSaved: refresh,
      reloadOn: [],
      onFailure: (failure) => {
        const [refusal] = refusalsOf(failure);
        if (failure.kind === 'http' && (failure.status === 404 || failure.status === 409)) {
          refresh();
        }
        if (!refusal) return false;
        const asked = body.pickupTime ?? order.pickup.time;
        const message =
          refusal.code === TAKEAWAY_REFUSALS.transition
            ? T.changedMeanwhile(order.name)
            : refusal.code === TAKEAWAY_REFUSALS.notASlot
              ? T.notASlot(asked)
              : refusal.code === TAKEAWAY_REFUSALS.full
                ? T.slotFull(refusalDetails(refusal, TAKEAWAY_REFUSALS.full)?.nextTime ?? null)
                : null;
        if (!message) return false;
        void showToast('warning', message);
        return true;
      },
    });
  };
  return { change, busy };
}

/**
 * The actions an order's status allows. The kitchen's next step (accept,
 * possibly at another time; ready; collected) is the card's main button,
 * one tap; the rest waits behind "Altre azioni", so a card stays short on a
 * phone: moving an accepted order, declining, cancelling and a no-show (which
 * ask first, as they tell the guest or close the order for good), "Rifiuta
 * tutte", and printing the ticket. A new order has "Apri" first.
 * `times` are the day's pickup times, to accept at (or move to) another.
 */
export function OrderActions({
  order,
  times,
  refresh,
  onOpen,
  onPrint,
}: {
  order: TakeawayOrder;
  times: readonly string[];
  refresh: () => void;
  /** Given for a new order: the "Apri" button. */
  onOpen?: () => void;
  onPrint: () => void;
}) {
  const id = useId();
  const { change, busy } = useOrderChange(refresh);
  const [time, setTime] = useState(order.pickup.time);
  const [message, setMessage] = useState('');
  const { status, name } = order;
  const moved = time !== order.pickup.time;
  const main: ReactNode[] = [];
  const more: ReactNode[] = [];

  const timeSelect =
    times.length > 0 ? (
      <div className="staff-field" key="time">
        <label htmlFor={`${id}-time`}>{T.newTime}</label>
        <select id={`${id}-time`} value={time} onChange={(event) => setTime(event.target.value)}>
          {[...new Set([order.pickup.time, ...times])].sort().map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
    ) : null;

  // A new order's next step is "Apri" (it rings until then): the status step waits beside it.
  const tap = (key: string, label: string, run: () => Promise<void>, next = false) => (
    <button
      key={key}
      type="button"
      className={
        next && !onOpen ? 'staff-button takeaway-order__next' : 'staff-button staff-button--small'
      }
      disabled={busy}
      onClick={() => void run()}
    >
      {label}
    </button>
  );
  const asked = (
    key: string,
    label: string,
    question: string,
    confirmLabel: string,
    run: () => Promise<void>,
    details?: ReactNode,
  ) => (
    <ConfirmedAction
      key={key}
      label={label}
      question={question}
      confirmLabel={confirmLabel}
      cancelLabel={T.back}
      onConfirm={run}
    >
      {details}
    </ConfirmedAction>
  );

  if (status === 'received') {
    main.push(
      timeSelect,
      tap(
        'accept',
        moved ? T.acceptAt(time) : T.accept,
        () =>
          change(
            order,
            moved ? { status: 'accepted', pickupTime: time } : { status: 'accepted' },
            moved ? T.done.moved(name, time) : T.done.accepted(name),
          ),
        true,
      ),
    );
  }
  if (status === 'accepted') {
    main.push(
      tap('ready', T.ready, () => change(order, { status: 'ready' }, T.done.ready(name)), true),
    );
    more.push(timeSelect);
    if (moved) {
      more.push(
        tap('move', `${T.move} alle ${time}`, () =>
          change(order, { status: 'accepted', pickupTime: time }, T.done.moved(name, time)),
        ),
      );
    }
  }
  if (status === 'ready') {
    main.push(
      tap(
        'collected',
        T.collected,
        () => change(order, { status: 'collected' }, T.done.collected(name)),
        true,
      ),
    );
  }
  // Declining and cancelling both tell the guest, with staff's words if any (the mail quotes them).
  const ending = (to: 'declined' | 'cancelled') => {
    const text = message.trim();
    return change(order, text ? { status: to, message: text } : { status: to }, T.done[to](name));
  };
  const messageField = (
    <div className="staff-field">
      <label htmlFor={`${id}-message`}>{T.declineMessage}</label>
      <textarea
        id={`${id}-message`}
        rows={3}
        maxLength={STAFF_MESSAGE_MAX}
        value={message}
        aria-describedby={`${id}-message-hint`}
        onChange={(event) => setMessage(event.target.value)}
      />
      <p className="staff-hint" id={`${id}-message-hint`}>
        {T.declineHint}
      </p>
    </div>
  );
  if (status === 'received' || status === 'accepted') {
    more.push(
      asked(
        'decline',
        T.decline,
        T.declineQuestion(name),
        T.declineYes,
        () => ending('declined'),
        messageField,
      ),
    );
  }
  if (status === 'accepted' || status === 'ready') {
    more.push(
      asked('no-show', T.noShow, T.noShowQuestion(name), T.noShowYes, () =>
        change(order, { status: 'no-show' }, T.done['no-show'](name)),
      ),
    );
  }
  if (status === 'received' || status === 'accepted' || status === 'ready') {
    more.push(
      asked(
        'cancel',
        T.cancel,
        T.cancelQuestion(name),
        T.cancelYes,
        () => ending('cancelled'),
        messageField,
      ),
    );
  }
  // A flood of orders from one guest or connection (docs/security.md item 41): all at once.
  if (status === 'received' && order.source === 'online') {
    more.push(
      <DeclineAllAction
        key="decline-all"
        family="takeaway"
        of={{ id: order.id, email: order.email, phone: order.phone, online: true }}
        texts={DECLINE_ALL_TEXTS}
        refresh={refresh}
      />,
    );
  }
  more.push(
    <button
      key="print"
      type="button"
      className="staff-button staff-button--small staff-button--ghost"
      aria-label={TICKET_TEXTS.printLabel(name)}
      onClick={onPrint}
    >
      {TICKET_TEXTS.print}
    </button>,
  );
  return (
    <div className="takeaway-order__actions" role="group" aria-label={BOARD_TEXTS.actionsFor(name)}>
      {onOpen ? (
        <button type="button" className="staff-button takeaway-order__next" onClick={onOpen}>
          {BOARD_TEXTS.open}
        </button>
      ) : null}
      {main}
      <MoreActions>{more}</MoreActions>
    </div>
  );
}

/** "Altre azioni": an order's less frequent actions, folded under its main step. */
function MoreActions({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const { buttonProps, panelProps } = useDisclosure(open, setOpen);
  return (
    <>
      <button {...buttonProps} className="staff-button staff-button--small staff-button--ghost">
        {BOARD_TEXTS.moreActions}
      </button>
      {/* Kept in the page while folded: a question half answered stays as it was. */}
      <div {...panelProps} className="takeaway-order__more">
        {children}
      </div>
    </>
  );
}
