import {
  eventInquiryAnswer,
  inquiriesAnswer,
  replyPreviewAnswer,
  type EventInquiry,
  type InquiryPatch,
  type InquiryReplyBody,
} from '../../../shared/schemas/events.ts';
import { floorArea } from '../../../shared/schemas/floor.ts';
import { z } from '../../../shared/schemas/zod.ts';
import { apiRequest, parseAnswer, type ApiResult } from '../../api/client.ts';

/** Of the day plan, only its areas (the rest is the evening view's). */
const planAreas = z.object({ areas: z.array(floorArea) });

/**
 * GET /api/reservations/plan?date=: the floor plan's areas, which staff may
 * read (the plan itself is the owner's): none in covers mode.
 */
export async function fetchPlanAreas(
  token: string,
  date: string,
  signal?: AbortSignal,
): Promise<ApiResult<z.infer<typeof planAreas>>> {
  return parseAnswer(
    await apiRequest('GET', `/reservations/plan?date=${date}`, { token, signal }),
    planAreas,
  );
}

/** GET /api/events/inquiries: every request, newest first (the screen splits them by status). */
export async function fetchInquiries(
  token: string,
  signal?: AbortSignal,
): Promise<ApiResult<EventInquiry[]>> {
  return parseAnswer(
    await apiRequest('GET', '/events/inquiries', { token, signal }),
    inquiriesAnswer,
  );
}

/** PATCH /api/events/inquiries/{id}: a new status, covers to hold, or both. */
export async function patchInquiry(
  token: string,
  id: number,
  body: InquiryPatch,
): Promise<ApiResult<EventInquiry>> {
  return parseAnswer(
    await apiRequest('PATCH', `/events/inquiries/${id}`, { token, body }),
    eventInquiryAnswer,
  );
}

/** POST /api/events/inquiries/{id}/messages: the reply mailed to the guest; the request with it. */
export async function sendReply(
  token: string,
  id: number,
  body: InquiryReplyBody,
): Promise<ApiResult<EventInquiry>> {
  return parseAnswer(
    await apiRequest('POST', `/events/inquiries/${id}/messages`, { token, body }),
    eventInquiryAnswer,
  );
}

/** POST /api/events/inquiries/{id}/messages/preview: what the guest would read. */
export async function previewReply(
  token: string,
  id: number,
  text: string,
): Promise<ApiResult<{ translation: string }>> {
  return parseAnswer(
    await apiRequest('POST', `/events/inquiries/${id}/messages/preview`, {
      token,
      body: { text },
    }),
    replyPreviewAnswer,
  );
}
