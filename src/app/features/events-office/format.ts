import { allergen as ALLERGEN_TEXTS } from '../../../shared/locales/it/menu.json';
import type { Allergen } from '../../../shared/allergens.ts';
import { romeDate } from '../../../shared/opening-hours.ts';
import { formatPrice } from '../../../shared/price.ts';
import { EVENT_KIND_LABELS, type EventInquiry } from '../../../shared/schemas/events.ts';
import { dayAndDateText } from '../../components/opening-hours/format.ts';
import { EVENTS_TEXTS as T } from './events-office-texts.ts';

/** A kind of event as staff read it: "Matrimonio" (the day view's kinds are plain strings). */
export const kindName = (kind: string): string =>
  (EVENT_KIND_LABELS as Record<string, string>)[kind] ?? kind;

/** An allergen by its full Italian name, as the menu says it ("Cereali contenenti glutine"). */
export const allergenName = (code: Allergen): string => ALLERGEN_TEXTS[code].name;

/** "2026-09-12" → "sabato 12 settembre 2026". */
export const longDate = (date: string) => dayAndDateText('it', date, true);

/** "45.00" → "45,00 €". */
export const euros = (amount: string) => formatPrice(amount);

const instant = new Intl.DateTimeFormat('it-IT', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Rome',
});

/** When something happened, on the restaurant's clock: "1 giu 2026, 12:00". */
export function whenText(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : instant.format(date);
}

const DAY_MS = 86_400_000;

/** Whole days from one instant to another, counted as calendar days in Rome. */
export function romeDaysBetween(from: string, to: Date): number {
  const start = Date.parse(`${romeDate(new Date(from))}T00:00:00Z`);
  const end = Date.parse(`${romeDate(to)}T00:00:00Z`);
  return Math.max(0, Math.round((end - start) / DAY_MS));
}

/** The instant of staff's latest reply, or null when they never replied. */
export function lastReplyAt(inquiry: Pick<EventInquiry, 'messages'>): string | null {
  const replies = inquiry.messages.filter((message) => message.from === 'staff');
  return replies.at(-1)?.at ?? null;
}

/** "Ultima risposta 3 giorni fa", or "Nessuna risposta, arrivata 2 giorni fa". */
export function replyAge(inquiry: Pick<EventInquiry, 'messages' | 'createdAt'>, now: Date): string {
  const replied = lastReplyAt(inquiry);
  return replied
    ? T.lastReply(romeDaysBetween(replied, now))
    : T.noReply(romeDaysBetween(inquiry.createdAt, now));
}
