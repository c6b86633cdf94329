import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { romeInstant } from '../../../shared/opening-hours.ts';
import { DEFAULT_RESERVATION_SETTINGS } from '../../../shared/schemas/reservations.ts';
import {
  assignInOrder,
  availableAt,
  bestSeat,
  conflicts,
  coversStarting,
  holdEnd,
  indexHolds,
  isRunningLate,
  paceAllows,
  seatOptions,
  tablesForHold,
  tablesFree,
  turnFor,
} from './seating.ts';
import type {
  SeatingCombination,
  SeatingPlan,
  SeatingTable,
  SeatRequest,
  TableHold,
} from './seating-types.ts';

// The seating function of table mode (CONTRACT.md part four), on plain data.
// Instants are real ones: 20:00 Rome on 14 January 2026 is 19:00 UTC.

const MIN = 60_000;
const T0 = Date.UTC(2026, 0, 14, 19, 0);
const at = (minutes: number) => T0 + minutes * MIN;

const table = (id: number, maxSeats: number, extra: Partial<SeatingTable> = {}): SeatingTable => ({
  id,
  areaId: 1,
  minSeats: 1,
  maxSeats,
  onlineBookable: true,
  priority: 0,
  ...extra,
});
const combination = (
  id: number,
  tableIds: number[],
  minSeats: number,
  maxSeats: number,
  onlineBookable = true,
): SeatingCombination => ({ id, tableIds, minSeats, maxSeats, onlineBookable });
const planOf = (
  tables: SeatingTable[],
  combinations: SeatingCombination[] = [],
  areas = [{ id: 1, onlineBookable: true }],
): SeatingPlan => ({ areas, tables, combinations });
const request = (party: number, extra: Partial<SeatRequest> = {}): SeatRequest => ({
  party,
  startsAt: at(0),
  endsAt: at(90),
  online: false,
  area: null,
  ...extra,
});
const hold = (bookingId: number | null, tableIds: number[], from: number, to: number) => ({
  bookingId,
  tableIds,
  startsAt: at(from),
  endsAt: at(to),
});
const ids = (plan: SeatingPlan, holds: TableHold[], req: SeatRequest) =>
  seatOptions(plan, holds, req).map((o) => `${o.kind[0]}${o.id}`);

describe('seatOptions and bestSeat: best fit', () => {
  it('seats a couple at a two-top, not a six-top (openresto #244), and the six-top when the two-top is held', () => {
    const plan = planOf([table(1, 6), table(2, 2)]);
    expect(bestSeat(plan, [], request(2))).toEqual({
      kind: 'table',
      id: 2,
      tableIds: [2],
      areaId: 1,
      spare: 0,
    });
    expect(bestSeat(plan, [hold(9, [2], -30, 60)], request(2))?.id).toBe(1);
    expect(bestSeat(plan, [hold(9, [1, 2], -30, 60)], request(2))).toBeNull();
  });

  it('honours each table and combination its seat range', () => {
    const plan = planOf([table(1, 6, { minSeats: 3 }), table(2, 4)]);
    expect(ids(plan, [], request(2))).toEqual(['t2']);
    expect(ids(plan, [], request(5))).toEqual(['t1']);
    expect(ids(plan, [], request(7))).toEqual([]);
  });

  it('orders tables by fewest spare seats, then by priority (lower first), then by id', () => {
    const plan = planOf([
      table(1, 4, { priority: 5 }),
      table(2, 4, { priority: 1 }),
      table(3, 6),
      table(4, 4, { priority: 1 }),
    ]);
    expect(ids(plan, [], request(4))).toEqual(['t2', 't4', 't1', 't3']);
  });

  it('offers combinations only after every single table, by fewest spare seats', () => {
    const plan = planOf(
      [table(1, 4), table(2, 4), table(3, 2)],
      [combination(1, [1, 2], 2, 10), combination(2, [1, 3], 2, 6)],
    );
    expect(ids(plan, [], request(4))).toEqual(['t1', 't2', 'c2', 'c1']);
    expect(ids(plan, [], request(6))).toEqual(['c2', 'c1']);
    // Two four-tops pushed together may seat ten (Odoo), by the combination's own range.
    expect(ids(plan, [], request(10))).toEqual(['c1']);
    // A single six-top before two joined two-tops that would fit a four exactly.
    const joined = planOf([table(1, 6), table(2, 2), table(3, 2)], [combination(1, [2, 3], 3, 4)]);
    expect(ids(joined, [], request(4))).toEqual(['t1', 'c1']);
    // A combination is not free when one of its tables is held.
    expect(ids(plan, [hold(9, [2], 30, 120)], request(6))).toEqual(['c2']);
  });

  it('among equals, prefers the table whose neighbouring holds leave the smallest gaps', () => {
    const plan = planOf([table(1, 2), table(2, 2), table(3, 2)]);
    const holds = [hold(7, [1], -240, -120), hold(8, [2], -90, 0), hold(9, [3], 180, 270)];
    expect(ids(plan, holds, request(2))).toEqual(['t2', 't3', 't1']);
    // A gap after counts as one before does.
    const after = [hold(7, [1], 120, 200), hold(8, [2], 90, 180)];
    expect(ids(plan, after, request(2))).toEqual(['t2', 't1', 't3']);
  });

  it("does not count a moved booking's own hold against it", () => {
    const plan = planOf([table(1, 2), table(2, 4)]);
    const holds = [hold(7, [1], 0, 90)];
    expect(ids(plan, holds, request(2))).toEqual(['t2']);
    expect(ids(plan, holds, request(2, { bookingId: 7 }))).toEqual(['t1', 't2']);
    expect(tablesFree(holds, [1], at(0), at(90))).toBe(false);
    expect(tablesFree(holds, [1], at(0), at(90), 7)).toBe(true);
    expect(tablesFree(holds, [1], at(90), at(180))).toBe(true);
    expect(tablesFree(holds, [1], at(-90), at(0))).toBe(true);
  });
});

describe('seatOptions: online and the area', () => {
  const areas = [
    { id: 1, onlineBookable: true },
    { id: 2, onlineBookable: false },
  ];
  const plan = planOf(
    [
      table(1, 2),
      table(2, 2, { onlineBookable: false }),
      table(3, 2, { areaId: 2 }),
      table(4, 4, { onlineBookable: false }),
      table(5, 4, { onlineBookable: false }),
      table(6, 4, { areaId: 2 }),
      table(7, 4, { areaId: 2 }),
    ],
    [combination(1, [4, 5], 5, 8, true), combination(2, [6, 7], 5, 8, true)],
    areas,
  );

  it('offers online only online-bookable tables of online-bookable areas', () => {
    expect(ids(plan, [], request(2))).toEqual(['t1', 't2', 't3', 't4', 't5', 't6', 't7']);
    expect(ids(plan, [], request(2, { online: true }))).toEqual(['t1']);
  });

  it("offers online a combination online-bookable in an online-bookable area, whatever its tables' flags", () => {
    expect(ids(plan, [], request(8, { online: true }))).toEqual(['c1']);
    const closed = { ...plan, combinations: [combination(1, [4, 5], 5, 8, false)] };
    expect(ids(closed, [], request(8, { online: true }))).toEqual([]);
    expect(ids(closed, [], request(8))).toEqual(['c1']);
  });

  it('offers only the chosen area', () => {
    expect(ids(plan, [], request(2, { area: 2 }))).toEqual(['t3', 't6', 't7']);
    expect(ids(plan, [], request(8, { area: 2 }))).toEqual(['c2']);
    expect(ids(plan, [], request(2, { area: 2, online: true }))).toEqual([]);
  });
});

describe('turnFor', () => {
  const settings = DEFAULT_RESERVATION_SETTINGS;
  it('takes the first entry whose upTo reaches the party, null reaching any', () => {
    expect([1, 2, 3, 4, 5, 12].map((party) => turnFor(party, settings))).toEqual([
      90, 90, 120, 120, 150, 150,
    ]);
  });
  it('falls back on turnMinutes when the list is empty', () => {
    expect(turnFor(3, { turnByParty: [], turnMinutes: 105 })).toBe(105);
  });
});

describe('holds: finished and running late', () => {
  const booking = { endsAt: at(90), finishedAt: null };
  it('frees the tables of a finished booking from its finishedAt', () => {
    const finished = { ...booking, status: 'finished' as const, finishedAt: at(50) };
    expect(holdEnd(finished, at(55))).toBe(at(50));
    expect(holdEnd({ ...finished, finishedAt: at(110) }, at(120))).toBe(at(110));
    const plan = planOf([table(1, 2)]);
    const holds = [{ ...hold(7, [1], 0, 90), endsAt: holdEnd(finished, at(55)) }];
    expect(bestSeat(plan, holds, request(2, { startsAt: at(50), endsAt: at(140) }))?.id).toBe(1);
    expect(bestSeat(plan, holds, request(2, { startsAt: at(45), endsAt: at(135) }))).toBeNull();
  });

  it('keeps the tables of a party seated past its turn until at least 15 minutes from now', () => {
    const seated = { ...booking, status: 'seated' as const };
    expect(holdEnd(seated, at(60))).toBe(at(90));
    expect(isRunningLate(seated, at(89))).toBe(false);
    expect(isRunningLate(seated, at(90))).toBe(true);
    expect(holdEnd(seated, at(90))).toBe(at(105));
    expect(holdEnd(seated, at(130))).toBe(at(145));
    const plan = planOf([table(1, 2)]);
    const holds = [{ ...hold(7, [1], 0, 90), endsAt: holdEnd(seated, at(100)) }];
    expect(bestSeat(plan, holds, request(2, { startsAt: at(115), endsAt: at(205) }))?.id).toBe(1);
    expect(bestSeat(plan, holds, request(2, { startsAt: at(110), endsAt: at(200) }))).toBeNull();
  });

  it('takes a party still marked seated 12 hours past its turn as gone (never marked finished)', () => {
    const seated = { ...booking, status: 'seated' as const };
    expect(isRunningLate(seated, at(90 + 12 * 60 - 1))).toBe(true);
    expect(isRunningLate(seated, at(90 + 12 * 60))).toBe(false);
    expect(holdEnd(seated, at(90 + 12 * 60))).toBe(at(90));
  });

  it('ends any other booking at its turn', () => {
    expect(holdEnd({ ...booking, status: 'confirmed' }, at(200))).toBe(at(90));
    expect(isRunningLate({ ...booking, status: 'arrived' }, at(200))).toBe(false);
  });
});

describe('conflicts', () => {
  it("lists the bookings sharing a table at overlapping moments, an event's hold included", () => {
    const holds = [
      hold(1, [1], 0, 90),
      hold(2, [1, 2], 60, 150),
      hold(3, [2], 150, 240), // touches 2's end: no conflict
      hold(4, [3], 0, 90),
      hold(null, [3], 80, 300),
      hold(5, [4], 0, 90),
    ];
    expect([...conflicts(holds)].sort()).toEqual([1, 2, 4]);
    expect(conflicts(holds.slice(2)).size).toBe(1);
  });
});

describe('the pace', () => {
  const bookings = [
    { party: 4, startsAt: at(0) },
    { party: 2, startsAt: at(7) }, // a walk-in at 20:07 starts in 20:00's slot
    { party: 6, startsAt: at(15) },
  ];
  it('counts the covers starting in a slot', () => {
    expect(coversStarting(bookings, at(0))).toBe(6);
    expect(coversStarting(bookings, at(15))).toBe(6);
    expect(coversStarting(bookings, at(30))).toBe(0);
  });
  it('allows a party while the covers starting stay within coversPerSlot, any with no pace', () => {
    expect(paceAllows(bookings, at(0), 4, 10)).toBe(true);
    expect(paceAllows(bookings, at(0), 5, 10)).toBe(false);
    expect(paceAllows(bookings, at(0), 50, null)).toBe(true);
  });
});

describe('tablesForHold: events', () => {
  const plan = planOf(
    [table(1, 2), table(2, 2), table(3, 4), table(4, 4), table(5, 6), table(6, 8, { areaId: 2 })],
    [],
    [
      { id: 1, onlineBookable: true },
      { id: 2, onlineBookable: true },
    ],
  );
  const stretch = { startsAt: at(0), endsAt: at(240) };
  const seats = (tableIds: number[]) =>
    tableIds.reduce((sum, id) => sum + plan.tables.find((t) => t.id === id)!.maxSeats, 0);

  it('holds every table for "all"', () => {
    expect(tablesForHold(plan, [], { covers: 'all', area: 1, ...stretch })).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
  });

  it('holds the fewest tables reaching N, with the fewest spare seats, preferring free ones', () => {
    const eight = tablesForHold(plan, [], { covers: 8, area: null, ...stretch });
    expect(eight).toEqual([6]);
    const inRoom = tablesForHold(plan, [], { covers: 8, area: 1, ...stretch });
    expect(inRoom).toHaveLength(2);
    expect(seats(inRoom)).toBe(8);
    expect(
      tablesForHold(plan, [hold(7, [5], 60, 150)], { covers: 8, area: 1, ...stretch }),
    ).toEqual([3, 4]);
    expect(tablesForHold(plan, [], { covers: 11, area: 1, ...stretch })).toHaveLength(3);
    expect(seats(tablesForHold(plan, [], { covers: 11, area: 1, ...stretch }))).toBe(12);
  });

  it("holds all the area's tables when they cannot reach N", () => {
    expect(tablesForHold(plan, [], { covers: 40, area: 1, ...stretch })).toEqual([1, 2, 3, 4, 5]);
    expect(tablesForHold(plan, [], { covers: 0, area: null, ...stretch })).toEqual([]);
  });
});

describe('assignInOrder', () => {
  it('seats in the order given, each seated one holding against the next, the rest null', () => {
    const plan = planOf([table(1, 2), table(2, 4)]);
    const requests = [1, 2, 3].map((bookingId) => ({ ...request(2), bookingId }));
    const later = { ...request(2, { startsAt: at(90), endsAt: at(180) }), bookingId: 4 };
    const seats = assignInOrder(plan, [hold(null, [], 0, 60)], [...requests, later]);
    expect([...seats].map(([id, seat]) => [id, seat?.id ?? null])).toEqual([
      [1, 1],
      [2, 2],
      [3, null],
      [4, 1],
    ]);
  });
});

describe('across midnight and the changes of clocks (Europe/Rome)', () => {
  const plan = planOf([table(1, 2)]);
  const turn = (startsAt: number, minutes: number) =>
    request(2, { startsAt, endsAt: startsAt + minutes * MIN });
  const held = (startsAt: number, minutes: number): TableHold[] => [
    { bookingId: 7, tableIds: [1], startsAt, endsAt: startsAt + minutes * MIN },
  ];

  it('holds a turn across 00:00 into the next date', () => {
    const holds = held(romeInstant('2026-01-14', '23:30').getTime(), 150);
    expect(
      bestSeat(plan, holds, turn(romeInstant('2026-01-15', '01:45').getTime(), 90)),
    ).toBeNull();
    expect(
      bestSeat(plan, holds, turn(romeInstant('2026-01-15', '02:00').getTime(), 90)),
    ).not.toBeNull();
  });

  it('counts a turn in real minutes when the clocks go forward (29 March 2026)', () => {
    // 23:30 + 150 minutes ends at 03:00 CEST: 02:00-03:00 does not exist that night.
    const holds = held(romeInstant('2026-03-28', '23:30').getTime(), 150);
    expect(
      bestSeat(plan, holds, turn(romeInstant('2026-03-29', '01:45').getTime(), 90)),
    ).toBeNull();
    expect(
      bestSeat(plan, holds, turn(romeInstant('2026-03-29', '03:00').getTime(), 90)),
    ).not.toBeNull();
  });

  it('counts a turn in real minutes when the clocks go back (25 October 2026)', () => {
    // 23:30 + 150 minutes ends at the first 02:00 (CEST); the second 02:00 (CET) is an hour later.
    const start = romeInstant('2026-10-24', '23:30').getTime();
    const holds = held(start, 150);
    const firstTwo = romeInstant('2026-10-25', '02:00').getTime();
    expect(firstTwo - start).toBe(150 * MIN);
    expect(bestSeat(plan, holds, turn(firstTwo - 15 * MIN, 90))).toBeNull();
    expect(bestSeat(plan, holds, turn(firstTwo, 90))).not.toBeNull();
  });
});

describe('seating over random plans and random streams of operations (property)', () => {
  // A plan of one to three areas, one to ten tables and up to four combinations of one area each.
  const plans = fc
    .record({
      areas: fc.array(fc.boolean(), { minLength: 1, maxLength: 3 }),
      tables: fc.array(
        fc.record({
          area: fc.nat(2),
          minSeats: fc.integer({ min: 1, max: 3 }),
          extra: fc.nat(5),
          onlineBookable: fc.boolean(),
          priority: fc.nat(9),
        }),
        { minLength: 2, maxLength: 10 },
      ),
      combinations: fc.array(
        fc.record({
          tables: fc.uniqueArray(fc.nat(9), { minLength: 2, maxLength: 4 }),
          minSeats: fc.integer({ min: 2, max: 8 }),
          extra: fc.nat(6),
          onlineBookable: fc.boolean(),
        }),
        { maxLength: 4 },
      ),
    })
    .map(({ areas, tables, combinations }): SeatingPlan => {
      const built = tables.map((t, i) => ({
        id: i + 1,
        areaId: (t.area % areas.length) + 1,
        minSeats: t.minSeats,
        maxSeats: t.minSeats + t.extra,
        onlineBookable: t.onlineBookable,
        priority: t.priority,
      }));
      return {
        areas: areas.map((onlineBookable, i) => ({ id: i + 1, onlineBookable })),
        tables: built,
        // Each combination joins the drawn tables of its first table's area (two at least).
        combinations: combinations.flatMap((c, i) => {
          const first = built[c.tables[0]! % built.length]!;
          const tableIds = [
            ...new Set(
              c.tables
                .map((n) => built[n % built.length]!)
                .filter((t) => t.areaId === first.areaId),
            ),
          ].map((t) => t.id);
          if (tableIds.length < 2) return [];
          const { minSeats, extra, onlineBookable } = c;
          return [{ id: i + 1, tableIds, minSeats, maxSeats: minSeats + extra, onlineBookable }];
        }),
      };
    });
  const operations = fc.array(
    fc.oneof(
      fc.record({
        kind: fc.constant('book' as const),
        party: fc.integer({ min: 1, max: 10 }),
        slot: fc.nat(24),
        minutes: fc.constantFrom(90, 120, 150),
        online: fc.boolean(),
        area: fc.option(fc.integer({ min: 1, max: 3 }), { freq: 2 }),
      }),
      fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), choice: fc.nat() }),
      fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
      // Finished within its turn: a party that stays longer was running late and holds its
      // tables past its turn, a conflict staff see (conflicts), not one seating made.
      fc.record({
        kind: fc.constant('finish' as const),
        pick: fc.nat(),
        after: fc.double({ min: 0, max: 1, noNaN: true }),
      }),
    ),
    { minLength: 10, maxLength: 40 },
  );

  interface Booking extends SeatRequest {
    bookingId: number;
    tableIds: readonly number[];
    finishedAt: number | null;
  }
  const holdsOf = (bookings: Booking[]): TableHold[] =>
    bookings.map((b) => ({
      bookingId: b.bookingId,
      tableIds: b.tableIds,
      startsAt: b.startsAt,
      endsAt: holdEnd(
        {
          status: b.finishedAt === null ? 'confirmed' : 'finished',
          endsAt: b.endsAt,
          finishedAt: b.finishedAt,
        },
        0,
      ),
    }));
  /** What seatOptions should offer, by brute force on the raw holds. */
  const freeOptions = (plan: SeatingPlan, holds: TableHold[], req: SeatRequest) =>
    seatOptions(plan, [], req)
      .filter((o) =>
        holds.every(
          (h) =>
            h.bookingId === req.bookingId ||
            h.endsAt <= h.startsAt || // finished as it began: holds nothing
            h.endsAt <= req.startsAt ||
            req.endsAt <= h.startsAt ||
            !h.tableIds.some((id) => o.tableIds.includes(id)),
        ),
      )
      .map((o) => `${o.kind}${o.id}`)
      .sort();
  const seatRange = (plan: SeatingPlan, kind: string, id: number) =>
    (kind === 'table' ? plan.tables : plan.combinations).find((e) => e.id === id)!;

  it('never lets two holds share a table at overlapping times, and every seat fits its party', () => {
    fc.assert(
      fc.property(plans, operations, (plan, ops) => {
        const live: Booking[] = [];
        let nextId = 1;
        for (const op of ops) {
          const holds = holdsOf(live);
          if (op.kind === 'book') {
            const startsAt = at(op.slot * 15);
            const req = {
              party: op.party,
              startsAt,
              endsAt: startsAt + op.minutes * MIN,
              online: op.online,
              area: op.area,
            };
            const options = seatOptions(plan, indexHolds(holds), req);
            expect(options.map((o) => `${o.kind}${o.id}`).sort()).toEqual(
              freeOptions(plan, holds, req),
            );
            expect(availableAt(plan, holds, req)).toBe(options.length > 0);
            const seat = bestSeat(plan, holds, req);
            expect(seat).toEqual(options[0] ?? null);
            if (!seat) continue;
            const range = seatRange(plan, seat.kind, seat.id);
            expect(range.minSeats <= req.party && req.party <= range.maxSeats).toBe(true);
            expect(seat.spare).toBe(range.maxSeats - req.party);
            if (req.online)
              expect(plan.areas.find((a) => a.id === seat.areaId)!.onlineBookable).toBe(true);
            if (req.area !== null) expect(seat.areaId).toBe(req.area);
            live.push({ ...req, bookingId: nextId++, tableIds: seat.tableIds, finishedAt: null });
          } else if (live.length > 0) {
            const booking = live[op.pick % live.length]!;
            if (op.kind === 'cancel') live.splice(live.indexOf(booking), 1);
            if (op.kind === 'finish' && booking.finishedAt === null) {
              booking.finishedAt =
                booking.startsAt + Math.round(op.after * (booking.endsAt - booking.startsAt));
            }
            if (op.kind === 'move' && booking.finishedAt === null) {
              const options = seatOptions(plan, holds, { ...booking, online: false, area: null });
              expect(options.length).toBeGreaterThan(0); // its own tables at least
              const seat = options[op.choice % options.length]!;
              const range = seatRange(plan, seat.kind, seat.id);
              expect(range.minSeats <= booking.party && booking.party <= range.maxSeats).toBe(true);
              booking.tableIds = seat.tableIds;
            }
          }
          const after = holdsOf(live);
          expect(conflicts(after).size).toBe(0);
          for (const [i, a] of after.entries()) {
            for (const b of after.slice(i + 1)) {
              const overlap =
                a.startsAt < a.endsAt &&
                b.startsAt < b.endsAt &&
                a.startsAt < b.endsAt &&
                b.startsAt < a.endsAt;
              expect(overlap && a.tableIds.some((id) => b.tableIds.includes(id))).toBe(false);
            }
          }
        }
      }),
      { numRuns: 200, seed: 38 },
    );
  });

  it('assigns in order without ever sharing a table at overlapping times, each seat fitting its party', () => {
    const stream = fc.array(
      fc.record({
        party: fc.integer({ min: 1, max: 10 }),
        slot: fc.nat(24),
        minutes: fc.constantFrom(90, 120, 150),
      }),
      { minLength: 1, maxLength: 30 },
    );
    fc.assert(
      fc.property(plans, stream, (plan, wanted) => {
        const requests = wanted.map((w, i) => ({
          bookingId: i + 1,
          party: w.party,
          startsAt: at(w.slot * 15),
          endsAt: at(w.slot * 15 + w.minutes),
          online: false,
          area: null,
        }));
        const seats = assignInOrder(plan, [], requests);
        expect([...seats.keys()]).toEqual(requests.map((r) => r.bookingId));
        const holds = requests.flatMap((r) => {
          const seat = seats.get(r.bookingId);
          if (!seat) return [];
          const range = seatRange(plan, seat.kind, seat.id);
          expect(range.minSeats <= r.party && r.party <= range.maxSeats).toBe(true);
          return [{ ...r, tableIds: seat.tableIds }];
        });
        expect(conflicts(holds).size).toBe(0);
        // One left unseated had no free option once those before it were seated.
        for (const r of requests.filter((r) => seats.get(r.bookingId) === null)) {
          const before = holds.filter((h) => h.bookingId < r.bookingId);
          expect(bestSeat(plan, before, r)).toBeNull();
        }
      }),
      { numRuns: 200, seed: 38 },
    );
  });

  it("holds for an event the fewest tables reaching N, of its area, or all the area's", () => {
    const events = fc.record({
      covers: fc.integer({ min: 1, max: 60 }),
      area: fc.option(fc.integer({ min: 1, max: 3 }), { freq: 2 }),
      held: fc.array(fc.nat(9), { maxLength: 5 }),
    });
    fc.assert(
      fc.property(plans, events, (plan, { covers, area, held }) => {
        const holds = held.map((n, i) => hold(i + 1, [(n % plan.tables.length) + 1], 0, 60));
        const got = tablesForHold(plan, holds, { covers, area, startsAt: at(0), endsAt: at(120) });
        const inArea = plan.tables.filter((t) => area === null || t.areaId === area);
        const seats = (list: SeatingTable[]) => list.reduce((sum, t) => sum + t.maxSeats, 0);
        const chosen = inArea.filter((t) => got.includes(t.id));
        expect(chosen).toHaveLength(got.length);
        if (seats(inArea) <= covers) {
          expect(chosen).toEqual(inArea);
          return;
        }
        expect(seats(chosen)).toBeGreaterThanOrEqual(covers);
        const largest = inArea.map((t) => t.maxSeats).sort((a, b) => b - a);
        let fewest = 0;
        for (let sum = 0; sum < covers; fewest += 1) sum += largest[fewest]!;
        expect(chosen).toHaveLength(fewest);
      }),
      { numRuns: 200, seed: 38 },
    );
  });
});
