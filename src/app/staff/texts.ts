import { addDays, romeDate, romeDateTime } from '../../shared/opening-hours.ts';
import { dayAndDateText } from '../components/opening-hours/format.ts';

/**
 * What every staff page shares, the login pages and the back office alike:
 * the staff area's name and the logo's text. In Italian only (staff screens
 * are Italian; these texts are not in the public locale files), fixed word
 * for word: tests assert them.
 */
export const COMMON_TEXTS = {
  /** The logo's text: it links to the public site. */
  logoAlt: (restaurant: string | undefined) =>
    restaurant ? `${restaurant} – Torna al sito` : 'Torna al sito',
  staffArea: 'Area riservata',
  /** The e-mail field's label (login, recovery, a colleague's account). */
  email: 'Email',
} as const;

/** Using the auth state outside its provider is an error. */
export const USER_PROVIDER_ERROR =
  'useUser must be used inside the user provider (<UserProvider>).';

/** "1 coperto", "4 coperti": a count with its Italian noun. */
export const plural = (count: number, one: string, many: string) =>
  count === 1 ? `1 ${one}` : `${count} ${many}`;

/** "1 persona", "4 persone". */
export const persons = (count: number) => plural(count, 'persona', 'persone');

/** "oggi alle 08:05", "ieri alle 20:31", "martedì 8 settembre alle 20:31": an instant on the restaurant's clock. */
export function momentText(iso: string, now: Date): string {
  const { date, time } = romeDateTime(new Date(iso));
  const today = romeDate(now);
  // By the calendar, not 24 hours back: the days the clocks change last 23 and 25 hours.
  const day =
    date === today
      ? 'oggi'
      : date === addDays(today, -1)
        ? 'ieri'
        : dayAndDateText('it', date, false);
  return `${day} alle ${time}`;
}
