import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { DailyMenuBody } from '../../shared/schemas/daily-menu.ts';
import { recordAudit, type AuditActor } from './audit-log.ts';
import type { ContentChanges } from './content-version.ts';
import { nowIso } from './tokens.ts';

/** The single daily menu, id 1, in Italian as staff typed it. */
export interface DailyMenuRecord {
  id: 1;
  titolo: string;
  descrizione: string;
  infoAggiuntive: string;
  updatedAt: string;
  version: number;
}

export const DAILY_MENU_ID = 1;

/**
 * The daily menu. Every save is one content change (the record, its version
 * up by one, a history row: who, when, what, so no edit is ever lost, and
 * its audit entry); `onSaved` runs after the commit.
 */
export class DailyMenuService {
  readonly #db: Kysely<Database>;
  readonly #content: ContentChanges;
  readonly #onSaved: () => void;

  constructor(db: Kysely<Database>, content: ContentChanges, onSaved: () => void) {
    this.#db = db;
    this.#content = content;
    this.#onSaved = onSaved;
  }

  async get(): Promise<DailyMenuRecord> {
    const row = await this.#db
      .selectFrom('daily_menu')
      .selectAll()
      .where('id', '=', DAILY_MENU_ID)
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  async save(input: DailyMenuBody, actor: NonNullable<AuditActor>): Promise<DailyMenuRecord> {
    const staffId = actor.id;
    const saved = await this.#content.change(async (trx) => {
      const now = nowIso();
      const row = await trx
        .updateTable('daily_menu')
        .set((eb) => ({
          titolo: input.titolo,
          descrizione: input.descrizione,
          info_aggiuntive: input.infoAggiuntive,
          version: eb('version', '+', 1),
          updated_at: now,
          updated_by: staffId,
        }))
        .where('id', '=', DAILY_MENU_ID)
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('daily_menu_history')
        .values({
          version: row.version,
          titolo: row.titolo,
          descrizione: row.descrizione,
          info_aggiuntive: row.info_aggiuntive,
          saved_at: now,
          saved_by: staffId,
        })
        .execute();
      await recordAudit(trx, actor, {
        action: 'daily_menu.update',
        target: 'daily_menu:1',
        summary: `Menu del giorno aggiornato: «${row.titolo}».`,
      });
      return row;
    });
    this.#onSaved();
    return toRecord(saved);
  }
}

function toRecord(row: {
  titolo: string;
  descrizione: string;
  info_aggiuntive: string;
  updated_at: string;
  version: number;
}): DailyMenuRecord {
  return {
    id: DAILY_MENU_ID,
    titolo: row.titolo,
    descrizione: row.descrizione,
    infoAggiuntive: row.info_aggiuntive,
    updatedAt: row.updated_at,
    version: row.version,
  };
}
