import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { LANGUAGE_NAMES_IT, type Lang, type TargetLang } from '../../shared/languages.ts';
import type { DailyMenuBody, LanguageReview } from '../../shared/schemas/daily-menu.ts';
import { recordAudit, type AuditActor } from './audit-log.ts';
import { ContentMemo, type ContentChanges } from './content-version.ts';
import type { TextTranslations } from './translation/text-translations.ts';
import { languageTexts } from './translation/language-texts.ts';
import type { TranslatableRecord, TranslationSource } from './translation/translatable.ts';
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

/** The daily menu as a visitor sees it in one language (`?lang=xx`). */
export interface DailyMenuView extends DailyMenuRecord {
  lang: Lang;
  /** Who wrote what is shown: staff, the machine, or nobody (Italian shown). */
  translation: TranslationSource;
}

export const DAILY_MENU_ID = 1;

/** Its translations' key in the translation engine (migration 009 moved them there). */
const ENTITY = 'daily_menu';

/**
 * The Italian texts of the daily menu, as the translation engine sees them:
 * in this order, which its hash follows (migration 009 kept the hashes).
 */
function menuTexts(menu: DailyMenuBody): TranslatableRecord {
  const { titolo, descrizione, infoAggiuntive } = menu;
  return { id: DAILY_MENU_ID, fields: { titolo, descrizione, infoAggiuntive } };
}

/**
 * The daily menu. Every save is one content change (the record, its version
 * up by one, a history row: who, when, what, so no edit is ever lost, and
 * its audit entry); `onSaved` runs after the commit. It is shown in five
 * languages through the translation engine, which staff translate whole:
 * the title, each dish and each extra go to the machine as separate texts,
 * and a correction holds until any of the Italian changes.
 */
export class DailyMenuService {
  readonly #db: Kysely<Database>;
  readonly #content: ContentChanges;
  readonly #translations: TextTranslations;
  /** The visitors' view per language, kept per content version. */
  readonly #views: ContentMemo<Lang, DailyMenuView>;
  readonly #onSaved: () => void;

  constructor(options: {
    db: Kysely<Database>;
    content: ContentChanges;
    translations: TextTranslations;
    /** The shared content version (undefined when unknown): views are kept per version. */
    contentVersion: () => Promise<number | undefined>;
    /** After a save has committed: the machine translates it (visitors never wait). */
    onSaved?: () => void;
  }) {
    this.#db = options.db;
    this.#content = options.content;
    this.#translations = options.translations;
    this.#views = new ContentMemo(options.contentVersion);
    this.#onSaved = options.onSaved ?? (() => {});
    this.#translations.register({
      name: ENTITY,
      listFields: ['descrizione', 'infoAggiuntive'],
      wholeRecord: true,
      records: async () => [menuTexts(await this.get())],
    });
  }

  async get(db: Kysely<Database> = this.#db): Promise<DailyMenuRecord> {
    const row = await db
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

  /**
   * The menu in a language: staff's translation, else the machine's, else
   * the Italian. Visitors ask far more often than staff save: while the
   * content version stays the same (docs/decisions/002), the view read last
   * time is current.
   */
  view(lang: Lang): Promise<DailyMenuView> {
    return this.#views.get(lang, () => this.#readView(lang));
  }

  async #readView(lang: Lang): Promise<DailyMenuView> {
    const menu = await this.get();
    const localized = await this.#translations.localize(ENTITY, lang, [menuTexts(menu)]);
    const { fields, translation } = localized.get(DAILY_MENU_ID)!;
    return {
      ...menu,
      titolo: fields.titolo!,
      descrizione: fields.descrizione!,
      infoAggiuntive: fields.infoAggiuntive!,
      lang,
      translation,
    };
  }

  /** Every language's machine and staff translation of the menu as a whole, for the dashboard. */
  async translations(): Promise<LanguageReview[]> {
    const review = await this.#translations.review(ENTITY, menuTexts(await this.get()));
    // Translated whole: a language has every field of a translation, or none.
    return review.map((language) => languageTexts(language, true) as LanguageReview);
  }

  /**
   * Staff's own translation for one language, of the Italian they were
   * shown (`italian`). Refused if the Italian has changed since: it would
   * be shown as the translation of a menu it does not describe.
   */
  async saveTranslation(
    lang: TargetLang,
    text: DailyMenuBody,
    italian: DailyMenuBody,
    actor: NonNullable<AuditActor>,
  ): Promise<'saved' | 'italian-changed'> {
    return this.#content.change(
      async (trx) =>
        this.#translations.saveStaff(
          trx,
          ENTITY,
          menuTexts(await this.get(trx)),
          lang,
          menuTexts(text).fields,
          menuTexts(italian).fields,
          actor,
          {
            action: 'daily_menu.translation.update',
            target: `daily_menu:1:${lang}`,
            summary: `Traduzione del menu del giorno in ${LANGUAGE_NAMES_IT[lang]} corretta a mano.`,
          },
        ),
      (outcome) => outcome === 'saved',
    );
  }

  /** Back to the machine translation for one language. */
  async removeTranslation(lang: TargetLang, actor: NonNullable<AuditActor>): Promise<void> {
    await this.#content.change(async (trx) => {
      if (await this.#translations.removeStaff(trx, ENTITY, DAILY_MENU_ID, lang)) {
        await recordAudit(trx, actor, {
          action: 'daily_menu.translation.reset',
          target: `daily_menu:1:${lang}`,
          summary: `Traduzione del menu del giorno in ${LANGUAGE_NAMES_IT[lang]} riportata a quella automatica.`,
        });
      }
    });
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
