import { LANGUAGE_LABELS_IT, telHref } from '../../../shared/languages.ts';
import type { TakeawayOrder } from '../../../shared/schemas/takeaway.ts';
import { lineText } from './format.ts';
import { euros, GuestNotice, guestName, shortDay } from '../../staff-kit/index.ts';
import { OrderActions } from './order-actions.tsx';
import { BOARD_TEXTS as T } from './takeaway-board-texts.ts';

const DONE: readonly TakeawayOrder['status'][] = ['collected', 'declined', 'cancelled', 'no-show'];

/**
 * One order on the board, the kitchen's order of reading: the pickup time
 * large, the guest's name and the phone to call, the status; the dishes with
 * their quantities; the notes and the total; then the next step as the main
 * button (for a new order "Apri" first: it rings until someone opens it),
 * the other actions and "Stampa" folded under "Altre azioni".
 */
export function OrderCard({
  order,
  date,
  times,
  refresh,
  onOpen,
  onPrint,
}: {
  order: TakeawayOrder;
  /** The day on screen: an order of another day says its day. */
  date: string;
  /** The pickup times of the day on screen, to move an order of that day to. */
  times: readonly string[];
  refresh: () => void;
  /** Given for a new order: the "Apri" button. */
  onOpen?: () => void;
  onPrint: () => void;
}) {
  const done = DONE.includes(order.status);
  const classes = ['takeaway-order'];
  if (!order.opened) classes.push('takeaway-order--new');
  if (done) classes.push('takeaway-order--done');
  return (
    <li className={classes.join(' ')}>
      <div className="takeaway-order__head">
        <span className="takeaway-order__time">{order.pickup.time}</span>
        <span className="takeaway-order__who">
          <span className="takeaway-order__name">{guestName(order.name)}</span>
          <a
            className="takeaway-order__phone"
            href={telHref(order.phone)}
            aria-label={T.callLabel(order.name, order.phone)}
          >
            {order.phone}
          </a>
        </span>
        <span className="takeaway-order__badges">
          {order.pickup.date === date ? null : (
            <span className="takeaway-order__day">{T.pickupOn(shortDay(order.pickup.date))}</span>
          )}
          <span className={`staff-badge takeaway-order__status--${order.status}`}>
            {T.status[order.status]}
          </span>
          <span className="staff-badge">{T.source[order.source]}</span>
        </span>
      </div>
      <GuestNotice guest={order.guest} name={order.name} className="takeaway-order__guest" />
      <ul className="takeaway-order__lines" aria-label={T.linesLabel(order.name)}>
        {order.lines.map((line, index) => (
          <li key={index}>{lineText(line)}</li>
        ))}
      </ul>
      <dl className="takeaway-order__details">
        <div>
          <dt>{T.total}</dt>
          <dd className="takeaway-order__total">{euros(order.total)}</dd>
        </div>
        {order.lang === 'it' ? null : (
          <div>
            <dt>{T.lang}</dt>
            <dd>{LANGUAGE_LABELS_IT[order.lang]}</dd>
          </div>
        )}
        {order.notes ? (
          <div className="takeaway-order__wide">
            <dt>{T.notes}</dt>
            <dd className="takeaway-order__text">{order.notes}</dd>
          </div>
        ) : null}
        {order.message ? (
          <div className="takeaway-order__wide">
            <dt>{T.staffMessage}</dt>
            <dd className="takeaway-order__text">{order.message}</dd>
          </div>
        ) : null}
      </dl>
      <OrderActions
        // A move by a colleague starts the time choice again from the new time.
        key={order.pickup.time}
        order={order}
        times={order.pickup.date === date ? times : []}
        refresh={refresh}
        onOpen={onOpen}
        onPrint={onPrint}
      />
    </li>
  );
}
