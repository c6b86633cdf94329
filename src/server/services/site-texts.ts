import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { LANGUAGE_NAMES_IT, type Lang, type TargetLang } from '../../shared/languages.ts';
import {
  fillSiteText,
  MENU_NOTE_KEYS,
  SITE_TEXT_KEYS,
  SITE_TEXT_LIST_KEY,
  type SiteTextKey,
  type SiteTextsReviewAnswer,
  type SiteTextsView,
} from '../../shared/schemas/site-texts.ts';
import type { RestaurantFacts } from '../../shared/schemas/restaurant.ts';
import { recordAudit, type AuditActor } from './audit-log.ts';
import { ContentMemo, type ContentChanges } from './content-version.ts';
import type { TextTranslations } from './translation/text-translations.ts';
import type { TranslatableRecord } from './translation/translatable.ts';
import { nowIso } from './tokens.ts';

type Actor = NonNullable<AuditActor>;
export type SiteTexts = Record<SiteTextKey, string>;

/** Their translations' key in the translation engine: one record, each text a field (migration 015). */
const ENTITY = 'site_texts';
const RECORD_ID = 1;

const record = (texts: SiteTexts): TranslatableRecord => ({ id: RECORD_ID, fields: texts });

/** Keys in the order staff see them, for the audit log. */
const named = (keys: readonly string[]) => keys.join(', ');

/**
 * The page texts (the home and about-us pages' story, each page's meta
 * description), typed by staff in Italian and shown in five languages
 * through the translation engine, each text on its own: a correction holds
 * until that text's Italian changes. The services list goes to the machine
 * line by line. A write is one content change with its audit entry, so
 * every instance's pages follow; visitors' reads are kept per content
 * version, the placeholders filled in at each read (`{years}` counts on the
 * app's clock, and the page cache starts afresh each day).
 */
export class SiteTextsService {
  readonly #db: Kysely<Database>;
  readonly #content: ContentChanges;
  readonly #translations: TextTranslations;
  readonly #localized: ContentMemo<Lang, Omit<SiteTextsView, 'lang'>>;
  readonly #facts: () => Promise<RestaurantFacts>;
  readonly #today: () => string;
  readonly #onChange: () => void;

  constructor(options: {
    db: Kysely<Database>;
    content: ContentChanges;
    translations: TextTranslations;
    contentVersion: () => Promise<number | undefined>;
    /** The restaurant's facts: the founding year and the town fill the placeholders. */
    facts: () => Promise<RestaurantFacts>;
    /** Today's date in Rome (YYYY-MM-DD) on the app's clock. */
    today: () => string;
    /** After a change of the Italian has committed: the machine translates it. */
    onChange?: () => void;
  }) {
    this.#db = options.db;
    this.#content = options.content;
    this.#translations = options.translations;
    this.#localized = new ContentMemo(options.contentVersion);
    this.#facts = options.facts;
    this.#today = options.today;
    this.#onChange = options.onChange ?? (() => {});
    this.#translations.register({
      name: ENTITY,
      lineFields: [SITE_TEXT_LIST_KEY],
      records: async () => [record(await this.italian())],
    });
  }

  /** Every text's Italian as stored, placeholders as typed. */
  async italian(db: Kysely<Database> = this.#db): Promise<SiteTexts> {
    const rows = await db.selectFrom('site_texts').select(['key', 'text']).execute();
    const stored = new Map(rows.map((row) => [row.key, row.text]));
    return Object.fromEntries(
      SITE_TEXT_KEYS.map((key) => [key, stored.get(key) ?? '']),
    ) as SiteTexts;
  }

  /** The texts as visitors read them in `lang`: staff's translation, else the machine's, else the Italian. */
  async view(lang: Lang): Promise<SiteTextsView> {
    const [localized, facts] = await Promise.all([
      this.#localized.get(lang, () => this.#readLocalized(lang)),
      this.#facts(),
    ]);
    const placeholders = {
      foundedYear: facts.foundedYear,
      currentYear: Number(this.#today().slice(0, 4)),
      place: facts.address.locality,
    };
    const texts = Object.fromEntries(
      Object.entries(localized.texts).map(([key, text]) => [key, fillSiteText(text, placeholders)]),
    );
    return { lang, texts, translation: localized.translation };
  }

  /** The menu's notes as visitors read them in `lang`, in the order they are printed. */
  async menuNotes(lang: Lang): Promise<string[]> {
    const { texts } = await this.view(lang);
    return MENU_NOTE_KEYS.map((key) => texts[key] ?? '');
  }

  async #readLocalized(lang: Lang): Promise<Omit<SiteTextsView, 'lang'>> {
    const localized = await this.#translations.localize(ENTITY, lang, [
      record(await this.italian()),
    ]);
    const { fields, fieldTranslations } = localized.get(RECORD_ID)!;
    return { texts: fields, translation: fieldTranslations };
  }

  /**
   * The Italian of the texts `texts` names (already checked by the API's
   * schema), in one content change with one audit entry naming them. Texts
   * sent unchanged write nothing.
   */
  async save(texts: Partial<SiteTexts>, actor: Actor): Promise<SiteTexts> {
    let changed: SiteTextKey[] = [];
    const saved = await this.#content.change(
      async (trx) => {
        const before = await this.italian(trx);
        changed = SITE_TEXT_KEYS.filter(
          (key) => texts[key] !== undefined && texts[key] !== before[key],
        );
        const now = nowIso();
        for (const key of changed) {
          const row = { key, text: texts[key]!, updated_at: now, updated_by: actor.id };
          await trx
            .insertInto('site_texts')
            .values(row)
            .onConflict((conflict) =>
              conflict
                .column('key')
                .doUpdateSet({ text: row.text, updated_at: now, updated_by: actor.id }),
            )
            .execute();
        }
        if (changed.length > 0) {
          await recordAudit(trx, actor, {
            action: 'site_texts.update',
            target: 'site_texts',
            summary: `Testi del sito aggiornati: ${named(changed)}.`,
          });
        }
        return this.italian(trx);
      },
      () => changed.length > 0,
    );
    if (changed.length > 0) this.#onChange();
    return saved;
  }

  /** Every language's machine and staff translation of each text, for the back office's review. */
  async translations(): Promise<SiteTextsReviewAnswer> {
    const review = await this.#translations.review(ENTITY, record(await this.italian()));
    return { translations: review as SiteTextsReviewAnswer['translations'] };
  }

  /**
   * Staff's own translation of some texts in one language, of the Italian
   * they were shown (`italian`). Refused if any of it has changed since.
   */
  async saveTranslation(
    lang: TargetLang,
    texts: Partial<SiteTexts>,
    italian: Partial<SiteTexts>,
    actor: Actor,
  ): Promise<'saved' | 'italian-changed'> {
    const given = Object.fromEntries(
      SITE_TEXT_KEYS.filter((key) => texts[key] !== undefined).map((key) => [key, texts[key]!]),
    );
    return this.#content.change(
      async (trx) =>
        this.#translations.saveStaff(
          trx,
          ENTITY,
          record(await this.italian(trx)),
          lang,
          given,
          italian as Record<string, string>,
          actor,
          {
            action: 'site_texts.translation.update',
            target: `site_texts:${lang}`,
            summary: `Traduzione dei testi del sito in ${LANGUAGE_NAMES_IT[lang]} corretta a mano: ${named(Object.keys(given))}.`,
          },
        ),
      (outcome) => outcome === 'saved',
    );
  }

  /**
   * Back to the machine's translation for one language, every text of it
   * (the shipped translations are staff's: the machine then translates
   * what they stood for).
   */
  async removeTranslation(lang: TargetLang, actor: Actor): Promise<void> {
    let removed = false;
    await this.#content.change(
      async (trx) => {
        removed = await this.#translations.removeStaff(trx, ENTITY, RECORD_ID, lang);
        if (removed) {
          await recordAudit(trx, actor, {
            action: 'site_texts.translation.reset',
            target: `site_texts:${lang}`,
            summary: `Traduzione dei testi del sito in ${LANGUAGE_NAMES_IT[lang]} riportata a quella automatica.`,
          });
        }
      },
      () => removed,
    );
    if (removed) this.#onChange();
  }
}
