import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../db/database.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import {
  bumpContentVersion,
  ContentChanges,
  ContentMemo,
  ContentVersion,
} from './content-version.ts';

// The version every instance's page cache follows (docs/decisions/002).
let database: TestDatabase;
let opened: AppDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  opened = await openDatabase(database.url);
});
afterAll(async () => {
  await opened.close();
  await database.drop();
});

/** Counts the statements the service sends. */
function counting() {
  const counter = { reads: 0 };
  const db = opened.db.withPlugin({
    transformQuery: (args) => {
      counter.reads += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  return { db, counter };
}

describe('ContentVersion', () => {
  it('reads once for any number of requests that ask together, then reuses it for maxAgeMs', async () => {
    const { db, counter } = counting();
    const version = new ContentVersion({ db, maxAgeMs: 200 });
    const first = await Promise.all(Array.from({ length: 50 }, () => version.current()));
    expect(new Set(first)).toEqual(new Set([first[0]]));
    expect(counter.reads).toBe(1);
    await version.current();
    expect(counter.reads).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 220));
    await version.current();
    expect(counter.reads).toBe(2);
  });

  it("sees another instance's change within maxAgeMs, and its own at once after expire()", async () => {
    const here = new ContentVersion({ db: opened.db, maxAgeMs: 150 });
    const start = await here.current();
    await bumpContentVersion(opened.db); // as another instance's save does
    const deadline = Date.now() + 150 + 100;
    let seen = await here.current();
    while (seen === start && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      seen = await here.current();
    }
    expect(seen).toBe(start! + 1);

    const own = new ContentVersion({ db: opened.db, maxAgeMs: 60_000 });
    const before = await own.current();
    await bumpContentVersion(opened.db);
    expect(await own.current()).toBe(before); // still within maxAgeMs
    own.expire();
    expect(await own.current()).toBe(before! + 1);
  });

  it('a read under way when expire() is called does not count as current', async () => {
    const version = new ContentVersion({ db: opened.db, maxAgeMs: 60_000 });
    const before = await version.current();
    version.expire();
    const racing = version.current(); // may have left before the change below committed
    await bumpContentVersion(opened.db);
    version.expire();
    await racing;
    expect(await version.current()).toBe(before! + 1);
  });

  it('keeps the last version known when the database cannot be read', async () => {
    const errors: unknown[] = [];
    let fail = false;
    const db = opened.db.withPlugin({
      transformQuery: (args) => {
        if (fail) throw new Error('connection refused');
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const version = new ContentVersion({ db, maxAgeMs: 0, onError: (e) => errors.push(e) });
    const known = await version.current();
    fail = true;
    expect(await version.current()).toBe(known);
    expect(errors).toHaveLength(1);
  });
});

describe('ContentChanges', () => {
  it("commits the change and a new version together, and this instance's next read sees it", async () => {
    // A long max age: only the change itself can make the next read fresh.
    const version = new ContentVersion({ db: opened.db, maxAgeMs: 60_000 });
    const content = new ContentChanges(opened.db, version);
    const before = await version.current();
    const title = `Menu ${Date.now()}`;
    await content.change((trx) =>
      trx.updateTable('daily_menu').set({ titolo: title }).where('id', '=', 1).execute(),
    );
    expect(await version.current()).toBe(before! + 1);
    const row = await opened.db.selectFrom('daily_menu').select('titolo').executeTakeFirstOrThrow();
    expect(row.titolo).toBe(title);
  });

  it('a change that fails leaves both the content and the version as they were', async () => {
    const version = new ContentVersion({ db: opened.db, maxAgeMs: 0 });
    const content = new ContentChanges(opened.db, version);
    const before = await version.current();
    const { titolo } = await opened.db
      .selectFrom('daily_menu')
      .select('titolo')
      .executeTakeFirstOrThrow();
    await expect(
      content.change(async (trx) => {
        await trx.updateTable('daily_menu').set({ titolo: 'half done' }).execute();
        throw new Error('the rest failed');
      }),
    ).rejects.toThrow('the rest failed');
    expect(await version.current()).toBe(before);
    const after = await opened.db
      .selectFrom('daily_menu')
      .select('titolo')
      .executeTakeFirstOrThrow();
    expect(after.titolo).toBe(titolo);
  });
});

describe('ContentMemo', () => {
  it('reads once per key and version, again after a change, and never keeps a failure', async () => {
    let version: number | undefined = 1;
    const memo = new ContentMemo<string, string>(async () => version);
    let reads = 0;
    const read = (text: string) => async () => {
      reads += 1;
      return `${text}@${version}`;
    };
    expect(await Promise.all([memo.get('en', read('a')), memo.get('en', read('a'))])).toEqual([
      'a@1',
      'a@1',
    ]);
    expect(await memo.get('de', read('b'))).toBe('b@1');
    expect(reads).toBe(2);
    version = 2;
    expect(await memo.get('en', read('a'))).toBe('a@2');
    expect(reads).toBe(3);
    await expect(memo.get('fr', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await memo.get('fr', read('c'))).toBe('c@2');
    // No version known (the database unreadable): nothing is kept.
    version = undefined;
    await memo.get('en', read('a'));
    await memo.get('en', read('a'));
    expect(reads).toBe(6);
  });
});
