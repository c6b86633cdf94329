import type { ReservationStatus, TurnByParty } from '../../../shared/schemas/reservations.ts';
import { SLOT_MINUTES } from '../../../shared/schemas/reservations.ts';
import { MINUTE_MS } from '../opening-slots.ts';
import type {
  SeatingCombination,
  SeatingPlan,
  SeatingTable,
  SeatOption,
  SeatRequest,
  TableHold,
} from './seating-types.ts';

/**
 * Seating in table mode (CONTRACT.md part four, "Tables and the floor
 * plan"): which tables or combinations are free for a party's whole turn,
 * which one it gets, how long a booking holds them, and which tables an
 * event holds. Pure functions of plain data (seating-types.ts): no
 * database, no clock (the caller passes `now`), so availability, online
 * and phone bookings, walk-ins, moves, the switch to table mode and events
 * all ask the same questions and get the same answers. Instants are ms.
 */

/** A party `seated` past its turn keeps its tables until at least this long after now. */
export const RUNNING_LATE_MINUTES = 15;
/** The gap counted for a side with no neighbouring hold: larger than any real one. */
const NO_NEIGHBOUR_MS = 7 * 24 * 60 * MINUTE_MS;

// ---------------------------------------------------------------------------
// Turns and holds

/**
 * A party's turn in minutes (table mode): the first `turnByParty` entry
 * whose `upTo` reaches the party (null reaches any), `turnMinutes` when the
 * list is empty (or, for a list the schema would refuse, when none reaches it).
 */
export function turnFor(
  party: number,
  settings: { turnByParty: readonly TurnByParty[]; turnMinutes: number },
): number {
  const entry = settings.turnByParty.find((turn) => turn.upTo === null || party <= turn.upTo);
  return entry ? entry.minutes : settings.turnMinutes;
}

/** A booking as its tables' hold sees it: its status, the end of its turn and its finish (ms). */
export interface HoldingBooking {
  status: ReservationStatus;
  endsAt: number;
  finishedAt: number | null;
}

/** Past its turn a party still `seated` this long was never marked finished: its tables are free. */
export const RUNNING_LATE_AT_MOST_MS = 12 * 60 * MINUTE_MS;

/** Whether a party is still `seated` at `now` past the end of its turn (within the bound above). */
export function isRunningLate(booking: HoldingBooking, now: number): boolean {
  return (
    booking.status === 'seated' &&
    booking.endsAt <= now &&
    now < booking.endsAt + RUNNING_LATE_AT_MOST_MS
  );
}

/**
 * When a booking's tables are free again, as seen at `now`: a `finished`
 * one frees them from its `finishedAt` (earlier or later than its turn's
 * end); one still `seated` past its turn keeps them until at least
 * `RUNNING_LATE_MINUTES` after now (running late); any other at its turn's end.
 * Which statuses hold tables at all is reservations.ts `SEATED_STATUSES`.
 */
export function holdEnd(booking: HoldingBooking, now: number): number {
  if (booking.status === 'finished') return booking.finishedAt ?? booking.endsAt;
  if (isRunningLate(booking, now)) {
    return Math.max(booking.endsAt, now + RUNNING_LATE_MINUTES * MINUTE_MS);
  }
  return booking.endsAt;
}

// ---------------------------------------------------------------------------
// Holds, indexed by table

interface Interval {
  bookingId: number | null;
  startsAt: number;
  endsAt: number;
}

/**
 * The holds by table, each table's sorted by start: built once per
 * decision (availability asks every slot of a day against the same holds).
 * `addHold` extends it as assignments are made.
 */
export interface HoldIndex {
  readonly byTable: Map<number, Interval[]>;
}

/** Index `holds` by table. A hold that ends at or before it starts holds nothing. */
export function indexHolds(holds: readonly TableHold[]): HoldIndex {
  const index: HoldIndex = { byTable: new Map() };
  for (const hold of holds) addHold(index, hold);
  return index;
}

/** Add a hold to an index, keeping each table's holds sorted by start. */
export function addHold(index: HoldIndex, hold: TableHold): void {
  if (hold.endsAt <= hold.startsAt) return;
  const interval = { bookingId: hold.bookingId, startsAt: hold.startsAt, endsAt: hold.endsAt };
  for (const tableId of hold.tableIds) {
    const list = index.byTable.get(tableId);
    if (!list) {
      index.byTable.set(tableId, [interval]);
      continue;
    }
    let at = list.length;
    while (at > 0 && list[at - 1]!.startsAt > interval.startsAt) at -= 1;
    list.splice(at, 0, interval);
  }
}

type Holds = HoldIndex | readonly TableHold[];
const asIndex = (holds: Holds): HoldIndex => ('byTable' in holds ? holds : indexHolds(holds));
const others = (interval: Interval, except: number | undefined) =>
  except === undefined || interval.bookingId !== except;

function tableFree(index: HoldIndex, tableId: number, from: number, to: number, except?: number) {
  for (const hold of index.byTable.get(tableId) ?? []) {
    if (hold.startsAt >= to) return true;
    if (hold.endsAt > from && others(hold, except)) return false;
  }
  return true;
}

/**
 * Whether none of `tableIds` is held at any moment of [from, to) by a hold
 * other than booking `exceptBookingId`'s own (a move does not collide with itself).
 */
export function tablesFree(
  holds: Holds,
  tableIds: readonly number[],
  from: number,
  to: number,
  exceptBookingId?: number,
): boolean {
  const index = asIndex(holds);
  return tableIds.every((id) => tableFree(index, id, from, to, exceptBookingId));
}

/**
 * The bookings that share a table with another hold (a booking's or an
 * event's) at an overlapping moment: what `conflict: true` shows, after
 * staff seated past a conflict with `override`.
 */
export function conflicts(holds: Holds): Set<number> {
  const found = new Set<number>();
  for (const list of asIndex(holds).byTable.values()) {
    for (let i = 0; i < list.length; i += 1) {
      const a = list[i]!;
      for (let j = i + 1; j < list.length && list[j]!.startsAt < a.endsAt; j += 1) {
        const b = list[j]!;
        if (a.bookingId !== null && a.bookingId === b.bookingId) continue;
        if (a.bookingId !== null) found.add(a.bookingId);
        if (b.bookingId !== null) found.add(b.bookingId);
      }
    }
  }
  return found;
}

// ---------------------------------------------------------------------------
// Seat options

/** The area of a combination (its tables are of one), or null when one of its tables is gone. */
function combinationArea(plan: SeatingPlan, combination: SeatingCombination): number | null {
  const areas = new Set<number>();
  for (const id of combination.tableIds) {
    const table = plan.tables.find((t) => t.id === id);
    if (!table) return null;
    areas.add(table.areaId);
  }
  return areas.size === 1 ? [...areas][0]! : null;
}

/** Whether an area may be offered: in the request's area if it names one, online-bookable online. */
function areaAllowed(plan: SeatingPlan, areaId: number, request: SeatRequest): boolean {
  if (request.area !== null && areaId !== request.area) return false;
  return !request.online || plan.areas.some((a) => a.id === areaId && a.onlineBookable);
}

interface Candidate extends SeatOption {
  priority: number;
}

/**
 * The plan's tables and combinations that seat the party
 * (`minSeats ≤ party ≤ maxSeats`) and that the request may have (online
 * only what is online-bookable in an online-bookable area, a combination by
 * its own flag whatever its tables'; only the request's area when it names
 * one), whether free or not.
 */
function candidates(plan: SeatingPlan, request: SeatRequest): Candidate[] {
  const { party } = request;
  const fitsParty = (t: { minSeats: number; maxSeats: number }) =>
    t.minSeats <= party && party <= t.maxSeats;
  const found: Candidate[] = [];
  for (const table of plan.tables) {
    if (!fitsParty(table) || (request.online && !table.onlineBookable)) continue;
    if (!areaAllowed(plan, table.areaId, request)) continue;
    const { id, areaId, maxSeats, priority } = table;
    found.push({ kind: 'table', id, tableIds: [id], areaId, spare: maxSeats - party, priority });
  }
  for (const combination of plan.combinations) {
    if (!fitsParty(combination) || (request.online && !combination.onlineBookable)) continue;
    const areaId = combinationArea(plan, combination);
    if (areaId === null || !areaAllowed(plan, areaId, request)) continue;
    const { id, tableIds, maxSeats } = combination;
    found.push({ kind: 'combination', id, tableIds, areaId, spare: maxSeats - party, priority: 0 });
  }
  return found;
}

/**
 * How tightly an option fits among the holds on its tables: the gap from
 * the latest end at or before the start, plus the gap to the earliest start
 * at or after the end (a side with no neighbour counts as a week).
 */
function neighbourGaps(index: HoldIndex, tableIds: readonly number[], request: SeatRequest) {
  let before = NO_NEIGHBOUR_MS;
  let after = NO_NEIGHBOUR_MS;
  for (const tableId of tableIds) {
    for (const hold of index.byTable.get(tableId) ?? []) {
      if (!others(hold, request.bookingId)) continue;
      if (hold.endsAt <= request.startsAt)
        before = Math.min(before, request.startsAt - hold.endsAt);
      if (hold.startsAt >= request.endsAt) after = Math.min(after, hold.startsAt - request.endsAt);
    }
  }
  return before + after;
}

/**
 * The contract's order: single tables before combinations; tables by
 * fewest spare seats, then `priority`; combinations by fewest spare seats;
 * among equals the smaller neighbouring gaps, then the smaller id.
 */
function compareOptions(a: Candidate & { gaps: number }, b: Candidate & { gaps: number }) {
  if (a.kind !== b.kind) return a.kind === 'table' ? -1 : 1;
  return a.spare - b.spare || a.priority - b.priority || a.gaps - b.gaps || a.id - b.id;
}

/**
 * Every way to seat the request's party free for its whole turn
 * [startsAt, endsAt), best first (see `compareOptions`): a table or
 * combination is free when none of its tables is held at any moment of the
 * turn by a hold other than `request.bookingId`'s own.
 */
export function seatOptions(plan: SeatingPlan, holds: Holds, request: SeatRequest): SeatOption[] {
  const index = asIndex(holds);
  return candidates(plan, request)
    .filter((c) =>
      tablesFree(index, c.tableIds, request.startsAt, request.endsAt, request.bookingId),
    )
    .map((c) => ({ ...c, gaps: neighbourGaps(index, c.tableIds, request) }))
    .sort(compareOptions)
    .map(({ kind, id, tableIds, areaId, spare }) => ({ kind, id, tableIds, areaId, spare }));
}

/** The option a booking gets (the first of `seatOptions`), or null when the plan cannot seat it. */
export function bestSeat(plan: SeatingPlan, holds: Holds, request: SeatRequest): SeatOption | null {
  return seatOptions(plan, holds, request)[0] ?? null;
}

/**
 * Whether `bestSeat` would find a seat, without ranking the options: what
 * availability asks for every slot of a day (pass a `HoldIndex` built once).
 */
export function availableAt(plan: SeatingPlan, holds: Holds, request: SeatRequest): boolean {
  const index = asIndex(holds);
  return candidates(plan, request).some((c) =>
    tablesFree(index, c.tableIds, request.startsAt, request.endsAt, request.bookingId),
  );
}

/**
 * Seat the requests one after the other in the order given (the caller's:
 * by time, then by creation), each seated one holding its tables against
 * the next. One the plan cannot seat maps to null: it stays unassigned,
 * never dropped. Used by the switch to table mode and every later change
 * of the plan, for the bookings still to come without tables.
 */
export function assignInOrder(
  plan: SeatingPlan,
  holds: readonly TableHold[],
  requests: readonly (SeatRequest & { bookingId: number })[],
): Map<number, SeatOption | null> {
  const index = indexHolds(holds);
  const assigned = new Map<number, SeatOption | null>();
  for (const request of requests) {
    const seat = bestSeat(plan, index, request);
    assigned.set(request.bookingId, seat);
    if (seat) addHold(index, { ...request, tableIds: seat.tableIds });
  }
  return assigned;
}

// ---------------------------------------------------------------------------
// The pace

/**
 * The covers starting in the slot that begins at `at`: bookings whose turn
 * starts in [at, at + 15 min) (a walk-in seated at 20:07 counts in 20:00's).
 */
export function coversStarting(
  bookings: readonly { party: number; startsAt: number }[],
  at: number,
): number {
  let covers = 0;
  const end = at + SLOT_MINUTES * MINUTE_MS;
  for (const booking of bookings) {
    if (at <= booking.startsAt && booking.startsAt < end) covers += booking.party;
  }
  return covers;
}

/** Whether `party` more covers may start at the slot `at` under `coversPerSlot` (null: no pace). */
export function paceAllows(
  bookings: readonly { party: number; startsAt: number }[],
  at: number,
  party: number,
  coversPerSlot: number | null,
): boolean {
  return coversPerSlot === null || coversStarting(bookings, at) + party <= coversPerSlot;
}

// ---------------------------------------------------------------------------
// Events

/**
 * The tables a confirmed event holds over [startsAt, endsAt): every table
 * of the plan for `covers: 'all'`; for a number N, the fewest tables of
 * `area` (anywhere when null) whose `maxSeats` add up to N. Among as few
 * tables it takes as many free ones (over that stretch) as can still reach
 * N, then, greedily, at each step the smallest table that lets the
 * remaining picks reach N (few spare seats, not always the fewest). When
 * the area's tables together cannot reach N, it holds all of them. Ids in
 * the plan's order. `holds` should leave out the event's own hold.
 */
export function tablesForHold(
  plan: SeatingPlan,
  holds: Holds,
  hold: { covers: number | 'all'; area: number | null; startsAt: number; endsAt: number },
): number[] {
  if (hold.covers === 'all') return plan.tables.map((t) => t.id);
  const inArea = plan.tables.filter((t) => hold.area === null || t.areaId === hold.area);
  const covers = hold.covers;
  if (covers <= 0) return [];
  if (inArea.reduce((sum, t) => sum + t.maxSeats, 0) <= covers) return inArea.map((t) => t.id);
  const index = asIndex(holds);
  const bySize = (a: SeatingTable, b: SeatingTable) =>
    a.maxSeats - b.maxSeats || a.priority - b.priority || a.id - b.id;
  const largest = [...inArea].sort((a, b) => bySize(b, a));
  let count = 0;
  for (let seats = 0; seats < covers; count += 1) seats += largest[count]!.maxSeats;
  // [free, held], each largest first: as many free tables as can still reach N.
  const isFree = (t: SeatingTable) => tableFree(index, t.id, hold.startsAt, hold.endsAt);
  const groups = [largest.filter(isFree), largest.filter((t) => !isFree(t))];
  let freeCount = Math.min(count, groups[0]!.length);
  while (topSeats(groups[0]!, freeCount) + topSeats(groups[1]!, count - freeCount) < covers) {
    freeCount -= 1;
  }
  const quota = [freeCount, count - freeCount];
  const picked = new Set<number>();
  for (let need = covers; quota[0]! + quota[1]! > 0;) {
    let best: { table: SeatingTable; group: number } | null = null;
    for (const [i, group] of groups.entries()) {
      if (quota[i] === 0) continue;
      // What the other picks can add at most, without the table at `at` of this group.
      const others = topSeats(groups[1 - i]!, quota[1 - i]!);
      const withTop = topSeats(group, quota[i]!);
      const rest = (at: number) => withTop - group[Math.min(at, quota[i]! - 1)]!.maxSeats;
      // The group's smallest table after which the picks left still reach what is needed.
      const at = group.findLastIndex((t, at) => t.maxSeats + rest(at) + others >= need);
      const table = group[at];
      if (table && (!best || bySize(table, best.table) < 0)) best = { table, group: i };
    }
    const { table, group } = best!;
    picked.add(table.id);
    need -= table.maxSeats;
    quota[group]! -= 1;
    groups[group] = groups[group]!.filter((t) => t !== table);
  }
  return inArea.filter((t) => picked.has(t.id)).map((t) => t.id);
}

/** The seats of the `count` first tables of `tables` (largest first); none when there are fewer. */
function topSeats(tables: readonly SeatingTable[], count: number): number {
  if (count < 0 || count > tables.length) return -Infinity;
  let seats = 0;
  for (let i = 0; i < count; i += 1) seats += tables[i]!.maxSeats;
  return seats;
}
