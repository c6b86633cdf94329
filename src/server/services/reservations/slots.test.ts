import { describe, expect, it } from 'vitest';
import type { Schedule } from '../../../shared/opening-hours.ts';
import { fits, peakSeated, seatedAt, slotsOn, type Seated } from './slots.ts';

// Slots from the opening hours, in Rome whatever the server's zone. Every
// instant is written in UTC: Rome is UTC+1 in winter and UTC+2 in summer.

const NO_RULES = { turnMinutes: 60, minNoticeMinutes: 0, horizonDays: 365 };
const everyDay = (ranges: { open: string; close: string }[]): Schedule => ({
  weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, ranges })),
  closures: [],
  exceptions: [],
});
const times = (schedule: Schedule, date: string, rules = NO_RULES, now: Date | null = null) =>
  slotsOn(schedule, date, rules, now).map((slot) => slot.time);

describe('slotsOn', () => {
  it('every 15 minutes from the opening, the last one a table-turn before closing', () => {
    const schedule = everyDay([{ open: '12:00', close: '14:00' }]);
    expect(times(schedule, '2026-01-14')).toEqual(['12:00', '12:15', '12:30', '12:45', '13:00']);
    expect(times(schedule, '2026-01-14', { ...NO_RULES, turnMinutes: 120 })).toEqual(['12:00']);
    expect(times(schedule, '2026-01-14', { ...NO_RULES, turnMinutes: 135 })).toEqual([]);
    const at = slotsOn(schedule, '2026-01-14', NO_RULES, null)[0]!.at;
    expect(at.toISOString()).toBe('2026-01-14T11:00:00.000Z');
  });

  it("gives a range past midnight's late slots to the next date, at the moment the guest reads", () => {
    const schedule = everyDay([{ open: '23:00', close: '01:30' }]);
    expect(times(schedule, '2026-01-14')).toEqual([
      '00:00',
      '00:15',
      '00:30',
      '23:00',
      '23:15',
      '23:30',
      '23:45',
    ]);
    const late = slotsOn(schedule, '2026-01-15', NO_RULES, null).find((s) => s.time === '00:30')!;
    expect(late.at.toISOString()).toBe('2026-01-14T23:30:00.000Z');
  });

  it('follows the clocks forward on the last Sunday of March', () => {
    // Saturday 28 March 2026, 22:00 to 04:00: 02:00 to 03:00 does not exist that night.
    const schedule = everyDay([{ open: '22:00', close: '04:00' }]);
    const sunday = slotsOn(schedule, '2026-03-29', NO_RULES, null).filter((s) => s.time < '22:00');
    expect(sunday.map((s) => s.time)).toEqual([
      '00:00',
      '00:15',
      '00:30',
      '00:45',
      '01:00',
      '01:15',
      '01:30',
      '01:45',
      '03:00',
    ]);
    expect(sunday.at(-1)!.at.toISOString()).toBe('2026-03-29T01:00:00.000Z'); // 03:00 CEST, a turn before 04:00
  });

  it('shows the hour Rome repeats on the last Sunday of October once', () => {
    const schedule = everyDay([{ open: '22:00', close: '04:00' }]);
    const sunday = slotsOn(schedule, '2026-10-25', NO_RULES, null).filter((s) => s.time < '22:00');
    expect(sunday.map((s) => s.time)).toEqual([
      '00:00',
      '00:15',
      '00:30',
      '00:45',
      '01:00',
      '01:15',
      '01:30',
      '01:45',
      '02:00',
      '02:15',
      '02:30',
      '02:45',
      '03:00',
    ]);
    expect(sunday.find((s) => s.time === '02:00')!.at.toISOString()).toBe(
      '2026-10-25T00:00:00.000Z',
    ); // the first 02:00
    expect(sunday.at(-1)!.at.toISOString()).toBe('2026-10-25T02:00:00.000Z'); // 03:00 CET
  });

  it('has none on a closed weekday or inside a closure, but a special day opens a closure', () => {
    const schedule: Schedule = {
      weekly: [{ day: 3, ranges: [{ open: '19:00', close: '21:00' }] }], // Wednesdays
      closures: [{ from: '2026-12-24', to: '2027-01-06' }],
      exceptions: [{ date: '2026-12-31', ranges: [{ open: '20:00', close: '22:00' }] }],
    };
    expect(times(schedule, '2026-12-16')).toEqual(['19:00', '19:15', '19:30', '19:45', '20:00']);
    expect(times(schedule, '2026-12-17')).toEqual([]); // a Thursday
    expect(times(schedule, '2026-12-30')).toEqual([]); // a Wednesday in the closure
    expect(times(schedule, '2026-12-31')).toEqual(['20:00', '20:15', '20:30', '20:45', '21:00']);
  });

  it('none in the past, none sooner than the notice, none beyond the horizon', () => {
    const schedule = everyDay([{ open: '19:00', close: '23:00' }]);
    const rules = { turnMinutes: 120, minNoticeMinutes: 120, horizonDays: 60 };
    const now = new Date('2026-01-14T17:40:00Z'); // 18:40 in Rome
    expect(times(schedule, '2026-01-14', rules, now)).toEqual(['20:45', '21:00']);
    expect(times(schedule, '2026-01-13', rules, now)).toEqual([]);
    expect(times(schedule, '2026-03-15', rules, now)).toHaveLength(9); // today + 60 days
    expect(times(schedule, '2026-03-16', rules, now)).toEqual([]);
    // Staff (no clock): a walk-in now.
    expect(times(schedule, '2026-01-14', rules, null)[0]).toBe('19:00');
  });
});

describe('covers seated', () => {
  const at = (time: string) => Date.parse(`2026-01-14T${time}:00Z`);
  const booking = (party: number, from: string, to: string): Seated => ({
    party,
    startsAt: at(from),
    endsAt: at(to),
  });
  const bookings = [
    booking(10, '19:00', '21:00'),
    booking(20, '20:00', '22:00'),
    booking(5, '21:00', '23:00'),
  ];

  it('counts the bookings whose turn has begun and not ended', () => {
    expect(seatedAt(bookings, at('18:59'))).toBe(0);
    expect(seatedAt(bookings, at('19:00'))).toBe(10);
    expect(seatedAt(bookings, at('20:30'))).toBe(30);
    expect(seatedAt(bookings, at('21:00'))).toBe(25); // the first has left as the third sits
  });

  it('a new turn meets the most covers seated at any moment of it', () => {
    expect(peakSeated(bookings, at('18:00'), at('20:00'))).toBe(10);
    expect(peakSeated(bookings, at('18:00'), at('20:01'))).toBe(30);
    expect(fits(bookings, at('19:00'), 10, { turnMinutes: 120, capacity: 40 })).toBe(true);
    expect(fits(bookings, at('19:00'), 11, { turnMinutes: 120, capacity: 40 })).toBe(false);
    expect(fits(bookings, at('22:00'), 35, { turnMinutes: 120, capacity: 40 })).toBe(true);
  });
});
