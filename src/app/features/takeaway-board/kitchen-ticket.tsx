import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { TakeawayOrder } from '../../../shared/schemas/takeaway.ts';
import { lineText } from './format.ts';
import { euros, GUEST_NOTICE_TEXTS, guestName, spokenDate } from '../../staff-kit/index.ts';
import { BOARD_TEXTS, TICKET_TEXTS as T } from './takeaway-board-texts.ts';

/** The paper the ticket goes on: the kitchen's 80 mm receipt printer, or an office printer's A4. */
export type TicketPaper = 'receipt' | 'a4';

/**
 * The order as the kitchen reads it on paper: who, when, what, the notes
 * and the total. Put straight under <body>, where the print style sheet
 * prints it alone (takeaway-board.css).
 */
function KitchenTicket({ order, paper }: { order: TakeawayOrder; paper: TicketPaper }) {
  return createPortal(
    <div className={`kitchen-ticket kitchen-ticket--${paper}`} data-testid="kitchen-ticket">
      <p className="kitchen-ticket__pickup">
        {T.pickup} {order.pickup.time}
      </p>
      <p>{spokenDate(order.pickup.date)}</p>
      <p>
        {T.order(order.id)} · {BOARD_TEXTS.source[order.source]}
      </p>
      <p className="kitchen-ticket__name">{guestName(order.name)}</p>
      <p>{order.phone}</p>
      <ul className="kitchen-ticket__lines">
        {order.lines.map((line, index) => (
          <li key={index}>{lineText(line)}</li>
        ))}
      </ul>
      {order.notes ? (
        <p className="kitchen-ticket__notes">
          {BOARD_TEXTS.notes}: {order.notes}
        </p>
      ) : null}
      {order.guest?.notes ? (
        // Staff's notes on the guest (an allergy) matter to the kitchen too.
        <p className="kitchen-ticket__notes">
          {GUEST_NOTICE_TEXTS.notes}: {order.guest.notes}
        </p>
      ) : null}
      <p className="kitchen-ticket__total">
        {BOARD_TEXTS.total} {euros(order.total)}
      </p>
      <p>{T.payAtPickup}</p>
    </div>,
    document.body,
  );
}

/**
 * Prints one order's ticket: `print(order)` puts it on the page, and once
 * it is there the browser's print dialog opens; it leaves the page when
 * the dialog has closed.
 */
export function useTicketPrinter(paper: TicketPaper) {
  const [order, setOrder] = useState<TakeawayOrder | null>(null);
  useEffect(() => {
    if (!order) return;
    const done = () => setOrder(null);
    window.addEventListener('afterprint', done, { once: true });
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [order]);
  return {
    print: setOrder,
    ticket: order ? <KitchenTicket order={order} paper={paper} /> : null,
  };
}

/** The choice of paper, for every ticket printed from the board. */
export function PaperChoice({
  paper,
  onChange,
}: {
  paper: TicketPaper;
  onChange: (paper: TicketPaper) => void;
}) {
  return (
    <fieldset className="takeaway-board__paper">
      <legend>{T.paper}</legend>
      {(['receipt', 'a4'] as const).map((choice) => (
        <label key={choice}>
          <input
            type="radio"
            name="ticket-paper"
            checked={paper === choice}
            onChange={() => onChange(choice)}
          />
          {choice === 'receipt' ? T.receipt : T.a4}
        </label>
      ))}
    </fieldset>
  );
}
