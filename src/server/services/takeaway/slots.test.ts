import { describe, expect, it } from 'vitest';
import type { Schedule, TimeRange } from '../../../shared/opening-hours.ts';
import {
  DEFAULT_TAKEAWAY_SETTINGS,
  type Load,
  type TakeawaySettings,
} from '../../../shared/schemas/takeaway.ts';
import {
  asap,
  fitsLimits,
  nextFitting,
  NO_LOAD,
  orderLoad,
  pickupSlots,
  pickupTimes,
  takingOrders,
} from './slots.ts';

// Pickup slots from the opening hours, in Rome whatever the server's zone.
// Every instant is written in UTC: Rome is UTC+1 in winter, UTC+2 in summer.

const everyDay = (ranges: TimeRange[], more: Partial<Schedule> = {}): Schedule => ({
  weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, ranges })),
  closures: [],
  exceptions: [],
  ...more,
});
const LUNCH = everyDay([{ open: '12:00', close: '14:00' }]);
const times = (schedule: Schedule, date: string, slotMinutes = 15) =>
  pickupTimes(schedule, date, slotMinutes).map((slot) => slot.time);

const SETTINGS: TakeawaySettings = { ...DEFAULT_TAKEAWAY_SETTINGS, prepMinutes: 0 };
/** Wednesday 14 January 2026, 08:00 in Rome. */
const MORNING = new Date('2026-01-14T07:00:00Z');
const PIZZA: Load = { oven: 1, kitchen: 0 };
const slotsFor = (
  options: Partial<{
    schedule: Schedule;
    date: string;
    settings: Partial<TakeawaySettings>;
    now: Date;
    order: Load;
    held: Map<string, Load>;
  }> = {},
) =>
  pickupSlots({
    schedule: options.schedule ?? LUNCH,
    date: options.date ?? '2026-01-14',
    settings: { ...SETTINGS, ...options.settings },
    now: options.now ?? MORNING,
    order: options.order ?? PIZZA,
    held: options.held ?? new Map(),
  });

describe('pickupTimes', () => {
  it('are worked out once per schedule, date and slot length, and anew for changed hours', () => {
    const first = pickupTimes(LUNCH, '2026-01-14', 15);
    expect(pickupTimes(LUNCH, '2026-01-14', 15)).toBe(first);
    expect(pickupTimes(LUNCH, '2026-01-14', 30)).not.toBe(first);
    // Changed hours are another schedule object (services/opening-hours.ts).
    const changed = pickupTimes({ ...LUNCH }, '2026-01-14', 15);
    expect(changed).not.toBe(first);
    expect(changed).toEqual(first);
  });

  it('every slotMinutes from the opening, the last at closing time', () => {
    expect(times(LUNCH, '2026-01-14')).toEqual([
      '12:00',
      '12:15',
      '12:30',
      '12:45',
      '13:00',
      '13:15',
      '13:30',
      '13:45',
      '14:00',
    ]);
    expect(times(LUNCH, '2026-01-14', 30)).toEqual(['12:00', '12:30', '13:00', '13:30', '14:00']);
    const at = pickupTimes(LUNCH, '2026-01-14', 15).at(-1)!.at;
    expect(at.toISOString()).toBe('2026-01-14T13:00:00.000Z');
  });

  it('ends on the closing time even when the steps do not reach it', () => {
    const evening = everyDay([{ open: '19:00', close: '20:30' }]);
    expect(times(evening, '2026-01-14', 20)).toEqual([
      '19:00',
      '19:20',
      '19:40',
      '20:00',
      '20:20',
      '20:30',
    ]);
  });

  it('gives two ranges that touch one slot where they meet', () => {
    const split = everyDay([
      { open: '12:00', close: '12:30' },
      { open: '12:30', close: '13:00' },
    ]);
    expect(times(split, '2026-01-14')).toEqual(['12:00', '12:15', '12:30', '12:45', '13:00']);
  });

  it("gives a range past midnight's late slots to the next date", () => {
    const late = everyDay([{ open: '23:00', close: '00:30' }]);
    expect(times(late, '2026-01-14', 15)).toEqual([
      '00:00',
      '00:15',
      '00:30',
      '23:00',
      '23:15',
      '23:30',
      '23:45',
    ]);
    const night = pickupTimes(late, '2026-01-15', 15).find((slot) => slot.time === '00:30')!;
    expect(night.at.toISOString()).toBe('2026-01-14T23:30:00.000Z');
    // A range closing at midnight: its last pickup is at 00:00 of the next date.
    const toMidnight = everyDay([{ open: '22:00', close: '00:00' }]);
    expect(times(toMidnight, '2026-01-15', 30)).toEqual([
      '00:00',
      '22:00',
      '22:30',
      '23:00',
      '23:30',
    ]);
  });

  it('follows the clocks forward on the last Sunday of March', () => {
    // Saturday 28 March 2026, 22:00 to 04:00: 02:00 to 03:00 does not exist that night.
    const night = everyDay([{ open: '22:00', close: '04:00' }]);
    const sunday = pickupTimes(night, '2026-03-29', 30).filter((slot) => slot.time < '22:00');
    expect(sunday.map((slot) => slot.time)).toEqual([
      '00:00',
      '00:30',
      '01:00',
      '01:30',
      '03:00',
      '03:30',
      '04:00',
    ]);
    expect(sunday.find((slot) => slot.time === '03:00')!.at.toISOString()).toBe(
      '2026-03-29T01:00:00.000Z',
    );
    expect(sunday.at(-1)!.at.toISOString()).toBe('2026-03-29T02:00:00.000Z');
  });

  it('shows the hour Rome repeats on the last Sunday of October once, at its first', () => {
    // Saturday 24 October 2026, 22:00 to 04:00: 02:00 to 03:00 happens twice that night.
    const night = everyDay([{ open: '22:00', close: '04:00' }]);
    const sunday = pickupTimes(night, '2026-10-25', 30).filter((slot) => slot.time < '22:00');
    expect(sunday.map((slot) => slot.time)).toEqual([
      '00:00',
      '00:30',
      '01:00',
      '01:30',
      '02:00',
      '02:30',
      '03:00',
      '03:30',
      '04:00',
    ]);
    expect(sunday.find((slot) => slot.time === '02:00')!.at.toISOString()).toBe(
      '2026-10-25T00:00:00.000Z',
    );
    expect(sunday.find((slot) => slot.time === '03:00')!.at.toISOString()).toBe(
      '2026-10-25T02:00:00.000Z',
    );
  });

  it('has none on a closed date, and a special day opens inside a closure', () => {
    const closed = everyDay([{ open: '12:00', close: '14:00' }], {
      closures: [{ from: '2026-01-15', to: '2026-01-16' }],
      exceptions: [{ date: '2026-01-16', ranges: [{ open: '19:00', close: '19:30' }] }],
    });
    expect(times(closed, '2026-01-15')).toEqual([]);
    expect(times(closed, '2026-01-16')).toEqual(['19:00', '19:15', '19:30']);
    expect(times(closed, '2026-01-17')).toHaveLength(9);
  });
});

describe('pickupSlots', () => {
  it('has none sooner than the preparation time', () => {
    // 11:35 in Rome: with 30 minutes to prepare, 12:05 is the earliest pickup.
    const now = new Date('2026-01-14T10:35:00Z');
    const slots = slotsFor({ now, settings: { prepMinutes: 30 } });
    expect(slots[0]!.time).toBe('12:15');
    // A slot exactly the preparation time away is taken.
    const exactly = slotsFor({
      now: new Date('2026-01-14T10:30:00Z'),
      settings: { prepMinutes: 30 },
    });
    expect(exactly[0]!.time).toBe('12:00');
    // Past closing time, the day is over.
    expect(slotsFor({ now: new Date('2026-01-14T13:00:01Z') })).toEqual([]);
  });

  it('has none before today or past the horizon', () => {
    expect(slotsFor({ date: '2026-01-13' })).toEqual([]);
    expect(slotsFor({ date: '2026-01-16', settings: { horizonDays: 2 } })).toHaveLength(9);
    expect(slotsFor({ date: '2026-01-17', settings: { horizonDays: 2 } })).toEqual([]);
    expect(slotsFor({ date: '2026-01-14', settings: { horizonDays: 0 } })).toHaveLength(9);
    expect(slotsFor({ date: '2026-01-15', settings: { horizonDays: 0 } })).toEqual([]);
  });

  it('reads today in Rome, not in UTC', () => {
    // 00:30 on Thursday 15 January in Rome is still the 14th in UTC.
    const now = new Date('2026-01-14T23:30:00Z');
    expect(slotsFor({ now, date: '2026-01-14' })).toEqual([]);
    expect(slotsFor({ now, date: '2026-01-17', settings: { horizonDays: 2 } })).toHaveLength(9);
  });

  it('has none while takeaway is off or paused, and again once the pause ends', () => {
    expect(slotsFor({ settings: { enabled: false } })).toEqual([]);
    const paused = { pausedUntil: '2026-01-14T07:30:00.000Z' };
    expect(slotsFor({ settings: paused })).toEqual([]);
    expect(slotsFor({ settings: paused, now: new Date('2026-01-14T07:30:00Z') })).toHaveLength(9);
    expect(takingOrders({ ...SETTINGS, ...paused }, new Date('2026-01-14T07:29:59Z'))).toBe(false);
  });

  it('marks each slot by whether the order fits what it already holds', () => {
    const held = new Map<string, Load>([
      ['12:00', { oven: 12, kitchen: 0 }],
      ['12:15', { oven: 11, kitchen: 8 }],
      ['12:30', { oven: 10, kitchen: 7 }],
    ]);
    const available = (order: Load) =>
      slotsFor({ held, order })
        .slice(0, 4)
        .map((slot) => [slot.time, slot.available]);
    expect(available({ oven: 1, kitchen: 0 })).toEqual([
      ['12:00', false],
      ['12:15', true],
      ['12:30', true],
      ['12:45', true],
    ]);
    // Mixed groups: the pizza fits the oven at 12:15, the dish no longer the kitchen.
    expect(available({ oven: 1, kitchen: 1 })).toEqual([
      ['12:00', false],
      ['12:15', false],
      ['12:30', true],
      ['12:45', true],
    ]);
    expect(available({ oven: 3, kitchen: 0 })).toEqual([
      ['12:00', false],
      ['12:15', false],
      ['12:30', false],
      ['12:45', true],
    ]);
    // Drinks and desserts load neither: they fit a full slot.
    expect(available(NO_LOAD)).toEqual([
      ['12:00', true],
      ['12:15', true],
      ['12:30', true],
      ['12:45', true],
    ]);
  });

  it('asap is the first slot that fits; a full slot offers the next that fits', () => {
    const held = new Map<string, Load>([
      ['12:00', { oven: 12, kitchen: 0 }],
      ['12:15', { oven: 12, kitchen: 0 }],
      ['12:45', { oven: 11, kitchen: 0 }],
    ]);
    const slots = slotsFor({ held, order: { oven: 2, kitchen: 0 } });
    expect(asap(slots)?.time).toBe('12:30');
    const full = slots.find((slot) => slot.time === '12:45')!;
    expect(full.available).toBe(false);
    expect(nextFitting(slots, full)?.time).toBe('13:00');
    // Nothing fits: no time to offer.
    const huge = slotsFor({ order: { oven: 13, kitchen: 0 } });
    expect(asap(huge)).toBeNull();
    expect(nextFitting(huge, huge[0]!)).toBeNull();
  });
});

describe('loads', () => {
  it("counts an order's pieces per kitchen group, whatever their sizes", () => {
    expect(
      orderLoad([
        { group: 'oven', quantity: 2 }, // a pizza, one size
        { group: 'oven', quantity: 1 }, // the same pizza, another size
        { group: 'kitchen', quantity: 2 },
        { group: 'none', quantity: 6 },
      ]),
    ).toEqual({ oven: 3, kitchen: 2 });
    expect(orderLoad([])).toEqual(NO_LOAD);
  });

  it('fits when every group stays within its limit, the limit itself included', () => {
    const limits = { oven: 12, kitchen: 8 };
    expect(fitsLimits({ oven: 10, kitchen: 8 }, { oven: 2, kitchen: 0 }, limits)).toBe(true);
    expect(fitsLimits({ oven: 10, kitchen: 8 }, { oven: 2, kitchen: 1 }, limits)).toBe(false);
    expect(fitsLimits(NO_LOAD, { oven: 0, kitchen: 9 }, limits)).toBe(false);
  });
});
