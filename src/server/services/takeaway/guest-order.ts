import { romeDate } from '../../../shared/opening-hours.ts';
import type { TakeawayOrderBody } from '../../../shared/schemas/takeaway.ts';
import {
  screenGuest,
  type AddressLimit,
  type LimitCounters,
  type RateLimited,
} from '../address-limits.ts';
import type { OrderOutcome, TakeawayOrders } from './orders.ts';

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

/** A guest's order from the site, once `screenGuest` lets it through. */
export async function placeGuestOrder(
  parts: { counters: LimitCounters; orders: TakeawayOrders; now: () => number },
  clientKey: string,
  body: TakeawayOrderBody,
): Promise<OrderOutcome | RateLimited> {
  const screened = await screenGuest(parts.counters, ORDER_LIMITS, clientKey, body);
  if (screened === 'robot') {
    const pickup =
      body.pickup === 'asap' ? { date: romeDate(new Date(parts.now())), time: '' } : body.pickup;
    return { ok: true, order: { id: 0, status: 'received', pickup, total: '0.00', lines: [] } };
  }
  if (screened) return screened;
  return parts.orders.place(body, clientKey);
}
