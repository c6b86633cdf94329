import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { testApp } from '../../testing/app.ts';

// A date a guest cannot book (before today, past the horizon) is answered
// before any slot of it is worked out: anyone can ask for any date, as often
// as they like, and working out Rome's clock for each 15-minute step of a
// day is what availability costs most. Counted on `daySlots`, the step that
// computes a date's slots from the hours.
const computed = vi.hoisted(() => ({ dates: [] as string[] }));
vi.mock('./slots.ts', async (original) => {
  const slots = await original<typeof import('./slots.ts')>();
  return {
    ...slots,
    daySlots: (...args: Parameters<typeof slots.daySlots>) => {
      computed.dates.push(args[1]);
      return slots.daySlots(...args);
    },
  };
});

let harness: Awaited<ReturnType<typeof testApp>>;
/** Tuesday 13 January 2026, 10:00 in Rome; the horizon is 60 days, to 14 March. */
const now = Date.parse('2026-01-13T09:00:00Z');

beforeAll(async () => {
  harness = await testApp({}, { pages: false, now: () => now });
});
afterAll(() => harness.close());
beforeEach(() => {
  computed.dates = [];
});

it('works out no slot for a date before today or past the horizon, however often it is asked', async () => {
  for (const date of ['2026-01-12', '2020-06-01', '2026-03-15', '2031-12-31']) {
    for (let round = 0; round < 3; round += 1) {
      const answer = await harness.app.reservations.availability(date, 2);
      expect(answer).toEqual({ ok: true, answer: { date, party: 2, slots: [] } });
    }
  }
  expect(computed.dates).toEqual([]);
});

it('works out a bookable date once, then keeps it', async () => {
  for (let round = 0; round < 3; round += 1) {
    const answer = await harness.app.reservations.availability('2026-03-14', 2);
    expect(answer.ok && answer.answer.slots.length).toBeGreaterThan(0);
  }
  expect(computed.dates).toEqual(['2026-03-14']);
});
