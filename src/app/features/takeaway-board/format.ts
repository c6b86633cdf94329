import type { OrderLine, TakeawayOrder } from '../../../shared/schemas/takeaway.ts';

/** "2 × Margherita (grande)". */
export const lineText = (line: OrderLine) =>
  `${line.quantity} × ${line.name}${line.label ? ` (${line.label})` : ''}`;

/** Orders by pickup day and time, then as they came in. */
export const byPickup = (a: TakeawayOrder, b: TakeawayOrder) =>
  `${a.pickup.date} ${a.pickup.time} ${a.createdAt}`.localeCompare(
    `${b.pickup.date} ${b.pickup.time} ${b.createdAt}`,
  );
