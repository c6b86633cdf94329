import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type {
  ReservationSettings,
  ReservationSettingsAnswer,
  ReservationSettingsBody,
} from '../../../shared/schemas/reservations.ts';
import { recordAudit } from '../audit-log.ts';
import { ContentMemo, type ContentChanges } from '../content-version.ts';
import { nowIso } from '../tokens.ts';
import { lockBookings } from './index.ts';
import { bumpBookingsVersion, readSettingsRow, toSettings, type Actor } from './rows.ts';

const SETTING_NAMES_IT: Record<keyof ReservationSettings, string> = {
  coversPerSlot: 'coperti per fascia',
  turnMinutes: 'durata del turno',
  minNoticeMinutes: 'preavviso minimo',
  horizonDays: 'giorni prenotabili',
  maxPartyOnline: 'persone al massimo online',
  autoConfirmMaxParty: 'conferma automatica fino a',
  retentionMonths: 'conservazione dei dati (mesi)',
  turnByParty: 'turno per numero di persone',
  areaChoice: "scelta dell'area da parte del cliente",
  reviews: 'richieste di recensione',
};

/** A setting as the audit log writes it. */
function settingText(value: ReservationSettings[keyof ReservationSettings]): string {
  if (value === null) return 'no';
  if (typeof value === 'boolean') return value ? 'sì' : 'no';
  if (!Array.isArray(value) && typeof value === 'object') {
    return value.enabled ? `sì (${value.url})` : 'no';
  }
  if (Array.isArray(value)) {
    return (
      value
        .map(
          (turn) => `${turn.upTo === null ? 'oltre' : `fino a ${turn.upTo}`}: ${turn.minutes} min`,
        )
        .join(', ') || '—'
    );
  }
  return String(value);
}

/**
 * The owner's settings of the reservations (capacity, turn, notice, horizon,
 * party sizes, retention) and the calendar feed's secret address.
 */
export class ReservationSettingsStore {
  readonly #db: Kysely<Database>;
  readonly #content: ContentChanges;
  readonly #memo: ContentMemo<'settings', ReservationSettings>;
  readonly #publicUrl: string;
  readonly #now: () => number;

  constructor(options: {
    db: Kysely<Database>;
    content: ContentChanges;
    contentVersion: () => Promise<number | undefined>;
    publicUrl: string;
    now: () => number;
  }) {
    this.#db = options.db;
    this.#content = options.content;
    // Settings change with the content version (a save bumps it), like the pages showing them.
    this.#memo = new ContentMemo(options.contentVersion);
    this.#publicUrl = options.publicUrl;
    this.#now = options.now;
  }

  async settings(): Promise<ReservationSettings> {
    return this.#memo.get('settings', async () => toSettings(await readSettingsRow(this.#db)));
  }

  /** The owner's view: the settings and the calendar feed's secret address. */
  async forOwner(db: Kysely<Database> = this.#db): Promise<ReservationSettingsAnswer> {
    const row = await readSettingsRow(db);
    return {
      ...toSettings(row),
      calendarFeedUrl: `${this.#publicUrl}/api/reservations/calendar/${row.calendar_feed_secret}.ics`,
    };
  }

  /**
   * Saves the owner's settings (those left out of `body` stay as stored);
   * what a guest's page shows follows (content version). No pace
   * (`coversPerSlot` null) is refused while the plan has no table: covers
   * mode counts covers against it. Under the bookings' lock, so that the
   * floor plan's emptying (floor-plan.ts, which restores a pace) is decided
   * wholly before or after.
   */
  async update(
    body: ReservationSettingsBody,
    actor: Actor,
  ): Promise<
    { ok: true; settings: ReservationSettingsAnswer } | { ok: false; reason: 'pace-needed' }
  > {
    return this.#content.change(
      async (trx) => {
        await lockBookings(trx);
        if (body.coversPerSlot === null) {
          const table = await trx
            .selectFrom('floor_tables')
            .select('id')
            .limit(1)
            .executeTakeFirst();
          if (table === undefined) return { ok: false, reason: 'pace-needed' } as const;
        }
        const before = toSettings(await readSettingsRow(trx));
        const settings: ReservationSettings = {
          ...body,
          turnByParty: body.turnByParty ?? before.turnByParty,
          areaChoice: body.areaChoice ?? before.areaChoice,
          reviews: body.reviews ?? before.reviews,
        };
        await trx
          .updateTable('reservation_settings')
          .set({
            covers_per_slot: settings.coversPerSlot,
            turn_minutes: settings.turnMinutes,
            min_notice_minutes: settings.minNoticeMinutes,
            horizon_days: settings.horizonDays,
            max_party_online: settings.maxPartyOnline,
            auto_confirm_max_party: settings.autoConfirmMaxParty,
            retention_months: settings.retentionMonths,
            turn_by_party: JSON.stringify(settings.turnByParty),
            area_choice: settings.areaChoice ? 1 : 0,
            reviews_enabled: settings.reviews.enabled ? 1 : 0,
            reviews_url: settings.reviews.url,
            updated_at: nowIso(this.#now()),
          })
          .where('id', '=', 1)
          .execute();
        // The turn and the pace shape events' holds and what is free: every instance's
        // table memory and the evening view's tag follow the bookings' version.
        await bumpBookingsVersion(trx);
        const changes = (Object.keys(settings) as (keyof ReservationSettings)[])
          .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(settings[key]))
          .map(
            (key) =>
              `${SETTING_NAMES_IT[key]} ${settingText(before[key])} → ${settingText(settings[key])}`,
          );
        await recordAudit(trx, actor, {
          action: 'reservations.settings',
          target: 'reservation_settings',
          summary: changes.length
            ? `Impostazioni delle prenotazioni: ${changes.join('; ')}.`
            : 'Impostazioni delle prenotazioni salvate senza modifiche.',
        });
        return { ok: true, settings: await this.forOwner(trx) } as const;
      },
      (outcome) => outcome.ok,
    );
  }

  /** A new secret address for the calendar feed: the old one stops working at once. */
  async rotateCalendarFeed(actor: Actor): Promise<ReservationSettingsAnswer> {
    return this.#db.transaction().execute(async (trx) => {
      await trx
        .updateTable('reservation_settings')
        .set({
          calendar_feed_secret: randomBytes(32).toString('base64url'),
          updated_at: nowIso(this.#now()),
        })
        .where('id', '=', 1)
        .execute();
      await recordAudit(trx, actor, {
        action: 'reservations.calendar_feed',
        target: 'reservation_settings',
        summary:
          'Nuovo indirizzo del calendario delle prenotazioni: il precedente non funziona più.',
      });
      return this.forOwner(trx);
    });
  }
}
