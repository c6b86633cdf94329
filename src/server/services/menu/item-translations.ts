import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { LANGUAGE_NAMES_IT, type TargetLang } from '../../../shared/languages.ts';
import type { ItemTextField, ItemTranslationsAnswer } from '../../../shared/schemas/menu.ts';
import { recordAudit } from '../audit-log.ts';
import type { TextTranslations } from '../translation/text-translations.ts';
import { ITEM, itemTexts, quoted, type Actor } from './reading.ts';
import { findItem, type MenuWrites } from './writes.ts';

/**
 * A dish's translations as staff review them: the machine's, corrected by
 * hand, or a hand correction taken back.
 */
export class MenuItemTranslations {
  readonly #db: Kysely<Database>;
  readonly #writes: MenuWrites;
  readonly #translations: TextTranslations;

  constructor(db: Kysely<Database>, writes: MenuWrites, translations: TextTranslations) {
    this.#db = db;
    this.#writes = writes;
    this.#translations = translations;
  }

  async itemTranslations(id: number): Promise<ItemTranslationsAnswer | undefined> {
    const item = await findItem(this.#db, id);
    if (!item) return undefined;
    const review = await this.#translations.review(ITEM, itemTexts(item));
    return { translations: review as ItemTranslationsAnswer['translations'] };
  }

  async saveItemTranslation(
    id: number,
    lang: TargetLang,
    texts: Partial<Record<ItemTextField, string>>,
    italian: Partial<Record<ItemTextField, string>>,
    actor: Actor,
  ): Promise<'saved' | 'italian-changed' | 'not-found'> {
    return this.#writes.changeUntranslated(async (trx) => {
      const item = await findItem(trx, id);
      if (!item) return 'not-found';
      const given = Object.fromEntries(
        Object.entries(texts).filter(([, text]) => text !== undefined),
      ) as Record<string, string>;
      return this.#translations.saveStaff(
        trx,
        ITEM,
        itemTexts(item),
        lang,
        given,
        italian as Record<string, string>,
        actor,
        {
          action: 'menu.item.translation.update',
          target: `menu_item:${id}:${lang}`,
          summary: `Traduzione di ${quoted(item.name)} in ${LANGUAGE_NAMES_IT[lang]} corretta a mano.`,
        },
      );
    });
  }

  async removeItemTranslation(
    id: number,
    lang: TargetLang,
    actor: Actor,
  ): Promise<'removed' | 'not-found'> {
    // Through `change`: the machine then translates what staff's text stood for
    // (a seeded dish has only staff-written translations, no machine one to fall back on).
    return this.#writes.change(async (trx) => {
      const item = await trx
        .selectFrom('menu_items')
        .select('name')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!item) return 'not-found';
      if (await this.#translations.removeStaff(trx, ITEM, id, lang)) {
        await recordAudit(trx, actor, {
          action: 'menu.item.translation.reset',
          target: `menu_item:${id}:${lang}`,
          summary: `Traduzione di ${quoted(item.name)} in ${LANGUAGE_NAMES_IT[lang]} riportata a quella automatica.`,
        });
      }
      return 'removed';
    });
  }
}
