import { createHash } from 'node:crypto';
import { DatabaseSync, type StatementSync } from 'node:sqlite';

// Snapshots of what the app under test stores: every table the oracle
// watches, hashed, so that a request's writes can be told table by table.

export type Table =
  | 'daily_menu'
  | 'daily_menu_history'
  | 'staff_users'
  | 'sessions'
  | 'password_resets'
  | 'contact_messages'
  | 'outbox'
  | 'staff_invitations'
  | 'audit_log'
  | 'content_version'
  | 'menu_sections'
  | 'menu_items'
  | 'menu_item_prices'
  | 'text_translations'
  | 'opening_weekly_ranges'
  | 'opening_closures'
  | 'opening_exception_ranges'
  | 'restaurant_facts'
  | 'site_texts'
  | 'reservations'
  | 'reservation_settings'
  | 'takeaway_settings'
  | 'takeaway_orders'
  | 'takeaway_order_lines'
  | 'server_secrets'
  | 'photos'
  | 'image_files'
  | 'event_inquiries'
  | 'event_messages'
  | 'backup_runs'
  | 'push_subscriptions'
  | 'push_deliveries';

/**
 * The tables a snapshot leaves out, each with its reason. The table-coverage
 * test (src/server/db/table-coverage.test.ts) holds SNAPSHOT and these
 * together to every table the migrations create.
 */
export const LEFT_OUT_OF_SNAPSHOTS: Readonly<Record<string, string>> = {
  rate_limits: 'per-address counters move on refused requests, by design',
  login_throttle: 'per-address counters move on refused logins, by design',
};

/**
 * Every table but those LEFT_OUT_OF_SNAPSHOTS, in full, each in a stable
 * order; `sessions.last_seen_at` is left out (authenticated use refreshes it,
 * at most once a minute).
 */
const SNAPSHOT: Record<Table, { orderBy: string; ignore?: string[] }> = {
  daily_menu: { orderBy: 'id' },
  daily_menu_history: { orderBy: 'id' },
  staff_users: { orderBy: 'id' },
  sessions: { orderBy: 'id', ignore: ['last_seen_at'] },
  password_resets: { orderBy: 'id' },
  contact_messages: { orderBy: 'id' },
  outbox: { orderBy: 'id' },
  staff_invitations: { orderBy: 'id' },
  audit_log: { orderBy: 'id' },
  content_version: { orderBy: 'id' },
  menu_sections: { orderBy: 'id' },
  menu_items: { orderBy: 'id' },
  menu_item_prices: { orderBy: 'item_id, position' },
  text_translations: { orderBy: 'entity, entity_id, field, lang, kind' },
  opening_weekly_ranges: { orderBy: 'day, position' },
  opening_closures: { orderBy: 'id' },
  opening_exception_ranges: { orderBy: 'date, position' },
  restaurant_facts: { orderBy: 'id' },
  site_texts: { orderBy: '"key"' },
  reservations: { orderBy: 'id' },
  reservation_settings: { orderBy: 'id' },
  takeaway_settings: { orderBy: 'id' },
  takeaway_orders: { orderBy: 'id' },
  takeaway_order_lines: { orderBy: 'order_id, position' },
  server_secrets: { orderBy: 'name' },
  photos: { orderBy: 'id' },
  image_files: { orderBy: 'owner, name' },
  event_inquiries: { orderBy: 'id' },
  event_messages: { orderBy: 'id' },
  backup_runs: { orderBy: 'day' },
  push_subscriptions: { orderBy: 'id' },
  push_deliveries: { orderBy: 'id' },
};
/** The tables a snapshot reads. */
export const SNAPSHOT_TABLES = Object.keys(SNAPSHOT) as readonly Table[];
const TABLES = SNAPSHOT_TABLES;

type Snapshot = Record<Table, { rows: number; digest: string }>;

/**
 * Reads the tables through a second, read-only connection, each as one
 * string SQLite builds (every column quoted), hashed. `PRAGMA data_version`
 * changes only when another connection commits, so an unchanged version
 * means an unchanged database and the last snapshot is reused (most refused
 * requests commit nothing at all).
 */
export class Snapshots {
  readonly #db: DatabaseSync;
  readonly #version: StatementSync;
  readonly #tables: [Table, StatementSync][];
  #last: { version: unknown; snapshot: Snapshot } | undefined;

  constructor(file: string) {
    this.#db = new DatabaseSync(file, { readOnly: true });
    this.#version = this.#db.prepare('PRAGMA data_version');
    this.#tables = TABLES.map((table) => {
      const { orderBy, ignore = [] } = SNAPSHOT[table];
      const columns = this.#db
        .prepare(`SELECT name FROM pragma_table_info('${table}')`)
        .all()
        .map((column) => String(column.name))
        .filter((name) => !ignore.includes(name));
      const row = columns.map((name) => `quote("${name}")`).join(" || ',' || ");
      const sql = `SELECT count(*) AS rows, group_concat(${row}, char(10) ORDER BY ${orderBy}) AS content FROM "${table}"`;
      return [table, this.#db.prepare(sql)];
    });
  }

  take(): Snapshot {
    const version = Object.values(this.#version.get() ?? {})[0];
    if (this.#last && this.#last.version === version) return this.#last.snapshot;
    const snapshot = {} as Snapshot;
    for (const [table, statement] of this.#tables) {
      const { rows, content } = statement.get() as { rows: number; content: string | null };
      const digest = createHash('sha1')
        .update(content ?? '')
        .digest('hex');
      snapshot[table] = { rows, digest };
    }
    this.#last = { version, snapshot };
    return snapshot;
  }

  close() {
    this.#db.close();
  }
}

export const changedTables = (before: Snapshot, after: Snapshot) =>
  TABLES.filter((table) => before[table].digest !== after[table].digest);
