import type { DEFAULT_RESERVATION_SETTINGS } from '../../../shared/schemas/reservations.ts';
import { CLOCK } from './app-under-test.ts';
import { hhmm } from './texts.ts';

// The reservation oracle's calendar: today, Rome's clocks, the seeded hours
// and the slots a table can be booked at (see reservations.ts).

export const TODAY = '2026-01-13';
export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
/** The seeded hours, Tuesday to Sunday (Monday closed), in minutes of Rome's day. */
export const SEEDED_RANGES: [number, number][] = [
  [12 * 60, 15 * 60],
  [19 * 60, 23 * 60 + 30],
];

export type Settings = typeof DEFAULT_RESERVATION_SETTINGS;

export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** `date` moved by `days` on the calendar (in UTC, where no day has 23 or 25 hours). */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** A real calendar date written YYYY-MM-DD; the server takes none in the years 0 to 99. */
export function isRealDate(text: string): boolean {
  const match = /^(\d{4})-\d{2}-\d{2}$/.exec(text);
  if (!match || Number(match[1]) < 100) return false;
  const at = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === text;
}
const isMonday = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`)).getUTCDay() === 1;

const romeClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const romeWall = (ms: number) => {
  const part = Object.fromEntries(romeClock.formatToParts(ms).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
};
/** The instant Rome's clocks read `time` on `date` (UTC+1 in winter, UTC+2 in summer). */
export function romeInstant(date: string, time: string): number {
  const wall = Date.parse(`${date}T${time}:00Z`);
  const at = [1, 2]
    .map((hours) => wall - hours * 60 * MINUTE_MS)
    .find((ms) => romeWall(ms) === `${date} ${time}`);
  if (at === undefined) throw new Error(`Rome's clocks never read ${date} ${time}`);
  return at;
}

/** Every time a table can be booked at on `date` (staff's view): each quarter hour from opening, the last a turn before closing. */
export function slotTimes(date: string, turnMinutes: number): string[] {
  if (isMonday(date)) return [];
  return SEEDED_RANGES.flatMap(([open, close]) => {
    const times: string[] = [];
    for (let minute = open; minute + turnMinutes <= close; minute += 15) times.push(hhmm(minute));
    return times;
  });
}
/** What a guest may book on `date`: from today to the horizon, none sooner than the notice. */
export function guestSlotTimes(date: string, settings: Settings): string[] {
  if (date < TODAY || date > addDays(TODAY, settings.horizonDays)) return [];
  const earliest = CLOCK + settings.minNoticeMinutes * MINUTE_MS;
  return slotTimes(date, settings.turnMinutes).filter(
    (time) => romeInstant(date, time) >= earliest,
  );
}

/** The days most bookings aim at: their slots fill up, and the last covers are fought over. */
export const BUSY_DATES = [addDays(TODAY, 1), addDays(TODAY, 2)];
