export const RESTAURANT_TIME_ZONE = 'Europe/Rome';

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: RESTAURANT_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

const HOUR_MS = 3_600_000;
/** Rome's offset (ms) by UTC hour, where it holds for the whole hour; at most KEPT_HOURS. */
const hourOffsets = new Map<number, number>();
const KEPT_HOURS = 4096;

/**
 * The wall clock in Rome at an instant, as if it were UTC (ms), to the
 * second. Intl's reading costs microseconds, and slots, mails and dates ask
 * for it many times a request: the offset is kept per UTC hour in which it
 * does not change (the same at the hour's first and last millisecond: a
 * zone changes its clocks at most once an hour), so the answer is the one
 * Intl gives, and only an hour holding a change asks Intl every time.
 * (shared/opening-hours.ts builds Rome's dates and times on it.)
 */
export function romeWallClock(at: number): number {
  const hour = Math.floor(at / HOUR_MS);
  let offset = hourOffsets.get(hour);
  if (offset === undefined) {
    const start = hour * HOUR_MS;
    const first = intlWallClock(start) - start;
    const last = intlWallClock(start + HOUR_MS - 1) - (start + HOUR_MS - 1000);
    if (first !== last) return intlWallClock(at);
    if (hourOffsets.size >= KEPT_HOURS) hourOffsets.clear();
    hourOffsets.set(hour, (offset = first));
  }
  return Math.floor(at / 1000) * 1000 + offset;
}

/** `romeWallClock` as Intl reads it. */
function intlWallClock(at: number): number {
  const parts: Record<string, number> = {};
  for (const part of wallClock.formatToParts(new Date(at))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
}

/** How far Rome's clock is ahead of UTC at an instant (ms): one hour in winter, two in summer. */
export const romeOffset = (at: number) => romeWallClock(at) - Math.floor(at / 1000) * 1000;
