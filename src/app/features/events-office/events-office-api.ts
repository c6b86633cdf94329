import {
  eventInquiryAnswer,
  inquiriesAnswer,
  replyPreviewAnswer,
  type EventInquiry,
  type InquiryPatch,
  type InquiryReplyBody,
} from '../../../shared/schemas/events.ts';
import { apiRequest, parseAnswer, type ApiResult } from '../../api/client.ts';

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
