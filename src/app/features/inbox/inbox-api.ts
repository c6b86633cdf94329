import { apiRequest, parseAnswer, type ApiResult } from '../../api/client.ts';
import {
  contactMessagesAnswer,
  type ContactMessage,
  type Delivery,
} from '../../../shared/schemas/contact.ts';

export type { ContactMessage, Delivery };

/** GET /api/contact-messages with the bearer token. */
export async function fetchMessages(token: string): Promise<ApiResult<ContactMessage[]>> {
  const result = parseAnswer(
    await apiRequest('GET', '/contact-messages', { token }),
    contactMessagesAnswer,
  );
  return result.ok ? { ...result, data: result.data.messages } : result;
}

/** PATCH /api/contact-messages/{id} `{read}` → `{id, read}`. */
export function setMessageRead(
  token: string,
  id: number,
  read: boolean,
): Promise<ApiResult<unknown>> {
  return apiRequest('PATCH', `/contact-messages/${id}`, { token, body: { read } });
}
