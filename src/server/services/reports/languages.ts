import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { LANGUAGES } from '../../../shared/languages.ts';
import type { LanguagesRow } from '../../../shared/schemas/reports.ts';

/**
 * The `languages` report of one range: per language (all five, zeros too),
 * the bookings and the takeaway orders but declined ones, and the event
 * requests, each by its own date and the language it was made in. Three
 * grouped queries.
 */
export async function languageRows(
  db: Kysely<Database>,
  range: { from: string; to: string },
): Promise<LanguagesRow[]> {
  const perLang = (table: 'reservations' | 'takeaway_orders' | 'event_inquiries') => {
    let query = db
      .selectFrom(table)
      .select((eb) => ['lang', eb.fn.countAll<number>().as('count')])
      .where('date', '>=', range.from)
      .where('date', '<=', range.to);
    if (table !== 'event_inquiries') query = query.where('status', '!=', 'declined');
    return query.groupBy('lang').execute();
  };
  const [bookings, orders, events] = await Promise.all([
    perLang('reservations'),
    perLang('takeaway_orders'),
    perLang('event_inquiries'),
  ]);
  const countOf = (rows: { lang: string; count: number }[], lang: string) =>
    Number(rows.find((row) => row.lang === lang)?.count ?? 0);
  return LANGUAGES.map((lang) => ({
    lang,
    bookings: countOf(bookings, lang),
    orders: countOf(orders, lang),
    events: countOf(events, lang),
  }));
}
