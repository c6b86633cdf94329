// The back office's people and the server's own bookkeeping: staff, sessions,
// the audit log, limits, the mail outbox, push devices and their queue, the
// shared secrets, the backups' runs, the content version.
// Timestamps are ISO-8601 strings, booleans integers 0/1, so the same code
// runs on SQLite and PostgreSQL; `Database` (database.ts) names each table.
import type { Generated } from 'kysely';

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

/** The first owner's setup link (migration 034): one row at most, `id` 1. */
export interface SetupTokenTable {
  id: number;
  /** Hex SHA-256 of the token: the token itself is never stored. */
  token_hash: string;
  made_at: string;
  expires_at: string;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
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
   * A mail with more than one (a reminder) holds them one a line
   * (mail/message.ts `storedSecretLinks`).
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

/**
 * One row (id 1) whose version goes up, in the same transaction, with every
 * change to what public pages show: each instance compares it with the
 * version its cached pages were rendered at (docs/decisions/002).
 */
export interface ContentVersionTable {
  id: number;
  version: number;
}

/** Secrets every instance shares, made by a migration (the key that signs cancel links). */
export interface ServerSecretsTable {
  name: string;
  value: string;
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
