import type { Database } from '../db/database.ts';

/**
 * Every table the migrations create (Kysely's own migration tables aside),
 * parents before children so that an import inserts each row after the rows
 * its foreign keys name, each with its primary key, which orders the rows
 * and pages through a large table. archive-tables.test.ts compares this list
 * with the live schema: a migration that adds a table fails it until the
 * table is listed here (and its values checked to survive the archive).
 */
export const ARCHIVE_TABLES: readonly { name: keyof Database; key: readonly string[] }[] = [
  { name: 'staff_users', key: ['id'] },
  { name: 'sessions', key: ['id'] },
  { name: 'password_resets', key: ['id'] },
  { name: 'staff_invitations', key: ['id'] },
  { name: 'setup_token', key: ['id'] },
  { name: 'audit_log', key: ['id'] },
  { name: 'login_throttle', key: ['key'] },
  { name: 'rate_limits', key: ['key'] },
  { name: 'server_secrets', key: ['name'] },
  { name: 'content_version', key: ['id'] },
  { name: 'daily_menu', key: ['id'] },
  { name: 'daily_menu_history', key: ['id'] },
  { name: 'outbox', key: ['id'] },
  { name: 'contact_messages', key: ['id'] },
  { name: 'menu_sections', key: ['id'] },
  { name: 'menu_items', key: ['id'] },
  { name: 'menu_item_prices', key: ['item_id', 'position'] },
  { name: 'text_translations', key: ['entity', 'entity_id', 'field', 'lang', 'kind'] },
  { name: 'opening_weekly_ranges', key: ['day', 'position'] },
  { name: 'opening_closures', key: ['id'] },
  { name: 'opening_exception_ranges', key: ['date', 'position'] },
  { name: 'restaurant_facts', key: ['id'] },
  { name: 'site_texts', key: ['key'] },
  { name: 'reservation_settings', key: ['id'] },
  // Guest records before the bookings, orders and requests that point at them (migration 030).
  { name: 'guests', key: ['id'] },
  { name: 'guest_tags', key: ['name'] },
  { name: 'reservations', key: ['id'] },
  // The floor plan, each table after those it refers to (migration 029's foreign keys).
  { name: 'floor_areas', key: ['id'] },
  { name: 'floor_tables', key: ['id'] },
  { name: 'floor_combinations', key: ['id'] },
  { name: 'floor_combination_tables', key: ['combination_id', 'table_id'] },
  { name: 'reservation_tables', key: ['reservation_id', 'table_id'] },
  { name: 'takeaway_settings', key: ['id'] },
  { name: 'takeaway_orders', key: ['id'] },
  { name: 'takeaway_order_lines', key: ['order_id', 'position'] },
  { name: 'event_inquiries', key: ['id'] },
  { name: 'event_messages', key: ['id'] },
  { name: 'photos', key: ['id'] },
  { name: 'image_files', key: ['owner', 'name'] },
  { name: 'backup_runs', key: ['day'] },
  { name: 'push_subscriptions', key: ['id'] },
  { name: 'push_deliveries', key: ['id'] },
];

/**
 * The tables whose rows make a database "not empty" for an import: a staff
 * account or any guest's data. Everything else a fresh database holds was
 * seeded by the migrations, and the import replaces it.
 */
export const OCCUPIED_IF_ANY_ROW_IN: readonly (keyof Database)[] = [
  'staff_users',
  'reservations',
  'contact_messages',
  'takeaway_orders',
  'event_inquiries',
];

/**
 * The rows an archive or a backup leaves out (docs/security.md item 50): the
 * ones that carry or revive a link that lets someone in. An archive lies
 * about for years; a restore must not bring back a link that was mailed and
 * later expired or was meant to die with the old database.
 * - `password_resets`: every row (a reset link works for an hour; nothing
 *   refers to the rows, the audit log keeps the event);
 * - `staff_invitations`: the invitations not accepted (their links would work
 *   again after a restore: the owner invites again);
 * - `setup_token`: every row (the first owner's link: a restored database
 *   has its accounts, and a server without any prints a new link at its start);
 * - `outbox`: reset and invitation mails still holding their link (not yet
 *   sent: the live server sends them, never a restored one). A guest's
 *   pending mail keeps its cancel link: moving the restaurant must not lose
 *   the guest's confirmation, and that link cancels one booking, nothing more.
 * The condition names the rows left out; the sequences still pass their ids.
 */
export const LEFT_OUT_OF_ARCHIVES: Partial<Record<keyof Database, string>> = {
  password_resets: 'true',
  staff_invitations: 'accepted_at is null',
  setup_token: 'true',
  outbox: "kind in ('password-reset', 'staff-invitation') and secret_link is not null",
};
