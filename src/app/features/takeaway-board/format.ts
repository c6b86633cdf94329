import { formatPrice } from '../../../shared/price.ts';
import { dayAndDateText } from '../../components/opening-hours/format.ts';
import type { OrderLine, TakeawayOrder } from '../../../shared/schemas/takeaway.ts';

const shortDate = new Intl.DateTimeFormat('it-IT', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

// A calendar date read at noon UTC: no time zone moves it to another day.
const noon = (date: string) => new Date(`${date}T12:00:00Z`);

/** "2026-06-10" → "mercoledì 10 giugno 2026". */
export const spokenDate = (date: string) => dayAndDateText('it', date, true);

/** "2026-06-11" → "gio 11 giu" (a new order's day, when it is not the day on screen). */
export const shortDay = (date: string) => shortDate.format(noon(date));

/** "23.50" → "23,50 €". */
export const euros = (amount: string) => formatPrice(amount);

/** "2 × Margherita (grande)". */
export const lineText = (line: OrderLine) =>
  `${line.quantity} × ${line.name}${line.label ? ` (${line.label})` : ''}`;

/** Orders by pickup day and time, then as they came in. */
export const byPickup = (a: TakeawayOrder, b: TakeawayOrder) =>
  `${a.pickup.date} ${a.pickup.time} ${a.createdAt}`.localeCompare(
    `${b.pickup.date} ${b.pickup.time} ${b.createdAt}`,
  );
