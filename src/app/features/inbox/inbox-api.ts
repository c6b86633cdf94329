import { apiRequest, isRecord, type ApiResult } from '../../api/client.ts';

/** How the outbox is doing with the e-mail that forwards a message to the restaurant. */
export interface Delivery {
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
}

/** A visitor's message from the contact form, as the staff inbox lists it. */
export interface ContactMessage {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  message: string;
  /** The language of the page the visitor wrote from. */
  lang: string;
  /** ISO date and time. */
  createdAt: string;
  read: boolean;
  delivery: Delivery | null;
}

const DELIVERY_STATUSES: readonly Delivery['status'][] = ['pending', 'sent', 'failed'];

function parseDelivery(value: unknown): Delivery | null {
  if (!isRecord(value)) return null;
  const status = DELIVERY_STATUSES.find((known) => known === value.status);
  if (!status) return null;
  return {
    status,
    attempts:
      typeof value.attempts === 'number' && Number.isFinite(value.attempts) ? value.attempts : 0,
    lastError: typeof value.lastError === 'string' && value.lastError ? value.lastError : null,
  };
}

/** `{messages: [...]}`, newest first as the server sends them; malformed entries are left out. */
export function parseMessages(value: unknown): ContactMessage[] {
  const list = isRecord(value) && Array.isArray(value.messages) ? value.messages : [];
  const text = (field: unknown) => (typeof field === 'string' ? field : '');
  return list
    .filter(isRecord)
    .filter((item) => typeof item.id === 'number')
    .map((item) => ({
      id: item.id as number,
      firstName: text(item.firstName),
      lastName: text(item.lastName),
      email: text(item.email),
      message: text(item.message),
      lang: text(item.lang),
      createdAt: text(item.createdAt),
      read: item.read === true,
      delivery: parseDelivery(item.delivery),
    }));
}

/** GET /api/contact-messages with the bearer token. */
export async function fetchMessages(
  token: string,
  signal?: AbortSignal,
): Promise<ApiResult<ContactMessage[]>> {
  const result = await apiRequest('GET', '/contact-messages', { token, signal });
  return result.ok ? { ...result, data: parseMessages(result.data) } : result;
}

/** PATCH /api/contact-messages/{id} `{read}` → `{id, read}`. */
export function setMessageRead(
  token: string,
  id: number,
  read: boolean,
): Promise<ApiResult<unknown>> {
  return apiRequest('PATCH', `/contact-messages/${id}`, { token, body: { read } });
}
