// Over 400 lines: the type of every table, the whole schema read in one place, and the open that migrates to it.
import { Kysely, sql, type ColumnType, type Generated } from 'kysely';
import { Migrator } from 'kysely/migration';
import {
  createDialect,
  currentSchema,
  parseDatabaseUrl,
  withMigrationLock,
  type SqlDialect,
} from './dialect.ts';
import { migrations } from './migrations/index.ts';

export type { SqlDialect } from './dialect.ts';

// Table types. Timestamps are ISO-8601 strings, booleans integers 0/1, so the
// same code runs on SQLite and PostgreSQL.

export interface StaffUsersTable {
  id: Generated<number>;
  /** Lower-cased (a check constraint refuses anything else). */
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  created_at: string;
  password_changed_at: string;
  /** 'owner' manages colleagues; 'staff' runs the content. */
  role: 'owner' | 'staff';
}

export interface StaffInvitationsTable {
  id: Generated<number>;
  /** Lower-cased. */
  email: string;
  first_name: string;
  last_name: string;
  role: 'owner' | 'staff';
  /** Hex SHA-256 of the token: the token itself is never stored. */
  token_hash: string;
  invited_by: number | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  revoked_at: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  actor_id: number | null;
  /** Copied, so that an entry still names its author once the account is gone. */
  actor_email: string | null;
  action: string;
  target: string;
  summary: string;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  /** Hex SHA-256 of the token: the token itself is never stored. */
  token_hash: string;
  created_at: string;
  last_seen_at: string;
  revoked_at: string | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface DailyMenuTable {
  /** Always 1: there is a single daily menu. */
  id: number;
  titolo: string;
  descrizione: string;
  info_aggiuntive: string;
  version: number;
  updated_at: string;
  updated_by: number | null;
}

export interface DailyMenuHistoryTable {
  id: Generated<number>;
  version: number;
  titolo: string;
  descrizione: string;
  info_aggiuntive: string;
  saved_at: string;
  saved_by: number | null;
}

export interface OutboxTable {
  id: Generated<number>;
  kind: string;
  recipient: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /**
   * The mail's secret link (reset, invitation), which its bodies name only as
   * SECRET_LINK: kept until the mail is sent or the link expires, then null.
   */
  secret_link: string | null;
  secret_expires_at: string | null;
  /** An iCalendar invitation sent with the mail (`REQUEST` or `CANCEL`), or null. */
  calendar_method: 'REQUEST' | 'CANCEL' | null;
  calendar_ics: string | null;
  /** 1 when the mail holds a guest's words: its bodies and invitation are emptied once it is sent. */
  personal: Generated<number>;
}

/** Failed logins per (e-mail, client address); the key is a hash of both. */
export interface LoginThrottleTable {
  key: string;
  /** Attempts counted since the last success or lock, this one included. */
  failures: number;
  locked_until: string | null;
  locks: Generated<number>;
  updated_at: string;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  window_ends_at: string;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  message: string;
  lang: string;
  privacy_accepted_at: string;
  created_at: string;
  read_at: string | null;
  /** 1 when the honeypot was filled: kept, never delivered nor listed. */
  spam: Generated<number>;
  outbox_id: number | null;
}

/**
 * One row (id 1) whose version goes up, in the same transaction, with every
 * change to what public pages show: each instance compares it with the
 * version its cached pages were rendered at (docs/decisions/002).
 */
export interface ContentVersionTable {
  id: number;
  version: number;
}

/** A section of the menu, in `position` order. */
export interface MenuSectionsTable {
  id: Generated<number>;
  /** The seeded list's name ("pizza"), which picks its carousel picture; null for sections staff add. */
  key: string | null;
  /** In the carousel, always shown below it, or shown under the section before ("extras"). */
  placement: 'carousel' | 'always' | 'extras';
  /** Who makes its dishes, for takeaway's capacity: the oven, the kitchen, or nobody (handed over ready). */
  kitchen: 'oven' | 'kitchen' | 'none';
  position: number;
  /** Italian; other languages in text_translations. */
  name: string;
  updated_at: string;
}

export interface MenuItemsTable {
  id: Generated<number>;
  section_id: number;
  /** 0-based within the section. */
  position: number;
  name: string;
  description: string;
  /** Comma-separated, translated like the name. */
  ingredients: string;
  /** JSON list of allergen codes in the Annex's order, or null: not declared yet. */
  allergens: string | null;
  available: number;
  frozen: number;
  /** 1: can be ordered for takeaway. */
  takeaway: number;
  updated_at: string;
}

/** A dish's prices, in order: one with an empty label, or one per size. */
export interface MenuItemPricesTable {
  item_id: number;
  position: number;
  label: string;
  /** Whole cents: exact. */
  amount_cents: number;
}

/**
 * Translations of any Italian text, keyed by (entity, id, field, language):
 * the machine's and staff's, each tied to the hash of the Italian it translates.
 */
export interface TextTranslationsTable {
  entity: string;
  entity_id: number;
  field: string;
  lang: string;
  kind: 'machine' | 'staff';
  source_hash: string;
  text: string;
  updated_at: string;
  updated_by: number | null;
}

/** A range of an ISO weekday (1 = Monday), in `position` order: lunch, dinner. */
export interface OpeningWeeklyRangesTable {
  day: number;
  position: number;
  /** HH:MM in Rome; a close earlier than the open is past midnight. */
  open_time: string;
  close_time: string;
}

/** Dates closed from `from_date` to `to_date` (YYYY-MM-DD, both included). */
export interface OpeningClosuresTable {
  id: Generated<number>;
  from_date: string;
  to_date: string;
  /** Italian, or null; other languages in text_translations (entity `closure`). */
  note: string | null;
}

/** A special day's ranges: they replace its weekday's, inside a closure too. */
export interface OpeningExceptionRangesTable {
  date: string;
  position: number;
  open_time: string;
  close_time: string;
}

/**
 * The restaurant's own facts, one row (id 1): what the pages, the structured
 * data and the e-mails say about it. Formats are the API's
 * (src/shared/schemas/restaurant.ts).
 */
export interface RestaurantFactsTable {
  id: number;
  name: string;
  /** The number the book-a-table and call buttons dial. */
  mobile_phone: string;
  landline_phone: string | null;
  email: string;
  street: string;
  postal_code: string;
  locality: string;
  /** The province's code ("TP") or the region. */
  region: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  latitude: number;
  longitude: number;
  map_url: string;
  /** The address of the map the home page frames (migration 027). */
  map_embed_url: string;
  instagram_url: string | null;
  facebook_url: string | null;
  privacy_policy_url: string;
  /** The year the restaurant opened: pages count "over N years" from it. */
  founded_year: number;
  /** "€" to "€€€€", as schema.org's priceRange shows it. */
  price_range: string;
}

/** The page texts staff write, in Italian, by key (src/shared/schemas/site-texts.ts). */
export interface SiteTextsTable {
  key: string;
  /** May hold `{years}`, `{year}` and `{place}`, filled in from the facts when shown. */
  text: string;
  updated_at: string;
  updated_by: number | null;
}
export interface ReservationsTable {
  id: Generated<number>;
  name: string;
  /** Empty for a booking taken by phone without one. */
  email: string;
  phone: string;
  party: number;
  /** Rome's wall clock, as the guest picked it: YYYY-MM-DD and HH:MM. */
  date: string;
  time: string;
  /** The real instants of its table-turn (ISO, UTC): capacity is counted on these. */
  starts_at: string;
  ends_at: string;
  status: 'pending' | 'confirmed' | 'declined' | 'cancelled' | 'no-show';
  notes: string;
  lang: string;
  source: 'online' | 'staff';
  over_capacity: Generated<number>;
  staff_message: string | null;
  privacy_accepted_at: string | null;
  sequence: Generated<number>;
  invited: Generated<number>;
  reminder_queued_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  /**
   * The client address an online booking came from (plugins/staff-auth.ts
   * `clientKey`), so that staff can decline all of one address's requests;
   * null for staff's bookings. Never in the guest's or staff's JSON.
   */
  client_key: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The owner's reservation settings: one row, id 1, which every booking locks. */
export interface ReservationSettingsTable {
  id: number;
  covers_per_slot: number;
  turn_minutes: number;
  min_notice_minutes: number;
  horizon_days: number;
  max_party_online: number;
  auto_confirm_max_party: number | null;
  retention_months: number;
  calendar_feed_secret: string;
  /** Counts every change of the bookings (docs/decisions/011: the availability cache). */
  bookings_version: Generated<number>;
  updated_at: string;
}

/** Takeaway's settings: one row, id 1 (migration 019). */
export interface TakeawaySettingsTable {
  id: number;
  enabled: number;
  slot_minutes: number;
  oven_limit: number;
  kitchen_limit: number;
  prep_minutes: number;
  horizon_days: number;
  /** The instant staff's pause ends (ISO), null when not paused. */
  paused_until: string | null;
  /**
   * Counted up by every write to orders, the settings or the pause (migration
   * 021): the kitchen board's polling compares it, on every instance.
   */
  orders_version: Generated<number>;
  updated_at: string;
}

/** A takeaway order (migration 020): `date`/`time` are its pickup slot, Rome's wall clock. */
export interface TakeawayOrdersTable {
  id: Generated<number>;
  name: string;
  phone: string;
  /** Empty when staff took it by phone without one. */
  email: string;
  lang: string;
  date: string;
  time: string;
  status: 'received' | 'accepted' | 'ready' | 'collected' | 'declined' | 'cancelled' | 'no-show';
  notes: string;
  source: 'online' | 'phone';
  /** The sum of its lines' amounts × quantities, whole cents. */
  total_cents: number;
  privacy_accepted_at: string | null;
  /** The client address an online order came from (plugins/staff-auth.ts `clientKey`); null by phone. */
  client_key: string | null;
  /** When someone first opened it on the kitchen board (migration 021); null: nobody yet, it rings. */
  opened_at: string | null;
  /** Staff's last word to the guest (a decline's reason), empty if none. */
  message: Generated<string>;
  created_at: string;
  updated_at: string;
}

/**
 * A guest's request for an event (migration 022): `date`/`alt_date` are days
 * in Rome, `allergens` codes joined by commas (Annex order).
 */
export interface EventInquiriesTable {
  id: Generated<number>;
  kind: 'baptism' | 'communion' | 'confirmation' | 'wedding' | 'birthday' | 'business' | 'other';
  date: string;
  alt_date: string | null;
  service: 'lunch' | 'dinner';
  adults: number;
  children: number;
  area: 'terrace' | 'indoor' | 'whole' | 'any';
  /** The guest's budget per person in whole cents; null when not given. */
  budget_cents: number | null;
  allergens: string;
  dietary_notes: string;
  notes: string;
  name: string;
  email: string;
  phone: string;
  lang: string;
  status: Generated<'new' | 'talking' | 'confirmed' | 'lost'>;
  /** Covers a confirmed event holds: a number, -1 for every cover, null for none. */
  hold_covers: number | null;
  privacy_accepted_at: string;
  /** The client address the request came from (plugins/staff-auth.ts `clientKey`). */
  client_key: string;
  created_at: string;
  updated_at: string;
}

/** A reply in an event request's thread (migration 022). */
export interface EventMessagesTable {
  id: Generated<number>;
  inquiry_id: number;
  at: string;
  from: 'guest' | 'staff';
  text: string;
  /** A staff reply as the guest received it in their language; null for Italian or the guest's. */
  translation: string | null;
}

/** A line of a takeaway order: what the menu said when it was ordered. */
export interface TakeawayOrderLinesTable {
  order_id: number;
  /** 0-based, in the order's order. */
  position: number;
  item_id: number;
  name: string;
  /** The name in the guest's language when ordered (migration 021); empty: as `name`. */
  guest_name: ColumnType<string, string | undefined, string>;
  /** The size's label; empty for a dish of one price. */
  label: string;
  quantity: number;
  /** The unit price, whole cents. */
  amount_cents: number;
  kitchen: 'oven' | 'kitchen' | 'none';
}

/** Secrets every instance shares, made by a migration (the key that signs cancel links). */
export interface ServerSecretsTable {
  name: string;
  value: string;
}

/** An uploaded photo of one slot (migration 017); its files are in `image_files`. */
export interface PhotosTable {
  id: Generated<number>;
  slot: string;
  /** Italian; other languages through the translation engine (entity `photo`, this id). */
  alt: string;
  focus_x: number;
  focus_y: number;
  /** The upload's size once its EXIF orientation is applied. */
  width: number;
  height: number;
  updated_at: string;
}

/** An encoded image served under `/photos/{name}` (name = content hash + extension). */
export interface ImageFilesTable {
  name: string;
  /** The slot it was made for, or `social-card` (services/photos/social-card.ts). */
  owner: string;
  type: 'image/avif' | 'image/webp' | 'image/jpeg';
  width: number;
  height: number;
  bytes: Uint8Array;
}

/** One day's backup (migration 024, src/server/backup/daily-backup.ts). */
export interface BackupRunsTable {
  /** The day in Rome, YYYY-MM-DD: the one instance that inserted it takes that day's backup. */
  day: string;
  started_at: string;
  /** Null while the backup runs, or when its instance stopped before the end. */
  finished_at: string | null;
  /** The backup's file name in BACKUP_DIR, once written. */
  file: string | null;
  bytes: number | null;
  /** Why it failed (an error code, never a message), null when it did not. */
  error: string | null;
}

/** A staff member's device that takes Web Push messages (migration 025). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  /** The push service's URL for this device, unique: posting it again replaces the row. */
  endpoint: string;
  /** The browser's ECDH public key and auth secret (base64url), which each message is encrypted for. */
  p256dh: string;
  auth: string;
  /** The topics chosen, joined by commas. */
  topics: string;
  /** "Chrome su Android", from the User-Agent it was posted with. */
  browser: string;
  created_at: string;
  last_used_at: string | null;
}

/** One message to one device, waiting to be sent (deleted once sent, or given up). */
export interface PushDeliveriesTable {
  id: Generated<number>;
  subscription_id: number;
  title: string;
  body: string;
  /** The back-office page the notification opens (a path). */
  url: string;
  attempts: Generated<number>;
  /** When it is due, null before the first attempt (due at once); while an instance sends it, that instance's lease. */
  next_attempt_at: string | null;
  last_error: string | null;
  created_at: string;
}

export interface Database {
  audit_log: AuditLogTable;
  staff_invitations: StaffInvitationsTable;
  content_version: ContentVersionTable;
  contact_messages: ContactMessagesTable;
  staff_users: StaffUsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
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
