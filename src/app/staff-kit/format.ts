import { formatPrice } from '../../shared/price.ts';
import {
  addDays,
  RESTAURANT_TIME_ZONE,
  romeDate,
  romeDateTime,
} from '../../shared/opening-hours.ts';
import { EVENT_KIND_LABELS } from '../../shared/schemas/events.ts';
import { dayAndDateText } from '../components/opening-hours/format.ts';

/**
 * The back office's dates, times and amounts in Italian, one spelling each.
 * A calendar date ("2026-12-05") has no time zone: it is read at noon UTC,
 * which is that same day in Rome in every season. An instant (an ISO
 * timestamp) is shown on the restaurant's clock, Europe/Rome, whatever the
 * browser's zone.
 */

/** "2026-12-05" → "sabato 5 dicembre 2026". */
export const spokenDate = (date: string) => dayAndDateText('it', date, true);

/** "2026-12-05" → "sabato 5 dicembre" (a date near the one on screen). */
export const spokenDay = (date: string) => dayAndDateText('it', date);

const shortDays = new Intl.DateTimeFormat('it-IT', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** "2026-06-11" → "gio 11 giu". */
export const shortDay = (date: string) => shortDays.format(new Date(`${date}T12:00:00Z`));

const instantFormat = (options: Intl.DateTimeFormatOptions) => {
  const format = new Intl.DateTimeFormat('it-IT', { ...options, timeZone: RESTAURANT_TIME_ZONE });
  return (iso: string): string => {
    const date = new Date(iso);
    return iso && !Number.isNaN(date.getTime()) ? format.format(date) : '';
  };
};

/** When something happened: "1 giu 2026, 12:00"; '' for what is not an instant. */
export const instantText = instantFormat({ dateStyle: 'medium', timeStyle: 'short' });

/** The same, in full: "domenica 1 giugno 2025 alle ore 12:00". */
export const longInstantText = instantFormat({ dateStyle: 'full', timeStyle: 'short' });

/** The same, in figures: "01/06/25, 12:00" (a log's column). */
export const numericInstantText = instantFormat({ dateStyle: 'short', timeStyle: 'short' });

/** The day of an instant: "1 giugno 2025". */
export const instantDayText = instantFormat({ dateStyle: 'long' });

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

/** "23.50" → "23,50 €". */
export const euros = (amount: string) => formatPrice(amount);

/** A kind of event as staff read it: "Matrimonio" (an unknown kind as it is). */
export const eventKindName = (kind: string): string =>
  (EVENT_KIND_LABELS as Record<string, string>)[kind] ?? kind;
