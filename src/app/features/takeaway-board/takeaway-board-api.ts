import {
  takeawayBoardAnswer,
  takeawayOrderAnswer,
  takeawaySettingsAnswer,
  takeawaySlotsAnswer,
  type OrderedItem,
  type StaffOrderBody,
  type TakeawayBoard,
  type TakeawayOrder,
  type TakeawayOrderPatch,
  type TakeawaySettings,
  type TakeawaySettingsBody,
  type TakeawaySlotsAnswer,
} from '../../../shared/schemas/takeaway.ts';
import { apiRequest, parseAnswer, type ApiResult } from '../../api/client.ts';

/** The board as last answered, and its ETag to ask "anything new?" with. */
export interface BoardSnapshot {
  board: TakeawayBoard;
  etag: string | null;
}

/**
 * GET /api/takeaway/board?date=: the day's orders, the unopened ones of any
 * day, the slots' loads and the settings. With the ETag of the board on
 * screen, 304 (nothing changed) answers null.
 */
export async function fetchBoard(
  token: string,
  date: string,
  etag?: string | null,
  signal?: AbortSignal,
): Promise<ApiResult<BoardSnapshot | null>> {
  const result = await apiRequest('GET', `/takeaway/board?date=${date}`, {
    token,
    signal,
    ...(etag ? { ifNoneMatch: etag } : {}),
  });
  if (!result.ok && result.failure.kind === 'http' && result.failure.status === 304) {
    return { ok: true, status: 304, statusText: result.failure.statusText, data: null };
  }
  const parsed = parseAnswer(result, takeawayBoardAnswer);
  return parsed.ok
    ? { ...parsed, data: { board: parsed.data, etag: parsed.etag ?? null } }
    : parsed;
}

/** POST /api/takeaway/orders/{id}/opened: someone saw it (it stops ringing). */
export async function markOpened(token: string, id: number): Promise<ApiResult<unknown>> {
  return apiRequest('POST', `/takeaway/orders/${id}/opened`, { token });
}

/** PATCH /api/takeaway/orders/{id}: a status change, a new pickup time, a decline's message. */
export async function changeOrder(
  token: string,
  id: number,
  body: TakeawayOrderPatch,
): Promise<ApiResult<TakeawayOrder>> {
  return parseAnswer(
    await apiRequest('PATCH', `/takeaway/orders/${id}`, { token, body }),
    takeawayOrderAnswer,
  );
}

/** POST /api/takeaway/orders/staff: an order taken by phone (`override` past a full slot). */
export async function addPhoneOrder(
  token: string,
  body: StaffOrderBody,
): Promise<ApiResult<TakeawayOrder>> {
  return parseAnswer(
    await apiRequest('POST', '/takeaway/orders/staff', { token, body }),
    takeawayOrderAnswer,
  );
}

/** GET /api/takeaway/phone-slots?date=&items=: the date's pickup times for a phone order, and whether these dishes fit each. */
export async function fetchSlots(
  token: string,
  date: string,
  items: readonly OrderedItem[],
  signal?: AbortSignal,
): Promise<ApiResult<TakeawaySlotsAnswer>> {
  const list = items.map(({ id, quantity }) => `${id}*${quantity}`).join(',');
  return parseAnswer(
    await apiRequest('GET', `/takeaway/phone-slots?date=${date}&items=${list}`, {
      token,
      signal,
    }),
    takeawaySlotsAnswer,
  );
}

/** POST /api/takeaway/pause: no online orders for `minutes` ("forno pieno"). */
export async function pauseOrders(
  token: string,
  minutes: number,
): Promise<ApiResult<TakeawaySettings>> {
  return parseAnswer(
    await apiRequest('POST', '/takeaway/pause', { token, body: { minutes } }),
    takeawaySettingsAnswer,
  );
}

/** DELETE /api/takeaway/pause: online orders again, now. */
export async function resumeOrders(token: string): Promise<ApiResult<TakeawaySettings>> {
  return parseAnswer(
    await apiRequest('DELETE', '/takeaway/pause', { token }),
    takeawaySettingsAnswer,
  );
}

/** PUT /api/takeaway/settings (owner). */
export async function saveTakeawaySettings(
  token: string,
  body: TakeawaySettingsBody,
): Promise<ApiResult<TakeawaySettings>> {
  return parseAnswer(
    await apiRequest('PUT', '/takeaway/settings', { token, body }),
    takeawaySettingsAnswer,
  );
}
