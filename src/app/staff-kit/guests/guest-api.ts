import {
  guestDetailAnswer,
  guestsAnswer,
  type GuestDetail,
  type GuestRecord,
} from '../../../shared/schemas/guest-records.ts';
import { apiRequest, parseAnswer, type ApiResult } from '../../api/client.ts';

/**
 * GET /api/guests?q=: the guests whose name, e-mail or phone holds `q` (at
 * least 3 characters, GUEST_SEARCH_MIN); without it, those seen most recently.
 * The Ospiti section and the phone forms' lookup both ask it.
 */
export async function fetchGuests(
  token: string,
  q: string | null,
  signal?: AbortSignal,
): Promise<ApiResult<GuestRecord[]>> {
  const query = q === null ? '' : `?q=${encodeURIComponent(q)}`;
  return parseAnswer(await apiRequest('GET', `/guests${query}`, { token, signal }), guestsAnswer);
}

/** GET /api/guests/{key}: one guest's record with the history, newest first. */
export async function fetchGuest(
  token: string,
  key: string,
  signal?: AbortSignal,
): Promise<ApiResult<GuestDetail>> {
  return parseAnswer(
    await apiRequest('GET', `/guests/${encodeURIComponent(key)}`, { token, signal }),
    guestDetailAnswer,
  );
}
