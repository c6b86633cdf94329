import { romeDate } from '../../../shared/opening-hours.ts';
import type { CreatedOrder, TakeawayOrderBody } from '../../../shared/schemas/takeaway.ts';
import type { AddressLimit, LimitCounters, RateLimited } from '../address-limits.ts';
import { screenGuest } from '../guests/guest-limits.ts';
import { createdView } from './order-rows.ts';
import type { RefusedOrder, TakeawayOrders } from './orders.ts';

const HOUR_MS = 60 * 60 * 1000;
const ORDERS_LIMITED = 'Too many orders: please try again later, or call the restaurant.';

/**
 * An online order is counted three times, each on its own budget of 10 an
 * hour (docs/security.md item 41): per client address (IPv6: its /56), per
 * e-mail and per phone. A family orders once an evening; a robot filling the
 * oven needs dozens.
 */
export const ORDER_ADDRESS_LIMIT: AddressLimit = {
  name: 'takeaway-ip',
  limit: 10,
  windowMs: HOUR_MS,
  description: ORDERS_LIMITED,
};
export const ORDER_EMAIL_LIMIT: AddressLimit = { ...ORDER_ADDRESS_LIMIT, name: 'takeaway-email' };
export const ORDER_PHONE_LIMIT: AddressLimit = { ...ORDER_ADDRESS_LIMIT, name: 'takeaway-phone' };
const ORDER_LIMITS = {
  address: ORDER_ADDRESS_LIMIT,
  email: ORDER_EMAIL_LIMIT,
  phone: ORDER_PHONE_LIMIT,
};

export type GuestOrderOutcome = { ok: true; order: CreatedOrder } | RefusedOrder | RateLimited;

/**
 * A guest's order from the site, once `screenGuest` lets it through. A
 * robot's (the honeypot) is answered as taken, with id 0, and nothing stored.
 */
export async function placeGuestOrder(
  parts: { counters: LimitCounters; orders: TakeawayOrders; now: () => number },
  clientKey: string,
  body: TakeawayOrderBody,
): Promise<GuestOrderOutcome> {
  const screened = await screenGuest(parts.counters, ORDER_LIMITS, clientKey, body);
  if (screened === 'robot') {
    const pickup =
      body.pickup === 'asap' ? { date: romeDate(new Date(parts.now())), time: '' } : body.pickup;
    return { ok: true, order: { id: 0, status: 'received', pickup, total: '0.00', lines: [] } };
  }
  if (screened) return screened;
  const placed = await parts.orders.place(body, { source: 'online', clientKey });
  return placed.ok ? { ok: true, order: createdView(placed.order) } : placed;
}
