import { Kysely, sql } from 'kysely';
import { DEFAULT_MIGRATION_TABLE, Migrator } from 'kysely/migration';
import {
  createDialect,
  createReadOnlyDialect,
  currentSchema,
  parseDatabaseUrl,
  withMigrationLock,
  type SqlDialect,
} from './dialect.ts';
import { migrations } from './migrations/index.ts';
import type {
  StaffUsersTable,
  StaffInvitationsTable,
  AuditLogTable,
  SessionsTable,
  PasswordResetsTable,
  SetupTokenTable,
  OutboxTable,
  LoginThrottleTable,
  RateLimitsTable,
  ContentVersionTable,
  ServerSecretsTable,
  BackupRunsTable,
  PushSubscriptionsTable,
  PushDeliveriesTable,
} from './staff-and-system-tables.ts';
import type {
  DailyMenuTable,
  DailyMenuHistoryTable,
  MenuSectionsTable,
  MenuItemsTable,
  MenuItemPricesTable,
  TextTranslationsTable,
  OpeningWeeklyRangesTable,
  OpeningClosuresTable,
  OpeningExceptionRangesTable,
  RestaurantFactsTable,
  SiteTextsTable,
  PhotosTable,
  ImageFilesTable,
} from './content-tables.ts';
import type {
  ContactMessagesTable,
  ReservationsTable,
  ReservationSettingsTable,
  TakeawaySettingsTable,
  TakeawayOrdersTable,
  EventInquiriesTable,
  EventMessagesTable,
  TakeawayOrderLinesTable,
  GuestsTable,
  GuestTagsTable,
} from './guest-tables.ts';
import type {
  FloorAreasTable,
  FloorTablesTable,
  FloorCombinationsTable,
  FloorCombinationTablesTable,
  ReservationTablesTable,
} from './floor-tables.ts';

export type { SqlDialect } from './dialect.ts';
// Each table's row type, in the file of its kind: importers name them from here.
export type * from './staff-and-system-tables.ts';
export type * from './content-tables.ts';
export type * from './guest-tables.ts';
export type * from './floor-tables.ts';

/** Every table, by name: Kysely types each query against it. */
export interface Database {
  audit_log: AuditLogTable;
  staff_invitations: StaffInvitationsTable;
  content_version: ContentVersionTable;
  contact_messages: ContactMessagesTable;
  guests: GuestsTable;
  guest_tags: GuestTagsTable;
  staff_users: StaffUsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  setup_token: SetupTokenTable;
  daily_menu: DailyMenuTable;
  daily_menu_history: DailyMenuHistoryTable;
  outbox: OutboxTable;
  rate_limits: RateLimitsTable;
  login_throttle: LoginThrottleTable;
  menu_sections: MenuSectionsTable;
  menu_items: MenuItemsTable;
  menu_item_prices: MenuItemPricesTable;
  text_translations: TextTranslationsTable;
  opening_weekly_ranges: OpeningWeeklyRangesTable;
  opening_closures: OpeningClosuresTable;
  opening_exception_ranges: OpeningExceptionRangesTable;
  restaurant_facts: RestaurantFactsTable;
  site_texts: SiteTextsTable;
  reservations: ReservationsTable;
  reservation_settings: ReservationSettingsTable;
  takeaway_settings: TakeawaySettingsTable;
  takeaway_orders: TakeawayOrdersTable;
  takeaway_order_lines: TakeawayOrderLinesTable;
  event_inquiries: EventInquiriesTable;
  event_messages: EventMessagesTable;
  server_secrets: ServerSecretsTable;
  photos: PhotosTable;
  image_files: ImageFilesTable;
  backup_runs: BackupRunsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_deliveries: PushDeliveriesTable;
  floor_areas: FloorAreasTable;
  floor_tables: FloorTablesTable;
  floor_combinations: FloorCombinationsTable;
  floor_combination_tables: FloorCombinationTablesTable;
  reservation_tables: ReservationTablesTable;
}

export interface AppDatabase {
  db: Kysely<Database>;
  dialect: SqlDialect;
  close(): Promise<void>;
}

/**
 * Opens the database named by DATABASE_URL,
 * checks its durability settings and brings its schema up to date.
 * `file:PATH` is an SQLite file, PATH relative to the working directory, its
 * folder created if missing; `postgres://…` is a PostgreSQL database, whose
 * tables go into the connection's current schema. The differences
 * between the two are in dialect.ts.
 */
export async function openDatabase(
  databaseUrl: string,
  options: { onIdleError?: (error: Error) => void } = {},
): Promise<AppDatabase> {
  const target = parseDatabaseUrl(databaseUrl);
  const opened = createDialect(target, options);
  const db = new Kysely<Database>({ dialect: opened.dialect });
  try {
    await opened.checkDurability(db);
    await migrate(db, target.dialect);
  } catch (error) {
    await db.destroy();
    throw error;
  }

  let closed = false;
  return {
    db,
    dialect: target.dialect,
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

/** Kysely's migrator over the project's migrations (`db` may be a PostgreSQL transaction). */
export async function createMigrator<DB>(db: Kysely<DB>, dialect: SqlDialect): Promise<Migrator> {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations(dialect) },
    // On PostgreSQL, Kysely looks for its migration table in every schema
    // unless told which: name the one the tables go into.
    ...(dialect === 'postgres' ? { migrationTableSchema: await currentSchema(db, dialect) } : {}),
  });
}

/** Which of the project's migrations a database has: `missing` ones are due, `unknown` ones came from newer code. */
export interface MigrationState {
  known: string[];
  applied: string[];
  missing: string[];
  unknown: string[];
}

/**
 * The migration state of DATABASE_URL's database without migrating it, nor
 * changing anything (`npm run doctor`): read-only connections
 * (dialect.ts createReadOnlyDialect), Kysely's migration table read as it
 * is, a database without one having nothing applied. The SQLite file must
 * exist: read-only, SQLite would not create it. Throws when the database
 * cannot be reached or read.
 */
export async function readMigrationState(
  databaseUrl: string,
  options: { connectTimeoutMs: number },
): Promise<MigrationState> {
  const target = parseDatabaseUrl(databaseUrl);
  const db = new Kysely<Record<string, { name: string }>>({
    dialect: createReadOnlyDialect(target, options),
  });
  try {
    const schema = await currentSchema(db, target.dialect);
    const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
    const hasTable = tables.some(
      (table) => table.name === DEFAULT_MIGRATION_TABLE && table.schema === schema,
    );
    const applied = hasTable
      ? (await db.selectFrom(DEFAULT_MIGRATION_TABLE).select('name').orderBy('name').execute()).map(
          (row) => row.name,
        )
      : [];
    const known = Object.keys(migrations(target.dialect));
    return {
      known,
      applied,
      missing: known.filter((name) => !applied.includes(name)),
      unknown: applied.filter((name) => !known.includes(name)),
    };
  } finally {
    await db.destroy();
  }
}

async function migrate(db: Kysely<Database>, dialect: SqlDialect): Promise<void> {
  const migrator = await createMigrator(db, dialect);
  const { error, results } = await withMigrationLock(db, dialect, () => migrator.migrateToLatest());
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    const message = failed ? `Database migration ${failed} failed` : 'Database migration failed';
    throw new Error(message, { cause: error });
  }
}

/** `PRAGMA integrity_check` (SQLite): 'ok' when the file is sound, else the problems found. */
export async function integrityCheck(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db);
  return rows.map((row) => row.integrity_check).join('\n');
}
