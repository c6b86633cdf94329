import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Lang } from '../../../shared/languages.ts';
import { ALLERGENS, type Allergen } from '../../../shared/allergens.ts';
import { centsToAmount } from '../../../shared/money.ts';
import type { MenuItemAnswer, MenuView, StaffItemAnswer } from '../../../shared/schemas/menu.ts';
import type { AuditActor } from '../audit-log.ts';
import type { TextTranslations } from '../translation/text-translations.ts';
import type { TranslatableRecord } from '../translation/translatable.ts';
import { findItem } from './writes.ts';

/*
 * The menu as it is read: its rows, their Italian texts as the translation
 * engine knows them, and the answers the API gives of them. Every part of
 * the menu service (menu.ts) reads through here.
 */

export type Actor = NonNullable<AuditActor>;
export type ItemRow = Selectable<Database['menu_items']>;
type SectionRow = Selectable<Database['menu_sections']>;
type PriceRow = Selectable<Database['menu_item_prices']>;

/** The translation engine's names for the menu's two kinds of record. */
export const ITEM = 'menu_item';
export const SECTION = 'menu_section';

/** The Italian texts of a dish, as the translation engine sees them. */
export function itemTexts(item: ItemRow): TranslatableRecord {
  return {
    id: item.id,
    fields: { name: item.name, description: item.description, ingredients: item.ingredients },
  };
}

function sectionTexts(section: SectionRow): TranslatableRecord {
  return { id: section.id, fields: { name: section.name } };
}

/** Tells the translation engine where the menu's Italian texts are. */
export function registerMenuTexts(db: Kysely<Database>, translations: TextTranslations): void {
  translations.register({
    name: ITEM,
    listFields: ['ingredients'],
    records: async () =>
      (await db.selectFrom('menu_items').selectAll().orderBy('id').execute()).map(itemTexts),
  });
  translations.register({
    name: SECTION,
    records: async () =>
      (await db.selectFrom('menu_sections').selectAll().orderBy('id').execute()).map(sectionTexts),
  });
}

/** A name as the audit log quotes it. */
export const quoted = (text: string) => `«${text}»`;

function parseAllergens(stored: string | null): Allergen[] | null {
  if (stored === null) return null;
  const codes = JSON.parse(stored) as string[];
  return ALLERGENS.filter((code) => codes.includes(code));
}

function itemAnswer(
  item: ItemRow,
  prices: PriceRow[],
  texts: Pick<MenuItemAnswer, 'name' | 'description' | 'ingredients' | 'translation'>,
): MenuItemAnswer {
  return {
    id: item.id,
    ...texts,
    prices: prices.map((price) => ({
      label: price.label,
      amount: centsToAmount(price.amount_cents),
    })),
    allergens: parseAllergens(item.allergens),
    available: item.available === 1,
    frozen: item.frozen === 1,
    takeaway: item.takeaway === 1,
  };
}

/** The whole menu in one language, in menu order. */
export async function readMenuView(
  db: Kysely<Database>,
  translations: TextTranslations,
  lang: Lang,
): Promise<MenuView> {
  const [sections, items, prices] = await Promise.all([
    db.selectFrom('menu_sections').selectAll().orderBy('position').orderBy('id').execute(),
    db
      .selectFrom('menu_items')
      .selectAll()
      .orderBy('section_id')
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db.selectFrom('menu_item_prices').selectAll().orderBy('position').execute(),
  ]);
  const [sectionNames, localizedItems] = await Promise.all([
    translations.localize(SECTION, lang, sections.map(sectionTexts), db),
    translations.localize(ITEM, lang, items.map(itemTexts), db),
  ]);
  const pricesOf = Map.groupBy(prices, (price) => price.item_id);
  const itemsOf = Map.groupBy(items, (item) => item.section_id);
  return {
    lang,
    sections: sections.map((section) => ({
      id: section.id,
      key: section.key,
      name: sectionNames.get(section.id)!.fields.name!,
      placement: section.placement,
      kitchen: section.kitchen,
      items: (itemsOf.get(section.id) ?? []).map((item) => {
        const texts = localizedItems.get(item.id)!;
        return itemAnswer(item, pricesOf.get(item.id) ?? [], {
          name: texts.fields.name!,
          description: texts.fields.description!,
          ingredients: texts.fields.ingredients!,
          translation: texts.translation,
        });
      }),
    })),
  };
}

/** A dish in Italian with where it stands, as staff's writes answer it. */
export async function readItem(
  db: Kysely<Database>,
  id: number,
): Promise<StaffItemAnswer | undefined> {
  const item = await findItem(db, id);
  if (!item) return undefined;
  const prices = await db
    .selectFrom('menu_item_prices')
    .selectAll()
    .where('item_id', '=', id)
    .orderBy('position')
    .execute();
  return {
    ...itemAnswer(item, prices, {
      name: item.name,
      description: item.description,
      ingredients: item.ingredients,
      translation: 'none',
    }),
    sectionId: item.section_id,
    position: item.position,
  };
}
