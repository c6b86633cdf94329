/**
 * What both sides of a takeaway order must agree on without zod (the
 * guest's page bundles this, not the schemas): the quantity limits, and the
 * refusals' English descriptions, written by the server (services/takeaway).
 * The data a description names (the dishes, the next time) travels again in
 * the refusal's `details` (REFUSAL_DETAILS in src/shared/schemas/errors.ts):
 * that is what the pages read.
 */

/** Quantities of one dish in an order: whole numbers 1-50, at most 100 in all. */
export const QUANTITY_MAX = 50;
export const ORDER_QUANTITY_MAX = 100;

/** item-unavailable: the ids of the dishes that cannot be ordered now. */
export const unavailableDescription = (ids: readonly number[]): string =>
  `These dishes cannot be ordered now (sold out or not for takeaway): ${ids.join(', ')}.`;

/**
 * slot-full: `asked` (a pickup time, or "This pickup time") is full, and
 * `next` is the first later time that fits the order (null: none that day).
 */
export const slotFullDescription = (asked: string, next: string | null): string =>
  next
    ? `${asked} is full: the first later time that fits this order is ${next}.`
    : `${asked} is full, and no later time on this day fits this order.`;
