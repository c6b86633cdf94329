import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../testing/database.ts';

// docs/security.md item 43: a 500's log line names the error, never a guest's
// data that the database put in it. PostgreSQL's errors carry a `detail`
// ("Key (key)=(guest@…) already exists") and quote the values they refuse in
// their message; pino would write every field. Routes added here make the
// database fail with a guest's e-mail, and the app's real log stream is read.
const GUEST = 'mario.rossini@example.com';
// A window that has not ended: the app's housekeeping, which runs as it
// starts, deletes ended ones (rate-limiter.ts `prune`), and deleting the
// first row between the two inserts would let the second one through.
const OPEN_WINDOW = '2099-01-14T10:00:00.000Z';
let database: TestDatabase;
let app: FastifyInstance;
let logged: string[];

beforeEach(async () => {
  logged = [];
  database = await createTestDatabase();
  app = await buildApp({
    config: loadConfig({
      PUBLIC_URL: 'https://www.trattoria.example',
      DATABASE_URL: database.url,
      LOG_LEVEL: 'info',
    }),
    logStream: { write: (line: string) => void logged.push(line) },
  });
  // A key taken twice: a unique violation whose detail names the guest.
  app.get('/api/failing/unique', async () => {
    const row = { key: GUEST, count: 1, window_ends_at: OPEN_WINDOW };
    await app.db.insertInto('rate_limits').values(row).execute();
    await app.db.insertInto('rate_limits').values(row).execute();
    return {};
  });
  // The same, as the cause of the error a service throws.
  app.get('/api/failing/wrapped', async () => {
    const row = { key: `wrapped:${GUEST}`, count: 1, window_ends_at: OPEN_WINDOW };
    await app.db.insertInto('rate_limits').values(row).execute();
    try {
      await app.db.insertInto('rate_limits').values(row).execute();
    } catch (error) {
      throw new Error('counting failed', { cause: error });
    }
    return {};
  });
  // A value the database cannot read as a number: PostgreSQL quotes it in the message.
  app.get('/api/failing/cast', async () => {
    const { rows } = await sql<{ n: number }>`select cast(${GUEST} as integer) as n`.execute(
      app.db,
    );
    if (testDialect() === 'sqlite') throw Object.assign(new Error('no such cast'), { rows });
    return {};
  });
  await app.ready();
});
afterEach(async () => {
  await app.close();
  await database.drop();
});

describe('a 500', () => {
  it('is logged by the database error’s code and table, without its detail or the values it quotes', async () => {
    for (const url of ['/api/failing/unique', '/api/failing/cast', '/api/failing/wrapped']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(500);
      expect(response.json()).toEqual({ message: 'Internal server error' });
    }
    const failures = logged.filter((line) => line.includes('"request failed"'));
    expect(failures).toHaveLength(3);
    const text = logged.join('');
    expect(text).not.toContain('mario.rossini');
    expect(text).not.toContain('"detail"');
    if (testDialect() === 'postgres') {
      // What the operator needs is kept: the SQLSTATE, the table and the constraint.
      const unique = JSON.parse(failures[0]!) as { err: Record<string, unknown> };
      expect(unique.err).toMatchObject({ code: '23505', table: 'rate_limits' });
      expect(unique.err.constraint).toEqual(expect.any(String));
      const cast = JSON.parse(failures[1]!) as { err: Record<string, unknown> };
      expect(cast.err).toMatchObject({ code: '22P02' });
      expect(failures[2]).toContain('caused by: DatabaseError: duplicate key value');
    }
  });
});
