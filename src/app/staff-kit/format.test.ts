import { afterEach, describe, expect, it } from 'vitest';
import {
  euros,
  eventKindName,
  instantDayText,
  instantText,
  longInstantText,
  numericInstantText,
  shortDay,
  spokenDate,
  spokenDay,
} from './format.ts';

/** Intl puts a no-break space before the euro sign. */
const euro = (text: string) => text.replace(' ', '\u00a0');

const browserZone = process.env.TZ;
afterEach(() => {
  process.env.TZ = browserZone;
});

describe('the staff kit: Italian dates, times and money', () => {
  it('a calendar date is that day, spoken in Italian', () => {
    expect(spokenDate('2026-12-05')).toBe('sabato 5 dicembre 2026');
    expect(spokenDay('2026-12-05')).toBe('sabato 5 dicembre');
    expect(shortDay('2026-06-11')).toBe('gio 11 giu');
  });

  it("the days Rome's clocks change are still those days", () => {
    // 2026: summer time from Sunday 29 March, back on Sunday 25 October.
    expect(spokenDate('2026-03-29')).toBe('domenica 29 marzo 2026');
    expect(spokenDate('2026-10-25')).toBe('domenica 25 ottobre 2026');
    expect(shortDay('2026-03-29')).toBe('dom 29 mar');
    expect(spokenDay('2026-10-25')).toBe('domenica 25 ottobre');
  });

  it('whatever zone the browser is in', () => {
    for (const zone of ['America/Los_Angeles', 'Pacific/Kiritimati', 'UTC']) {
      process.env.TZ = zone;
      expect(spokenDate('2026-03-29')).toBe('domenica 29 marzo 2026');
      expect(shortDay('2026-01-01')).toBe('gio 1 gen');
      expect(instantText('2025-01-15T23:30:00.000Z')).toBe('16 gen 2025, 00:30');
    }
  });

  it("an instant is read on Rome's clock, on both sides of a clock change", () => {
    // Spring forward: 02:00 winter time is 03:00 summer time.
    expect(instantText('2026-03-29T00:59:00Z')).toBe('29 mar 2026, 01:59');
    expect(instantText('2026-03-29T01:00:00Z')).toBe('29 mar 2026, 03:00');
    // Fall back: 03:00 summer time is 02:00 winter time, and 02:xx comes twice.
    expect(instantText('2026-10-25T00:59:00Z')).toBe('25 ott 2026, 02:59');
    expect(instantText('2026-10-25T01:00:00Z')).toBe('25 ott 2026, 02:00');
    // Late in the UTC evening is already the next day in Rome.
    expect(instantDayText('2026-06-30T22:30:00Z')).toBe('1 luglio 2026');
    expect(instantDayText('2026-12-31T22:59:00Z')).toBe('31 dicembre 2026');
    expect(instantDayText('2026-12-31T23:00:00Z')).toBe('1 gennaio 2027');
  });

  it('the same instant in full and in figures; nonsense stays empty', () => {
    expect(longInstantText('2025-01-15T23:30:00.000Z')).toBe(
      'giovedì 16 gennaio 2025 alle ore 00:30',
    );
    expect(numericInstantText('2025-06-01T10:00:00Z')).toBe('01/06/25, 12:00');
    for (const format of [instantText, longInstantText, numericInstantText, instantDayText]) {
      expect(format('not a date')).toBe('');
      expect(format('')).toBe('');
    }
  });

  it('money in euros, the Italian way', () => {
    expect(euros('23.50')).toBe(euro('23,50 €'));
    expect(euros('1234.5')).toBe(euro('1234,50 €'));
    expect(euros('not a price')).toBe('');
  });

  it("an event's kind by its Italian name; an unknown kind as it is", () => {
    expect(eventKindName('wedding')).toBe('Matrimonio');
    expect(eventKindName('gala')).toBe('gala');
  });
});
