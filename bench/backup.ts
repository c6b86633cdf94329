/**
 * The `backup` measure of `npm run bench`: export and import time of the
 * portable archive (src/server/backup/archive.ts) for a restaurant with two
 * years of bookings, about 30,000, and 5,000 takeaway orders of two lines
 * each, made by direct inserts into a new SQLite database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { exportArchive, importArchive } from '../src/server/backup/archive.ts';
import { openDatabase, type Database } from '../src/server/db/database.ts';

const BOOKINGS = 30_000;
const ORDERS = 5_000;
const PER_INSERT = 500;

export interface BackupTimings {
  rows: number;
  archiveBytes: number;
  exportMs: number;
  importMs: number;
}

export async function measureBackup(): Promise<BackupTimings> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-backup-'));
  try {
    const source = await openDatabase(`file:${join(dir, 'source.db')}`);
    try {
      await fill(source.db);
      const file = join(dir, 'restaurant.archive');
      let started = performance.now();
      const summary = await exportArchive(source.db, source.dialect, file);
      const exportMs = performance.now() - started;

      const target = await openDatabase(`file:${join(dir, 'target.db')}`);
      try {
        started = performance.now();
        const result = await importArchive(target, file);
        const importMs = performance.now() - started;
        if (!result.ok) throw new Error(`import refused: ${result.message}`);
        const rows = Object.values(summary.tables).reduce((sum, count) => sum + count, 0);
        return { rows, archiveBytes: summary.bytes, exportMs, importMs };
      } finally {
        await target.close();
      }
    } finally {
      await source.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Two years of bookings from today backwards, and takeaway orders with their lines. */
async function fill(db: Kysely<Database>) {
  const day = (index: number) => new Date(Date.UTC(2024, 0, 1) + index * 86_400_000);
  const dish = await db
    .selectFrom('menu_items')
    .select(['id', 'name'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    for (let first = 0; first < BOOKINGS; first += PER_INSERT) {
      const values = Array.from({ length: Math.min(PER_INSERT, BOOKINGS - first) }, (_, i) => {
        const n = first + i;
        const date = day(Math.floor(n / 41))
          .toISOString()
          .slice(0, 10);
        const at = `${date}T19:00:00.000Z`;
        return {
          name: `Ospite ${n}`,
          email: `ospite${n}@example.it`,
          phone: '+39 333 1234567',
          party: 2 + (n % 6),
          date,
          time: '20:00',
          starts_at: at,
          ends_at: `${date}T21:00:00.000Z`,
          status: 'confirmed' as const,
          notes: n % 5 === 0 ? 'Un seggiolone, per favore' : '',
          lang: 'it',
          source: 'online' as const,
          privacy_accepted_at: at,
          created_at: at,
          updated_at: at,
        };
      });
      await trx.insertInto('reservations').values(values).execute();
    }
    for (let first = 0; first < ORDERS; first += PER_INSERT) {
      const count = Math.min(PER_INSERT, ORDERS - first);
      const orders = await trx
        .insertInto('takeaway_orders')
        .values(
          Array.from({ length: count }, (_, i) => {
            const date = day(Math.floor((first + i) / 7))
              .toISOString()
              .slice(0, 10);
            const at = `${date}T17:00:00.000Z`;
            return {
              name: `Cliente ${first + i}`,
              phone: '+39 320 7654321',
              email: '',
              lang: 'it',
              date,
              time: '19:30',
              status: 'collected' as const,
              notes: '',
              source: 'phone' as const,
              total_cents: 2400,
              privacy_accepted_at: null,
              client_key: null,
              opened_at: at,
              created_at: at,
              updated_at: at,
            };
          }),
        )
        .returning('id')
        .execute();
      await trx
        .insertInto('takeaway_order_lines')
        .values(
          orders.flatMap(({ id }) =>
            [0, 1].map((position) => ({
              order_id: id,
              position,
              item_id: dish.id,
              name: dish.name,
              guest_name: dish.name,
              label: '',
              quantity: 1,
              amount_cents: 1200,
              kitchen: 'oven' as const,
            })),
          ),
        )
        .execute();
    }
  });
}
