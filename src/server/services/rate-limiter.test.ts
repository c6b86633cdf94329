import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase, type Database } from '../db/database.ts';
import { CountStatements } from '../testing/count-statements.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { RateLimiter } from './rate-limiter.ts';

let database: TestDatabase;
let opened: AppDatabase;
beforeAll(async () => {
  database = await createTestDatabase(undefined, { migrated: true });
  opened = await openDatabase(database.url);
});
afterAll(async () => {
  await opened.close();
  await database.drop();
});

/** The database, counting the transactions opened on it and the statements run (begin and commit aside). */
function counting() {
  const statements = new CountStatements();
  const counter = {
    transactions: 0,
    get statements() {
      return statements.count;
    },
  };
  const db = new Proxy(opened.db.withPlugin(statements), {
    get(target, property) {
      if (property === 'transaction') {
        return () => {
          counter.transactions += 1;
          return target.transaction();
        };
      }
      // Kysely's methods read private fields: called on the database itself, not the proxy.
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  }) as Kysely<Database>;
  return { db, counter };
}

describe('RateLimiter', () => {
  it('counts hits that arrive together exactly, committed together', async () => {
    const { db, counter } = counting();
    const limiter = new RateLimiter(db);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        limiter.hit(index % 2 ? 'together:a' : 'together:b', 10, 60_000),
      ),
    );
    // Each key counted 1 to 15 once, whatever the order inside the batch.
    for (const key of ['together:a', 'together:b']) {
      const counts = results.filter((_, index) => (index % 2 ? 'a' : 'b') === key.slice(-1));
      expect(counts.map((result) => result.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 15 }, (_, index) => index + 1),
      );
      expect(counts.filter((result) => result.allowed)).toHaveLength(10);
    }
    // One commit for the 30 hits, not 30: fifteen statements of two keys each.
    expect(counter.transactions).toBe(1);
    expect(counter.statements).toBe(15);
    const rows = await opened.db
      .selectFrom('rate_limits')
      .select(['key', 'count'])
      .where('key', 'like', 'together:%')
      .orderBy('key')
      .execute();
    expect(rows).toEqual([
      { key: 'together:a', count: 15 },
      { key: 'together:b', count: 15 },
    ]);
  });

  it('counts the hits of different keys that arrive together in one statement', async () => {
    const { db, counter } = counting();
    const limiter = new RateLimiter(db);
    const keys = [...Array.from({ length: 20 }, (_, index) => `apart:${index}`), 'apart:7'];
    const results = await Promise.all(keys.map((key) => limiter.hit(key, 1, 60_000)));
    expect(results.map((result) => result.count)).toEqual([...keys.slice(0, 20).map(() => 1), 2]);
    expect(results.filter((result) => !result.allowed)).toHaveLength(1);
    // The twenty keys in one statement, the second hit of apart:7 in another.
    expect(counter.statements).toBe(2);
    expect(counter.transactions).toBe(1);
    const alone = await Promise.all(
      ['apart:a', 'apart:b'].map((key) => limiter.hit(key, 5, 60_000)),
    );
    expect(alone.map((result) => result.count)).toEqual([1, 1]);
    expect(counter.statements).toBe(3);
    expect(counter.transactions).toBe(1);
  });

  it('counts a flood of different keys in statements of at most 1,000 hits', async () => {
    const { db, counter } = counting();
    const limiter = new RateLimiter(db);
    const results = await Promise.all(
      Array.from({ length: 2_500 }, (_, index) => limiter.hit(`flood:${index}`, 1, 60_000)),
    );
    expect(results.every((result) => result.allowed && result.count === 1)).toBe(true);
    expect(counter.statements).toBe(3);
  });

  it('a hit alone is one statement, and later hits start a new batch', async () => {
    const { db, counter } = counting();
    const limiter = new RateLimiter(db);
    expect((await limiter.hit('alone', 1, 60_000)).allowed).toBe(true);
    expect(counter.transactions).toBe(0);
    const second = await limiter.hit('alone', 1, 60_000);
    expect(second).toMatchObject({ allowed: false, count: 2 });
    expect(second.retryAfterSeconds).toBeGreaterThan(0);
  });
});
