import {
  guestDetailAnswer,
  guestTagsAnswer,
  type GuestDetail,
  type GuestPatchBody,
} from '../../../shared/schemas/guest-records.ts';
import { apiRequest, parseAnswer, type ApiResult } from '../../api/client.ts';

/** PATCH /api/guests/{key}: staff's notes, the tags, or both; the record with its history. */
export async function patchGuest(
  token: string,
  key: string,
  body: GuestPatchBody,
): Promise<ApiResult<GuestDetail>> {
  return parseAnswer(
    await apiRequest('PATCH', `/guests/${encodeURIComponent(key)}`, { token, body }),
    guestDetailAnswer,
  );
}

/** GET /api/guests/tags: the owner's list of tags, in its order. */
export async function fetchGuestTags(
  token: string,
  signal?: AbortSignal,
): Promise<ApiResult<{ tags: string[] }>> {
  return parseAnswer(await apiRequest('GET', '/guests/tags', { token, signal }), guestTagsAnswer);
}

/** PUT /api/guests/tags (owner): the whole list, in its order. */
export async function putGuestTags(
  token: string,
  tags: string[],
): Promise<ApiResult<{ tags: string[] }>> {
  return parseAnswer(
    await apiRequest('PUT', '/guests/tags', { token, body: { tags } }),
    guestTagsAnswer,
  );
}
