import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { RawNode, sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase, type Database } from '../db/database.ts';
import { CountStatements } from '../testing/count-statements.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../testing/database.ts';
import { decideUnderLock, decisionsUnderWay } from './capacity.ts';
import { Turn, writeAtTurnEnd, type TurnEndWrite } from './turn.ts';
import { lockBookings } from './reservations/lock.ts';

// Decisions taken together (capacity.ts `decideTogether`): the guests'
// bookings and orders of a burst share a transaction, each writing in a savepoint.
// A made-up capacity here: at most CAPACITY rows of `rate_limits` whose key
// starts with "seat:", each decision taking one seat under the bookings' lock.
const CAPACITY = 7;

let database: TestDatabase;
const opened: AppDatabase[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((one) => one.close()));
  await database?.drop();
});

async function open(): Promise<Kysely<Database>> {
  const one = await openDatabase(database.url);
  opened.push(one);
  return one.db;
}

const seats = (db: Kysely<Database>) =>
  db.selectFrom('rate_limits').select('key').where('key', 'like', 'seat:%').execute();

/** The bookings' lock, counting the transactions that take it (decisions wait together per lock function). */
const locks = { count: 0 };
async function countedLock(trx: Kysely<Database>): Promise<void> {
  locks.count += 1;
  await lockBookings(trx);
}

/**
 * A decision that takes seat `name`, refused when the capacity is taken.
 * `fail`: it throws after its write; `refuseAfterWrite`: it writes, then
 * refuses; `writeTooSoon`: it writes before `turn.writing()`.
 */
function takeSeat(
  db: Kysely<Database>,
  name: string,
  fail = false,
  how: { refuseAfterWrite?: boolean; writeTooSoon?: boolean } = {},
) {
  return decideUnderLock<'full' | 'changed its mind', { ok: true; name: string }>(db, {
    lock: countedLock,
    decide: async (trx, turn) => {
      if ((await seats(trx)).length >= CAPACITY) return { ok: false, reason: 'full' };
      if (!how.writeTooSoon) await turn.writing();
      await trx
        .insertInto('rate_limits')
        .values({ key: `seat:${name}`, count: 1, window_ends_at: '2100-01-01T00:00:00.000Z' })
        .execute();
      // A decision that fails after its write: its write must go, the others' stay.
      if (fail) throw new Error(`seat ${name} failed`);
      if (how.refuseAfterWrite) return { ok: false, reason: 'changed its mind' };
      return { ok: true, name };
    },
    together: true,
  });
}

/** How many times the seats were read in `takeSeatInTurn`'s decisions. */
const seatReads = { count: 0 };

/**
 * `takeSeat`, reading the seats once per turn of the lock (`Turn.once`) and
 * keeping that read true as it writes, as a burst of takeaway orders keeps a
 * day's loads (takeaway/orders.ts).
 */
function takeSeatInTurn(db: Kysely<Database>, name: string, fail = false) {
  return decideUnderLock<'full', { ok: true; name: string }>(db, {
    lock: countedLock,
    decide: async (trx, turn) => {
      const taken = await turn.once('seats', async () => {
        seatReads.count += 1;
        return (await seats(trx)).map((row) => row.key);
      });
      if (taken.length >= CAPACITY) return { ok: false, reason: 'full' };
      await turn.writing();
      await trx
        .insertInto('rate_limits')
        .values({ key: `seat:${name}`, count: 1, window_ends_at: '2100-01-01T00:00:00.000Z' })
        .execute();
      taken.push(`seat:${name}`);
      // Failing after it changed what the turn keeps: the turn must forget it.
      if (fail) throw new Error(`seat ${name} failed`);
      return { ok: true, name };
    },
    together: true,
  });
}

/** The put-off inserts of `takeSeatWithNote`: each call's rows, and whether the next one fails. */
const noteInserts = { rows: [] as string[][], fail: false };
const insertNotes: TurnEndWrite<string> = async (db, names) => {
  noteInserts.rows.push([...names]);
  if (noteInserts.fail) throw new Error('the notes could not be inserted');
  await db
    .insertInto('rate_limits')
    .values(
      names.map((name) => ({
        key: `note:${name}`,
        count: 1,
        window_ends_at: '2100-01-01T00:00:00.000Z',
      })),
    )
    .execute();
};
const notes = async (db: Kysely<Database>) =>
  (await db.selectFrom('rate_limits').select('key').where('key', 'like', 'note:%').execute())
    .map((row) => row.key.slice('note:'.length))
    .sort();

/**
 * `takeSeat` that also puts a note off to the end of its turn
 * (`writeAtTurnEnd`), as an order queues its mail: before its write, so
 * that a refusal or failure after the write has a note to drop.
 */
function takeSeatWithNote(
  db: Kysely<Database>,
  name: string,
  how: { fail?: boolean; refuseAfterWrite?: boolean } = {},
) {
  return decideUnderLock<'full' | 'changed its mind', { ok: true; name: string }>(db, {
    lock: countedLock,
    decide: async (trx, turn) => {
      if ((await seats(trx)).length >= CAPACITY) return { ok: false, reason: 'full' };
      await turn.writing();
      await writeAtTurnEnd(trx, insertNotes, name);
      await trx
        .insertInto('rate_limits')
        .values({ key: `seat:${name}`, count: 1, window_ends_at: '2100-01-01T00:00:00.000Z' })
        .execute();
      if (how.fail) throw new Error(`seat ${name} failed`);
      if (how.refuseAfterWrite) return { ok: false, reason: 'changed its mind' };
      return { ok: true, name };
    },
    together: true,
  });
}

describe('a turn of the lock', () => {
  it('keeps what was read once per key, until a decision is rolled back', async () => {
    const turn = new Turn();
    let reads = 0;
    const read = () => Promise.resolve((reads += 1));
    expect(turn.kept('k')).toBeUndefined();
    expect(await turn.once('k', read)).toBe(1);
    expect(await turn.once('k', read)).toBe(1);
    expect(await turn.kept('k')).toBe(1);
    turn.forget();
    expect(turn.kept('k')).toBeUndefined();
    expect(await turn.once('k', read)).toBe(2);
  });
});

describe('decisions taken together', () => {
  it('read once per turn of the lock what they share, forget it when one fails, and keep it through refusals', async () => {
    database = await createTestDatabase(undefined, { migrated: true });
    const db = await open();
    locks.count = 0;
    seatReads.count = 0;
    const outcomes = await Promise.allSettled(
      // Fewer than share one transaction (MOST_TOGETHER), so that all read what the turn keeps.
      Array.from({ length: 20 }, (_, index) => takeSeatInTurn(db, `t${index}`, index === 2)),
    );
    const accepted = outcomes.filter(
      (outcome) => outcome.status === 'fulfilled' && outcome.value.ok,
    );
    // The failed decision's seat is neither stored nor counted by the ones after it.
    expect(accepted).toHaveLength(CAPACITY);
    expect(await seats(db)).toHaveLength(CAPACITY);
    // Read once per transaction and again after the failure, not once for
    // every decision: the refusals of the full room (twelve) read nothing.
    expect(locks.count).toBe(1);
    expect(seatReads.count).toBe(2);
  });

  it('share transactions, never pass the capacity, and a refused or failed one writes nothing', async () => {
    database = await createTestDatabase(undefined, { migrated: true });
    const db = await open();
    locks.count = 0;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, (_, index) => takeSeat(db, `a${index}`, index === 3)),
    );
    const accepted = outcomes.filter(
      (outcome) => outcome.status === 'fulfilled' && outcome.value.ok,
    );
    const refused = outcomes.filter(
      (outcome) => outcome.status === 'fulfilled' && !outcome.value.ok,
    );
    const failed = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(accepted).toHaveLength(CAPACITY);
    expect(refused).toHaveLength(40 - CAPACITY - 1);
    expect(failed).toHaveLength(1);
    // The failed decision's row was rolled back to its savepoint: only the accepted ones are stored.
    const stored = (await seats(db)).map((row) => row.key).sort();
    expect(stored).toEqual(
      accepted
        .map(
          (outcome) => `seat:${(outcome as PromiseFulfilledResult<{ name: string }>).value.name}`,
        )
        .sort(),
    );
    expect(stored).not.toContain('seat:a3');
    // Fewer transactions than decisions: one per decision made 40.
    expect(locks.count).toBeLessThan(40);
  });

  it('take a savepoint only for the decisions that write: a refusal before writing costs no statement', async () => {
    database = await createTestDatabase(undefined, { migrated: true });
    const savepoints = new CountStatements(
      (node) => RawNode.is(node) && node.sqlFragments.join('').trim() === 'savepoint decision',
    );
    const db = (await open()).withPlugin(savepoints);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) => takeSeat(db, `s${index}`, index === 2)),
    );
    expect(outcomes.filter((one) => one.status === 'rejected')).toHaveLength(1);
    expect(await seats(db)).toHaveLength(CAPACITY);
    // The seven accepted and the failed one; none for the twelve refused.
    expect(savepoints.count).toBe(CAPACITY + 1);
  });

  it('roll back a refusal made after a write, and refuse a write made before turn.writing()', async () => {
    database = await createTestDatabase(undefined, { migrated: true });
    const db = await open();
    // The write too soon fails first, before any savepoint, and with it its
    // transaction, alone (the next test has why); the others take the next.
    const outcomes = await Promise.allSettled([
      takeSeat(db, 'e2', false, { writeTooSoon: true }),
      takeSeat(db, 'e0'),
      takeSeat(db, 'e1', false, { refuseAfterWrite: true }),
      takeSeat(db, 'e3'),
    ]);
    expect(outcomes.map((one) => (one.status === 'fulfilled' ? one.value.ok : 'failed'))).toEqual([
      'failed',
      true,
      false,
      true,
    ]);
    expect(String((outcomes[0] as PromiseRejectedResult).reason)).toMatch(/turn\.writing\(\)/);
    expect((await seats(db)).map((row) => row.key).sort()).toEqual(['seat:e0', 'seat:e3']);
  });

  it('after one fails before its savepoint, leave the rest to the next transaction', async () => {
    database = await createTestDatabase(undefined, { migrated: true });
    const db = await open();
    locks.count = 0;
    const failingRead = () =>
      decideUnderLock<'full', { ok: true; name: string }>(db, {
        lock: countedLock,
        decide: async (trx) => {
          await sql`select * from no_such_table`.execute(trx);
          return { ok: true, name: 'never' };
        },
        together: true,
      });
    // In this order into the queue: f0 and the failing read share a transaction.
    const outcomes = await Promise.allSettled([
      takeSeatWithNote(db, 'f0'),
      failingRead(),
      takeSeat(db, 'f1'),
      takeSeat(db, 'f2'),
    ]);
    const status = outcomes.map((one) => (one.status === 'fulfilled' ? one.value.ok : 'failed'));
    // The decisions after it are taken in a transaction of their own and
    // stand; the one before shares the failed read's transaction, which
    // PostgreSQL aborted (SQLite rolls one back at some errors), and fails with it.
    expect(locks.count).toBe(2);
    expect(status).toEqual(['failed', 'failed', true, true]);
    expect((await seats(db)).map((row) => row.key).sort()).toEqual(['seat:f1', 'seat:f2']);
    // Nor is what it put off written, in that transaction or outside it.
    expect(await notes(db)).toEqual([]);
  });

  it("never roll back to an earlier decision's savepoint: an accepted one is stored or fails", async () => {
    database = await createTestDatabase(undefined, { migrated: true });
    const db = await open();
    // Reads, swallows the failure (PostgreSQL has aborted the transaction,
    // so taking its savepoint fails there), then throws.
    const swallowsAFailedRead = () =>
      decideUnderLock<'full', { ok: true; name: string }>(db, {
        lock: countedLock,
        decide: async (trx, turn) => {
          await sql`select * from no_such_table`.execute(trx).catch(() => undefined);
          await turn.writing();
          throw new Error('gave up');
        },
        together: true,
      });
    const outcomes = await Promise.allSettled([
      takeSeat(db, 'g0'),
      swallowsAFailedRead(),
      takeSeat(db, 'g1'),
    ]);
    expect(outcomes[1]!.status).toBe('rejected');
    const accepted = outcomes.flatMap((one) =>
      one.status === 'fulfilled' && one.value.ok ? [`seat:${one.value.name}`] : [],
    );
    expect(accepted).toContain('seat:g1');
    expect((await seats(db)).map((row) => row.key).sort()).toEqual(accepted.sort());
  });

  it("insert what the accepted ones put off in one statement before the commit, and drop a refused or failed one's", async () => {
    database = await createTestDatabase(undefined, { migrated: true });
    const db = await open();
    locks.count = 0;
    noteInserts.rows = [];
    noteInserts.fail = false;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, index) =>
        takeSeatWithNote(db, `n${index}`, { fail: index === 2, refuseAfterWrite: index === 4 }),
      ),
    );
    const accepted = outcomes.flatMap((one) =>
      one.status === 'fulfilled' && one.value.ok ? [one.value.name] : [],
    );
    expect(accepted).toHaveLength(CAPACITY);
    expect(outcomes[2]!.status).toBe('rejected');
    // One transaction, one insert of the seven accepted decisions' notes, in the order they came.
    expect(locks.count).toBe(1);
    expect(noteInserts.rows).toEqual([accepted]);
    expect(await notes(db)).toEqual(accepted.toSorted());
    expect(await seats(db)).toHaveLength(CAPACITY);
    // Outside a turn (a decision alone, any other transaction), inserted at once.
    await writeAtTurnEnd(db, insertNotes, 'alone');
    expect(noteInserts.rows.at(-1)).toEqual(['alone']);
    expect(await notes(db)).toContain('alone');
  });

  it('fail together, writing nothing, when what they put off cannot be inserted', async () => {
    database = await createTestDatabase(undefined, { migrated: true });
    const db = await open();
    noteInserts.rows = [];
    noteInserts.fail = true;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 3 }, (_, index) => takeSeatWithNote(db, `x${index}`)),
    );
    noteInserts.fail = false;
    expect(outcomes.map((one) => one.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(await seats(db)).toEqual([]);
    expect(await notes(db)).toEqual([]);
  });

  it('are seen under way from the moment they wait until the last is answered', async () => {
    database = await createTestDatabase(undefined, { migrated: true });
    const db = await open();
    const nextTurnOfTheLoop = () => new Promise((resolve) => setImmediate(resolve));
    expect(decisionsUnderWay(db)).toBe(false);
    const deciding = Promise.all(
      Array.from({ length: 5 }, (_, index) => takeSeat(db, `w${index}`)),
    );
    await Promise.resolve();
    const whileWaiting = decisionsUnderWay(db);
    await deciding;
    await nextTurnOfTheLoop();
    expect([whileWaiting, decisionsUnderWay(db)]).toEqual([true, false]);
  });

  it('commits nothing when every decision of a transaction is refused', async () => {
    database = await createTestDatabase(undefined, { migrated: true });
    const db = await open();
    locks.count = 0;
    for (let index = 0; index < CAPACITY; index += 1) {
      expect(await takeSeat(db, `b${index}`)).toEqual({ ok: true, name: `b${index}` });
    }
    const before = await committed(db);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, index) => takeSeat(db, `c${index}`)),
    );
    expect(outcomes.every((outcome) => !outcome.ok)).toBe(true);
    expect(await committed(db)).toBe(before);
  });

  // Two instances are two processes on SQLite, each with its one connection
  // (durability.test.ts runs real ones); in one process two connections would
  // wait for each other's write lock on the one thread. PostgreSQL's two pools here are two instances.
  it.runIf(testDialect() === 'postgres')(
    'never pass the capacity with two instances deciding at once',
    async () => {
      database = await createTestDatabase(undefined, { migrated: true });
      const [first, second] = [await open(), await open()];
      locks.count = 0;
      const outcomes = await Promise.all(
        Array.from({ length: 60 }, (_, index) => takeSeat(index % 2 ? first : second, `d${index}`)),
      );
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(CAPACITY);
      expect(await seats(first)).toHaveLength(CAPACITY);
    },
  );
});

/**
 * What any committed write would change (as booking-refusals.test.ts reads
 * it): the file and its WAL, byte for byte (SQLite), or the locked settings
 * row's version (PostgreSQL makes a new one at every committed update).
 */
async function committed(db: Kysely<Database>): Promise<string> {
  if (database.dialect === 'postgres') {
    const { rows } = await sql<{ xmin: string; ctid: string }>`
      select xmin::text as xmin, ctid::text as ctid from reservation_settings where id = 1
    `.execute(db);
    return `${rows[0]!.xmin} ${rows[0]!.ctid}`;
  }
  const file = database.url.slice('file:'.length);
  const hash = createHash('sha256').update(readFileSync(file));
  if (existsSync(`${file}-wal`)) hash.update(readFileSync(`${file}-wal`));
  return hash.digest('hex');
}
