import { createHmac } from 'node:crypto';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { currentSchema } from '../../db/dialect.ts';
import { migrations } from '../../db/migrations/index.ts';
import { createTestDatabase, testDialect } from '../../testing/database.ts';
import { orderStatusToken, readOrderStatusToken } from '../takeaway/status-token.ts';
import {
  bookingToken,
  cancelToken,
  GuestLinkKey,
  readBookingToken,
  readCancelToken,
} from './guest-links.ts';

describe("guest links: a booking's cancel link", () => {
  const key = 'k'.repeat(43);
  const claim = { id: 42, startsAt: Date.parse('2026-01-14T19:00:00Z') };

  it('name the booking and its start, and read back only under the same key', () => {
    const token = cancelToken(key, claim);
    expect(token).toMatch(/^42\.1768417200\.[\w-]{43}$/);
    expect(readCancelToken(key, token)).toEqual(claim);
    expect(readCancelToken('another key', token)).toBeNull();
  });

  it('refuse any change to the id, the start or the signature, and what is not a token', () => {
    const token = cancelToken(key, claim);
    const [id, start, signature] = token.split('.') as [string, string, string];
    for (const bad of [
      `43.${start}.${signature}`,
      `${id}.${Number(start) + 1}.${signature}`,
      `${id}.${start}.${signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))}`,
      `${id}.${start}`,
      `0.${start}.${signature}`,
      '',
      `${token}.`,
    ]) {
      expect(readCancelToken(key, bad), bad).toBeNull();
    }
  });
});

describe('guest links: the reminder\'s "I\'ll be there" link', () => {
  const key = 'k'.repeat(43);
  const claim = { id: 42, startsAt: Date.parse('2026-01-14T19:00:00Z') };

  it('names the booking and its start under its own purpose, read back only as an attend token', () => {
    const token = bookingToken(key, 'attend', claim);
    expect(token).toMatch(/^42\.1768417200\.[\w-]{43}$/);
    expect(readBookingToken(key, 'attend', token)).toEqual(claim);
    expect(readBookingToken('another key', 'attend', token)).toBeNull();
    // The same booking's cancel link: same id and start, another signature.
    expect(token).not.toBe(cancelToken(key, claim));
    expect(readCancelToken(key, token)).toBeNull();
    expect(readBookingToken(key, 'attend', cancelToken(key, claim))).toBeNull();
  });

  it('refuses any change to the id, the start or the signature', () => {
    const token = bookingToken(key, 'attend', claim);
    const [id, start, signature] = token.split('.') as [string, string, string];
    for (const bad of [
      `43.${start}.${signature}`,
      `${id}.${Number(start) - 3600}.${signature}`,
      `${id}.${start}.${signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))}`,
      `${id}.${start}.${signature}x`,
      ` ${token}`,
    ]) {
      expect(readBookingToken(key, 'attend', bad), bad).toBeNull();
    }
  });

  it('signs `reservation-attend:<id>.<start>`, so no other kind of link is ever read as one', () => {
    const signature = createHmac('sha256', key)
      .update('reservation-attend:42.1768417200')
      .digest('base64url');
    expect(bookingToken(key, 'attend', claim)).toBe(`42.1768417200.${signature}`);
  });
});

describe('the key of guest links', () => {
  it('reads a cancel link written as before the move, character for character', () => {
    const key = 'k'.repeat(43);
    // The token as reservations/cancel-links.ts signed it before the guest core.
    const before = `42.1768417200.${createHmac('sha256', key).update('reservation-cancel:42.1768417200').digest('base64url')}`;
    expect(cancelToken(key, { id: 42, startsAt: 1768417200_000 })).toBe(before);
    expect(readCancelToken(key, before)).toEqual({ id: 42, startsAt: 1768417200_000 });
  });

  it('is the key cancel links were signed with, renamed: links mailed before still verify', async () => {
    const dialect = testDialect();
    const database = await createTestDatabase(dialect);
    const app = await openDatabase(database.url);
    try {
      const migrator = new Migrator({
        db: app.db,
        provider: { getMigrations: async () => migrations(dialect) },
        ...(dialect === 'postgres'
          ? { migrationTableSchema: await currentSchema(app.db, dialect) }
          : {}),
      });
      // The database as it was before migration 028: the key under its old name.
      expect((await migrator.migrateTo('026-contact-mails-personal')).error).toBeUndefined();
      const old = await app.db
        .selectFrom('server_secrets')
        .select(['name', 'value'])
        .where('name', 'in', ['cancel-links', 'guest-links'])
        .execute();
      expect(old.map((row) => row.name)).toEqual(['cancel-links']);
      const mailedCancel = cancelToken(old[0]!.value, { id: 7, startsAt: 1768417200_000 });
      const mailedStatus = orderStatusToken(old[0]!.value, 9);

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const key = await new GuestLinkKey().read(app.db);
      expect(readCancelToken(key, mailedCancel)).toEqual({ id: 7, startsAt: 1768417200_000 });
      expect(readOrderStatusToken(key, mailedStatus)).toBe(9);
      expect(
        await app.db
          .selectFrom('server_secrets')
          .select('name')
          .where('name', '=', 'cancel-links')
          .execute(),
      ).toEqual([]);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
