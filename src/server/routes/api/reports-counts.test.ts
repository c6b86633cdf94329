import { reportsHarness } from '../../testing/reports-harness.ts';
import { describe, expect, it } from 'vitest';
import type { TakeawaySlotRow } from '../../../shared/schemas/reports.ts';
import { retentionPurge } from '../../services/guest-retention.ts';
import { insertOrders, NOVEMBER, seedNovember, twoDishes } from '../../testing/reports.ts';

// The takeaway, dishes, events and languages reports (CONTRACT.md part
// four, "The owner's view") on the seeded November 2026 (testing/reports.ts
// `seedNovember`), with exact expectations on SQLite and on PostgreSQL.

const { harness, report } = reportsHarness();

const zeroOrders = (period: string) => ({
  period,
  orders: 0,
  items: 0,
  collectedTotal: '0.00',
  noShows: 0,
});

describe('GET /api/reports/takeaway', () => {
  it('counts orders but declined ones, their pieces, the collected money to the cent', async () => {
    await seedNovember(harness().app.db);
    const days = await report(`/api/reports/takeaway?${NOVEMBER}`);
    expect(days.rows).toHaveLength(30);
    const day = (date: string) => days.rows.find((row) => 'period' in row && row.period === date);
    expect(day('2026-11-01')).toEqual(zeroOrders('2026-11-01'));
    expect(day('2026-11-02')).toEqual({
      period: '2026-11-02',
      orders: 2,
      items: 4,
      collectedTotal: '25.34',
      noShows: 1,
    });
    expect(day('2026-11-03')).toEqual({ ...zeroOrders('2026-11-03'), orders: 1, items: 3 });
    expect(day('2026-11-09')).toEqual({
      ...zeroOrders('2026-11-09'),
      orders: 1,
      items: 5,
      collectedTotal: '7.04',
    });
    const month = await report(`/api/reports/takeaway?${NOVEMBER}&group=month`);
    expect(month.rows).toEqual([
      { period: '2026-11-01', orders: 4, items: 12, collectedTotal: '32.38', noShows: 1 },
    ]);
    expect(month.previous.rows).toEqual([zeroOrders('2026-10-01')]);
  });

  it('sums many amounts exactly, never through floating point', async () => {
    const [m1] = await twoDishes(harness().app.db);
    // 0.1 + 0.2 is not 0.3 in floating point: 500 orders of 0.10 and 500 of 0.20 are 150.00.
    await insertOrders(
      harness().app.db,
      Array.from({ length: 1000 }, (_, i) => ({
        date: '2026-11-10',
        lines: [{ itemId: m1, name: 'Caffè', quantity: 1, cents: i % 2 ? 20 : 10 }],
      })),
    );
    const answer = await report('/api/reports/takeaway?from=2026-11-10&to=2026-11-10');
    expect(answer.rows).toEqual([
      { period: '2026-11-10', orders: 1000, items: 1000, collectedTotal: '150.00', noShows: 0 },
    ]);
  });

  it('with group=slot, averages the pieces per weekday and pickup time against the limits', async () => {
    await seedNovember(harness().app.db);
    const { limits } = await harness().app.takeaway.settings();
    const answer = await report(`/api/reports/takeaway?${NOVEMBER}&group=slot`);
    expect(answer.group).toBe('slot');
    const rows = answer.rows as TakeawaySlotRow[];
    // Every weekday of the range by both times found: a grid for the heat map.
    expect(rows).toHaveLength(14);
    const zero = { orders: 0, oven: 0, kitchen: 0 };
    const limited = { ovenLimit: limits.oven, kitchenLimit: limits.kitchen };
    // November 2026 has five Mondays: 2 and 9 had orders (the declined and cancelled ones aside).
    expect(rows.slice(0, 2)).toEqual([
      { weekday: 1, time: '19:30', orders: 0.4, oven: 0.6, kitchen: 0.2, ...limited },
      { weekday: 1, time: '20:00', orders: 0.2, oven: 0.2, kitchen: 0, ...limited },
    ]);
    expect(rows.slice(2)).toEqual(
      [2, 3, 4, 5, 6, 7].flatMap((weekday) =>
        ['19:30', '20:00'].map((time) => ({ weekday, time, ...zero, ...limited })),
      ),
    );
    expect(answer.previous.from).toBe('2026-10-01');
    expect(answer.previous.rows).toHaveLength(14);
    expect(answer.previous.rows.every((row) => 'oven' in row && row.oven === 0)).toBe(true);
  });
});

describe('GET /api/reports/dishes', () => {
  it('counts the lines of orders made and not lost, most sold first, by their latest name', async () => {
    const { db } = harness().app;
    const [m1, m2] = await seedNovember(db);
    const answer = await report(`/api/reports/dishes?${NOVEMBER}`);
    expect(answer.group).toBe('day');
    expect(answer.rows).toEqual([
      // DELETED_ITEM (testing/reports.ts): no longer on the menu.
      { id: null, name: 'Piatto tolto', quantity: 4, total: '0.04' },
      { id: m1, name: 'Pizza Margherita', quantity: 3, total: '20.00' },
      { id: m2, name: 'Frittura', quantity: 1, total: '12.34' },
    ]);
    expect(answer.previous.rows).toEqual([]);
    // Ties go by name.
    await insertOrders(db, [
      { date: '2026-11-04', lines: [{ itemId: m2, name: 'Frittura', quantity: 2, cents: 1000 }] },
    ]);
    const tied = await report(`/api/reports/dishes?${NOVEMBER}`);
    expect(tied.rows.slice(1).map((row) => 'name' in row && row.name)).toEqual([
      'Frittura',
      'Pizza Margherita',
    ]);
  });
});

describe('GET /api/reports/events and /api/reports/languages', () => {
  it('answer one row per status and per language, zeros included', async () => {
    await seedNovember(harness().app.db);
    const events = await report(`/api/reports/events?${NOVEMBER}`);
    expect(events.rows).toEqual([
      { status: 'new', count: 1, guests: 35 },
      { status: 'talking', count: 0, guests: 0 },
      { status: 'confirmed', count: 2, guests: 62 },
      { status: 'lost', count: 0, guests: 0 },
    ]);
    expect(events.previous.rows).toEqual([
      { status: 'new', count: 0, guests: 0 },
      { status: 'talking', count: 0, guests: 0 },
      { status: 'confirmed', count: 0, guests: 0 },
      { status: 'lost', count: 1, guests: 10 },
    ]);
    const languages = await report(`/api/reports/languages?${NOVEMBER}`);
    expect(languages.rows).toEqual([
      { lang: 'it', bookings: 3, orders: 1, events: 1 },
      { lang: 'en', bookings: 1, orders: 1, events: 2 },
      { lang: 'fr', bookings: 0, orders: 1, events: 0 },
      { lang: 'es', bookings: 1, orders: 0, events: 0 },
      { lang: 'de', bookings: 1, orders: 1, events: 0 },
    ]);
  });
});

describe('the reports after retention', () => {
  it('count the same once the retention purge has anonymised every row they count', async () => {
    const { db } = harness().app;
    await seedNovember(db);
    const names = ['bookings', 'takeaway', 'dishes', 'events', 'languages'] as const;
    const reports = () =>
      Promise.all(names.map((name) => report(`/api/reports/${name}?${NOVEMBER}`)));
    const before = await reports();
    // The real purge (services/guest-retention.ts), 24 months of retention, three years on.
    const purged = await retentionPurge(db, Date.parse('2029-12-01T09:00:00Z'), 24);
    expect(purged.reservations).toBeGreaterThan(0);
    expect(purged.takeawayOrders).toBeGreaterThan(0);
    expect(purged.eventInquiries).toBeGreaterThan(0);
    for (const table of ['reservations', 'takeaway_orders', 'event_inquiries'] as const) {
      const kept = await db
        .selectFrom(table)
        .select(['name', 'anonymised_at'])
        .where((eb) => eb.or([eb('name', '<>', ''), eb('anonymised_at', 'is', null)]))
        .execute();
      expect(kept, table).toEqual([]);
    }
    expect(await reports()).toEqual(before);
  });
});
