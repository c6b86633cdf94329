import {
  declinedPendingAnswer,
  pendingCountAnswer,
  type PendingOf,
} from '../../shared/schemas/guest.ts';
import { apiRequest, parseAnswer, type ApiResult } from '../api/client.ts';

/** Whose pending requests staff decline at once: bookings, takeaway orders or event requests. */
export type DeclineFamily = 'reservations' | 'takeaway' | 'events';

const pendingQuery = (who: PendingOf) =>
  'email' in who
    ? `email=${encodeURIComponent(who.email)}`
    : 'phone' in who
      ? `phone=${encodeURIComponent(who.phone)}`
      : `addressOf=${who.addressOf}`;

/** GET /api/{family}/decline-pending?…: how many pending requests one guest (or address) has. */
export async function countPending(
  token: string,
  family: DeclineFamily,
  who: PendingOf,
): Promise<ApiResult<{ pending: number }>> {
  return parseAnswer(
    await apiRequest('GET', `/${family}/decline-pending?${pendingQuery(who)}`, { token }),
    pendingCountAnswer,
  );
}

/** POST /api/{family}/decline-pending: declines them all, one mail to each guest. */
export async function declinePending(
  token: string,
  family: DeclineFamily,
  who: PendingOf,
  message: string,
): Promise<ApiResult<{ declined: number }>> {
  return parseAnswer(
    await apiRequest('POST', `/${family}/decline-pending`, {
      token,
      body: { ...who, ...(message ? { message } : {}) },
    }),
    declinedPendingAnswer,
  );
}
