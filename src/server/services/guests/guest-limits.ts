import { createHash } from 'node:crypto';
import { limitedEmail, limitedPhone } from '../../../shared/schemas/guest.ts';
import {
  hitLimit,
  type AddressLimit,
  type LimitCounters,
  type RateLimited,
} from '../address-limits.ts';

/**
 * The per-guest limits on a guest's request from the site (a booking, a
 * takeaway order, an event request): each family names its budgets
 * (`GuestLimits`); the order they are counted in, the honeypot and who one
 * guest is are here. The counting itself is address-limits.ts `hitLimit`.
 */

/** An e-mail or phone is counted by its digest: no limit's key holds a guest's address. */
export const contactDigest = (text: string) => createHash('sha256').update(text).digest('hex');

/** The three budgets a guest's request from the site is counted against (docs/security.md item 41). */
export interface GuestLimits {
  address: AddressLimit;
  email: AddressLimit;
  phone: AddressLimit;
}

/**
 * What stands between a guest's form (a booking, a takeaway order) and its
 * effect: the address's flood limit first (in memory, then in the
 * database), then the honeypot (`'robot'`: the caller answers as if it was
 * received and stores nothing), then the limits of the e-mail and the phone
 * (a "+tag" or a spelling of the number is the same guest). Null: go ahead.
 */
export async function screenGuest(
  counters: LimitCounters,
  limits: GuestLimits,
  clientKey: string,
  guest: { email: string; phone: string; website?: string | undefined },
): Promise<RateLimited | 'robot' | null> {
  const byAddress = await hitLimit(counters, limits.address, clientKey);
  if (byAddress) return byAddress;
  if ((guest.website ?? '').trim() !== '') return 'robot';
  return (
    (await hitLimit(counters, limits.email, contactDigest(limitedEmail(guest.email)))) ??
    (await hitLimit(counters, limits.phone, contactDigest(limitedPhone(guest.phone))))
  );
}
