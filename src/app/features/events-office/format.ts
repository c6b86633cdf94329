import { allergen as ALLERGEN_TEXTS } from '../../../shared/locales/it/menu.json';
import type { Allergen } from '../../../shared/allergens.ts';
import { romeDate } from '../../../shared/opening-hours.ts';
import type { EventInquiry } from '../../../shared/schemas/events.ts';
import { EVENTS_TEXTS as T } from './events-office-texts.ts';

/** An allergen by its full Italian name, as the menu says it ("Cereali contenenti glutine"). */
export const allergenName = (code: Allergen): string => ALLERGEN_TEXTS[code].name;

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
