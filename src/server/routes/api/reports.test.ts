import { reportsHarness } from '../../testing/reports-harness.ts';
import { describe, expect, it } from 'vitest';
import { insertPlan } from '../../testing/floor.ts';
import { insertBookings, NOVEMBER, seedNovember } from '../../testing/reports.ts';

// The owner's reports (CONTRACT.md part four, "The owner's view"), on a
// seeded November 2026. This file runs on SQLite and on PostgreSQL
// (vitest.config.ts's `postgres` project) with the same exact expectations:
// both engines answer the same.

const zeroBookings = (period: string) => ({
  period,
  bookings: 0,
  covers: 0,
  seatedCovers: 0,
  noShowCovers: 0,
  cancelledCovers: 0,
  online: 0,
  phone: 0,
  walkIn: 0,
});

const { harness, report } = reportsHarness();

describe('GET /api/reports/bookings', () => {
  it('counts each day of a month, every day there, zeros too', async () => {
    await seedNovember(harness().app.db);
    const answer = await report(`/api/reports/bookings?${NOVEMBER}`);
    expect(answer).toMatchObject({ from: '2026-11-01', to: '2026-11-30', group: 'day' });
    expect(answer.rows).toHaveLength(30);
    expect(answer.rows[0]).toEqual(zeroBookings('2026-11-01'));
    const day = (date: string) => answer.rows.find((row) => 'period' in row && row.period === date);
    expect(day('2026-11-02')).toEqual({
      period: '2026-11-02',
      bookings: 3,
      covers: 9,
      seatedCovers: 6,
      noShowCovers: 3,
      cancelledCovers: 0,
      online: 2,
      phone: 1,
      walkIn: 0,
    });
    expect(day('2026-11-03')).toEqual({
      ...zeroBookings('2026-11-03'),
      bookings: 1,
      covers: 6,
      cancelledCovers: 6,
      phone: 1,
    });
    // Confirmed, but still to come: not seated.
    expect(day('2026-11-25')).toEqual({
      ...zeroBookings('2026-11-25'),
      bookings: 1,
      covers: 2,
      online: 1,
    });
    expect(day('2026-11-30')).toEqual({
      ...zeroBookings('2026-11-30'),
      bookings: 1,
      covers: 8,
      seatedCovers: 8,
      walkIn: 1,
    });
    // A whole month: the previous is the month before, by day.
    expect(answer.previous.from).toBe('2026-10-01');
    expect(answer.previous.to).toBe('2026-10-31');
    expect(answer.previous.rows).toHaveLength(31);
    expect(answer.previous.rows.at(-1)).toEqual({
      ...zeroBookings('2026-10-31'),
      bookings: 1,
      covers: 2,
      seatedCovers: 2,
      online: 1,
    });
  });

  it('groups by month and by week, a week counting only its days in the range', async () => {
    await seedNovember(harness().app.db);
    const month = await report(`/api/reports/bookings?${NOVEMBER}&group=month`);
    expect(month.rows).toEqual([
      {
        period: '2026-11-01',
        bookings: 6,
        covers: 25,
        seatedCovers: 14,
        noShowCovers: 3,
        cancelledCovers: 6,
        online: 3,
        phone: 2,
        walkIn: 1,
      },
    ]);
    expect(month.previous.rows).toEqual([
      { ...zeroBookings('2026-10-01'), bookings: 1, covers: 2, seatedCovers: 2, online: 1 },
    ]);

    const weeks = await report(`/api/reports/bookings?${NOVEMBER}&group=week`);
    expect(weeks.rows.map((row) => 'period' in row && row.period)).toEqual([
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
    ]);
    // The week of 26 October holds 1 November only: not the booking of the 31st.
    expect(weeks.rows[0]).toEqual(zeroBookings('2026-10-26'));
    expect(weeks.rows[1]).toEqual({
      period: '2026-11-02',
      bookings: 4,
      covers: 15,
      seatedCovers: 6,
      noShowCovers: 3,
      cancelledCovers: 6,
      online: 2,
      phone: 2,
      walkIn: 0,
    });
    expect(weeks.previous.rows.map((row) => 'period' in row && row.period)).toEqual([
      '2026-09-28',
      '2026-10-05',
      '2026-10-12',
      '2026-10-19',
      '2026-10-26',
    ]);
    // 30 September is before October: only the 31st's booking.
    expect(weeks.previous.rows[0]).toEqual(zeroBookings('2026-09-28'));
    expect(weeks.previous.rows[4]).toMatchObject({ bookings: 1, covers: 2 });
  });

  it('compares a range of days with as many days before, and whole months with months', async () => {
    await seedNovember(harness().app.db);
    const days = await report('/api/reports/bookings?from=2026-11-02&to=2026-11-03');
    expect(days.previous).toEqual({
      from: '2026-10-31',
      to: '2026-11-01',
      rows: [
        { ...zeroBookings('2026-10-31'), bookings: 1, covers: 2, seatedCovers: 2, online: 1 },
        zeroBookings('2026-11-01'),
      ],
    });
    const months = await report('/api/reports/bookings?from=2026-10-01&to=2026-11-30&group=month');
    expect(months.previous).toEqual({
      from: '2026-08-01',
      to: '2026-09-30',
      rows: [
        zeroBookings('2026-08-01'),
        { ...zeroBookings('2026-09-01'), bookings: 1, covers: 9, seatedCovers: 9, online: 1 },
      ],
    });
  });

  it('counts confirmed bookings as seated only before table mode', async () => {
    await seedNovember(harness().app.db);
    await insertPlan(harness().app.db, {
      areas: [{ name: 'Sala' }],
      tables: [{ name: 'T1', area: 'Sala', maxSeats: 4 }],
    });
    const answer = await report(`/api/reports/bookings?${NOVEMBER}&group=month`);
    expect(answer.rows[0]).toMatchObject({ seatedCovers: 12 });
  });

  it("counts Rome's days across both DST changes, seven rows a week", async () => {
    await insertBookings(harness().app.db, [
      { date: '2026-03-28', time: '23:30' },
      { date: '2026-03-29', time: '00:30' },
      { date: '2026-03-29', time: '23:30' },
      { date: '2026-10-25', time: '00:30' },
      { date: '2026-10-25', time: '02:30' },
      { date: '2026-10-25', time: '23:30' },
    ]);
    for (const [from, to, sunday] of [
      ['2026-03-23', '2026-03-29', 2],
      ['2026-10-19', '2026-10-25', 3],
    ] as const) {
      const answer = await report(`/api/reports/bookings?from=${from}&to=${to}`);
      expect(answer.rows).toHaveLength(7);
      expect(answer.rows.map((row) => 'period' in row && row.period)).toEqual(
        Array.from({ length: 7 }, (_, i) => `${from.slice(0, 8)}${Number(from.slice(8)) + i}`),
      );
      expect(answer.rows.map((row) => 'bookings' in row && row.bookings)).toEqual(
        from === '2026-03-23' ? [0, 0, 0, 0, 0, 1, sunday] : [0, 0, 0, 0, 0, 0, sunday],
      );
      const week = await report(`/api/reports/bookings?from=${from}&to=${to}&group=week`);
      expect(week.rows).toEqual([expect.objectContaining({ period: from, bookings: 3 })]);
    }
  });

  it('answers a row of zeros for every period of an empty range', async () => {
    const answer = await report('/api/reports/bookings?from=2030-01-01&to=2030-03-31&group=month');
    expect(answer.rows).toEqual(['2030-01-01', '2030-02-01', '2030-03-01'].map(zeroBookings));
    expect(answer.previous.rows).toEqual(
      ['2029-10-01', '2029-11-01', '2029-12-01'].map(zeroBookings),
    );
  });
});
