import type { Kysely, Selectable } from 'kysely';
import type { Database, TakeawaySettingsTable } from '../../db/database.ts';
import type { TakeawaySettings, TakeawaySettingsBody } from '../../../shared/schemas/takeaway.ts';
import { recordAudit, type AuditActor } from '../audit-log.ts';
import { ContentMemo, type ContentChanges } from '../content-version.ts';
import { nowIso } from '../tokens.ts';
import { lockOrders } from './order-rows.ts';

/** The settings as stored: a pause that has ended may still be there. */
type Stored = TakeawaySettings;

const SETTING_NAMES_IT: Record<keyof Omit<TakeawaySettingsBody, 'pausedUntil'>, string> = {
  enabled: 'asporto attivo',
  slotMinutes: 'intervallo tra i ritiri (minuti)',
  limits: 'pezzi per fascia',
  prepMinutes: 'tempo di preparazione (minuti)',
  horizonDays: 'ordinabile fino a (giorni)',
};

function toSettings(row: Selectable<TakeawaySettingsTable>): Stored {
  return {
    enabled: row.enabled === 1,
    slotMinutes: row.slot_minutes,
    limits: { oven: row.oven_limit, kitchen: row.kitchen_limit },
    prepMinutes: row.prep_minutes,
    horizonDays: row.horizon_days,
    pausedUntil: row.paused_until,
  };
}

const readRow = (db: Kysely<Database>) =>
  db.selectFrom('takeaway_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();

/** The settings as stored, read afresh through `db`: `settingsAsOf` reads them at a moment. */
export const readStoredSettings = async (db: Kysely<Database>): Promise<Stored> =>
  toSettings(await readRow(db));

/** The settings at `nowMs`: a pause that has ended reads as none (it ends by itself). */
export function settingsAsOf(stored: Stored, nowMs: number): TakeawaySettings {
  const paused = stored.pausedUntil !== null && Date.parse(stored.pausedUntil) > nowMs;
  return {
    ...stored,
    limits: { ...stored.limits },
    pausedUntil: paused ? stored.pausedUntil : null,
  };
}

/** The settings read afresh through `db` (an order's transaction, under its lock), at `nowMs`. */
export async function readTakeawaySettings(
  db: Kysely<Database>,
  nowMs: number,
): Promise<TakeawaySettings> {
  return settingsAsOf(await readStoredSettings(db), nowMs);
}

/** A setting as the audit log's sentence writes it. */
function said(key: keyof typeof SETTING_NAMES_IT, settings: Stored): string {
  const value = settings[key];
  if (typeof value === 'boolean') return value ? 'sì' : 'no';
  if (typeof value === 'number') return String(value);
  return `forno ${value.oven}, cucina ${value.kitchen}`;
}

/**
 * The owner's settings of takeaway (on or off, the slots' step, the oven's
 * and the kitchen's limits per slot, the preparation time, the horizon) and
 * the pause staff set. Public pages read them (the takeaway page, its
 * links), so a save counts a new content version, and this instance keeps
 * them per content version.
 */
export class TakeawaySettingsStore {
  readonly #db: Kysely<Database>;
  readonly #content: ContentChanges;
  readonly #memo: ContentMemo<'settings', Stored>;
  readonly #now: () => number;

  constructor(options: {
    db: Kysely<Database>;
    content: ContentChanges;
    contentVersion: () => Promise<number | undefined>;
    now: () => number;
  }) {
    this.#db = options.db;
    this.#content = options.content;
    this.#memo = new ContentMemo(options.contentVersion);
    this.#now = options.now;
  }

  /** The settings now: a pause that has ended reads as none (it ends by itself). */
  async settings(): Promise<TakeawaySettings> {
    return this.#asNow(await this.#memo.get('settings', () => readStoredSettings(this.#db)));
  }

  /**
   * Saves the owner's settings, in the audit log; `pausedUntil` is not the
   * owner's to set here (the pause calls set it) and stays as it was.
   */
  async update(
    body: TakeawaySettingsBody,
    actor: NonNullable<AuditActor>,
  ): Promise<TakeawaySettings> {
    return this.#content.change(async (trx) => {
      const before = await readStoredSettings(trx);
      await trx
        .updateTable('takeaway_settings')
        .set({
          enabled: body.enabled ? 1 : 0,
          slot_minutes: body.slotMinutes,
          oven_limit: body.limits.oven,
          kitchen_limit: body.limits.kitchen,
          prep_minutes: body.prepMinutes,
          horizon_days: body.horizonDays,
          updated_at: nowIso(this.#now()),
        })
        .where('id', '=', 1)
        .execute();
      // The kitchen board shows the limits: it reloads on the orders' version.
      await lockOrders(trx);
      const after = await readStoredSettings(trx);
      const changes = (Object.keys(SETTING_NAMES_IT) as (keyof typeof SETTING_NAMES_IT)[])
        .filter((key) => said(key, before) !== said(key, after))
        .map((key) => `${SETTING_NAMES_IT[key]} ${said(key, before)} → ${said(key, after)}`);
      await recordAudit(trx, actor, {
        action: 'takeaway.settings',
        target: 'takeaway_settings',
        summary: changes.length
          ? `Impostazioni dell'asporto: ${changes.join('; ')}.`
          : "Impostazioni dell'asporto salvate senza modifiche.",
      });
      return this.#asNow(after);
    });
  }

  /**
   * Staff's pause ("forno pieno"): online orders stop until `minutes` from
   * now, then resume by themselves (`settingsAsOf` reads an ended pause as none);
   * null ends it at once. The public page and the board both show it.
   */
  async pause(minutes: number | null, actor: NonNullable<AuditActor>): Promise<TakeawaySettings> {
    const nowMs = this.#now();
    const until = minutes === null ? null : nowIso(nowMs + minutes * 60_000);
    return this.#content.change(async (trx) => {
      await lockOrders(trx);
      await trx
        .updateTable('takeaway_settings')
        .set({ paused_until: until, updated_at: nowIso(nowMs) })
        .where('id', '=', 1)
        .execute();
      await recordAudit(trx, actor, {
        action: minutes === null ? 'takeaway.resume' : 'takeaway.pause',
        target: 'takeaway_settings',
        summary:
          minutes === null
            ? "Ordini online dell'asporto ripresi."
            : `Ordini online dell'asporto in pausa per ${minutes} minuti.`,
      });
      return this.#asNow(await readStoredSettings(trx));
    });
  }

  #asNow(stored: Stored): TakeawaySettings {
    return settingsAsOf(stored, this.#now());
  }
}
