/**
 * What both sides of a takeaway order must agree on without zod (the
 * guest's page bundles this, not the schemas): the quantity limits, and the
 * refusals' descriptions, written by the server (services/takeaway) and read
 * back by the pages (the dishes a sold-out refusal names, the next time a
 * full slot's refusal offers), so that the wording and its reading live in
 * one place.
 */

/** Quantities of one dish in an order: whole numbers 1-50, at most 100 in all. */
export const QUANTITY_MAX = 50;
export const ORDER_QUANTITY_MAX = 100;

/** item-unavailable: the ids of the dishes that cannot be ordered now. */
export const unavailableDescription = (ids: readonly number[]): string =>
  `These dishes cannot be ordered now (sold out or not for takeaway): ${ids.join(', ')}.`;

/** The ids an item-unavailable refusal names. */
export const unavailableIds = (description: string): number[] =>
  (description.slice(description.lastIndexOf(':') + 1).match(/\d+/g) ?? []).map(Number);

/**
 * slot-full: `asked` (a pickup time, or "This pickup time") is full, and
 * `next` is the first later time that fits the order (null: none that day).
 */
export const slotFullDescription = (asked: string, next: string | null): string =>
  next
    ? `${asked} is full: the first later time that fits this order is ${next}.`
    : `${asked} is full, and no later time on this day fits this order.`;

/** The later time a slot-full refusal offers, or null when it offers none. */
export const nextTimeOf = (description: string): string | null =>
  /fits this order is (\d{2}:\d{2})\./.exec(description)?.[1] ?? null;
