import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { AuditEntryAnswer } from '../../shared/schemas/staff.ts';
import { nowIso } from './tokens.ts';

/** Who did it: a logged-in staff member, or null for the command line and the system. */
export type AuditActor = { id: number; email: string } | null;

export interface AuditEvent {
  /** A stable dotted name, e.g. `staff.invite`, `daily_menu.update`. */
  action: string;
  /** What it acted on, e.g. `staff:marco@example.com`, `daily_menu:1`. */
  target: string;
  /** One Italian sentence for the owner reading the log. */
  summary: string;
}

/**
 * Writes one entry in the caller's transaction, so that a change and its
 * entry are committed together or not at all: every staff write goes
 * through here.
 */
export async function recordAudit(
  trx: Kysely<Database>,
  actor: AuditActor,
  event: AuditEvent,
  at = nowIso(),
): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      at,
      actor_id: actor?.id ?? null,
      actor_email: actor?.email ?? null,
      action: event.action,
      target: event.target,
      summary: event.summary,
    })
    .execute();
}

/** The newest `limit` entries, newest first. */
export async function readAudit(db: Kysely<Database>, limit: number): Promise<AuditEntryAnswer[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select(['at', 'actor_email', 'action', 'target', 'summary'])
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    at: row.at,
    actor: row.actor_email === null ? null : { email: row.actor_email },
    action: row.action,
    target: row.target,
    summary: row.summary,
  }));
}
