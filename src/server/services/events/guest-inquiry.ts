import type { AddressLimit } from '../address-limits.ts';
import type { GuestLimits } from '../guests/guest-limits.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A request for an event is counted three times, each on its own budget of
 * 10 an hour (docs/security.md item 41): per client address (IPv6: its
 * /56), per e-mail and per phone. A family asks once; a robot filling the
 * restaurant's calendar needs dozens.
 */
export const INQUIRY_ADDRESS_LIMIT: AddressLimit = {
  name: 'events-ip',
  limit: 10,
  windowMs: HOUR_MS,
  description: 'Too many requests: please try again later, or call the restaurant.',
};
export const INQUIRY_LIMITS: GuestLimits = {
  address: INQUIRY_ADDRESS_LIMIT,
  email: { ...INQUIRY_ADDRESS_LIMIT, name: 'events-email' },
  phone: { ...INQUIRY_ADDRESS_LIMIT, name: 'events-phone' },
};
