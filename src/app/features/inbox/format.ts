import type { ContactMessage, Delivery } from './inbox-api.ts';
import { LANGUAGE_LABELS_IT, toLang } from '../../../shared/languages.ts';
import { INBOX_TEXTS } from './inbox-texts.ts';

export function languageName(lang: string): string {
  const known = toLang(lang);
  return known && known === lang ? LANGUAGE_LABELS_IT[known] : lang;
}

export function senderName(message: Pick<ContactMessage, 'firstName' | 'lastName'>): string {
  return `${message.firstName} ${message.lastName}`.trim() || INBOX_TEXTS.noName;
}

export type DeliveryTone = 'sent' | 'pending' | 'failed' | 'unknown';

/** "Inviato" / "In attesa di invio (tentativi: N)" / "Invio non riuscito". */
export function deliveryLabel(delivery: Delivery | null): { tone: DeliveryTone; text: string } {
  if (!delivery) return { tone: 'unknown', text: INBOX_TEXTS.unknownDelivery };
  switch (delivery.status) {
    case 'sent':
      return { tone: 'sent', text: INBOX_TEXTS.sent };
    case 'pending':
      return { tone: 'pending', text: INBOX_TEXTS.pending(delivery.attempts) };
    case 'failed':
      return { tone: 'failed', text: INBOX_TEXTS.failed };
  }
}

/**
 * A `mailto:` link that answers the visitor: their address, an Italian
 * subject and a greeting (RFC 6068: everything percent-encoded, "@" kept).
 */
export function replyHref(
  message: Pick<ContactMessage, 'email' | 'firstName'>,
  restaurant: string | undefined,
): string {
  const address = encodeURIComponent(message.email).replace(/%40/g, '@');
  const query = [`subject=${encodeURIComponent(INBOX_TEXTS.replySubject(restaurant))}`];
  const greeting = INBOX_TEXTS.replyGreeting(message.firstName.trim());
  if (greeting) query.push(`body=${encodeURIComponent(greeting.replace(/\n/g, '\r\n'))}`);
  return `mailto:${address}?${query.join('&')}`;
}

/** The first words of a message, on one line. */
export function preview(text: string, max = 120): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}
