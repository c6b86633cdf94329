import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/database.ts';
import { LANGUAGE_NAMES_IT, type Lang, type TargetLang } from '../../shared/languages.ts';
import { ALLERGENS, type Allergen } from '../../shared/allergens.ts';
import { amountToCents, centsToAmount } from '../../shared/money.ts';
import type {
  ItemCreateBody,
  ItemPatchBody,
  ItemTextField,
  ItemTranslationsAnswer,
  MenuItemAnswer,
  MenuView,
  SectionPlacement,
  StaffItemAnswer,
} from '../../shared/schemas/menu.ts';
import type { MenuImportAnswer } from '../../shared/schemas/menu-csv.ts';
import { recordAudit, type AuditActor } from './audit-log.ts';
import { ContentMemo, type ContentChanges } from './content-version.ts';
import type { TextTranslations, TranslatableRecord } from './translation/text-translations.ts';
import { nowIso } from './tokens.ts';
import { planMenuImport, readMenuCsv, writeMenuCsv, type MenuImportPlan } from './menu-csv.ts';

type Actor = NonNullable<AuditActor>;
type ItemRow = Selectable<Database['menu_items']>;
type SectionRow = Selectable<Database['menu_sections']>;
type PriceRow = Selectable<Database['menu_item_prices']>;

const ITEM = 'menu_item';
const SECTION = 'menu_section';

/** The Italian texts of a dish, as the translation engine sees them. */
function itemTexts(item: ItemRow): TranslatableRecord {
  return {
    id: item.id,
    fields: { name: item.name, description: item.description, ingredients: item.ingredients },
  };
}

function sectionTexts(section: SectionRow): TranslatableRecord {
  return { id: section.id, fields: { name: section.name } };
}

function parseAllergens(stored: string | null): Allergen[] | null {
  if (stored === null) return null;
  const codes = JSON.parse(stored) as string[];
  return ALLERGENS.filter((code) => codes.includes(code));
}

const quoted = (text: string) => `«${text}»`;

/** "1 aggiunta", "2 modifiche": a count and its noun. */
const counted = (count: number, one: string, many: string) =>
  `${count} ${count === 1 ? one : many}`;

/** An import's answer, or the file's problems (row by row, as the spreadsheet numbers them). */
export type MenuImportOutcome =
  { ok: true; answer: MenuImportAnswer } | { ok: false; errors: string[] };

/** The outcomes of a write that was refused. */
const REFUSALS: readonly unknown[] = [
  'not-found',
  'section-not-found',
  'not-empty',
  'italian-changed',
];
const changedSomething = (outcome: unknown) => !REFUSALS.includes(outcome);

/** What changed in a dish, in the words of the audit log. */
function changedParts(patch: ItemPatchBody): string[] {
  const parts: [keyof ItemPatchBody, string][] = [
    ['name', 'nome'],
    ['description', 'descrizione'],
    ['ingredients', 'ingredienti'],
    ['prices', 'prezzi'],
    ['allergens', 'allergeni'],
    ['frozen', 'prodotto congelato'],
    ['sectionId', 'sezione'],
    ['position', 'posizione'],
  ];
  return parts.filter(([key]) => patch[key] !== undefined).map(([, words]) => words);
}

/**
 * The full menu: sections and dishes in the database (CONTRACT.md, "The menu
 * in the database"), typed in Italian and shown in five languages through the
 * translation engine. Every write goes through `content.change`, with its
 * audit entry in the same transaction, so every instance's pages follow it;
 * visitors' views are kept per content version.
 */
export class MenuService {
  readonly #db: Kysely<Database>;
  readonly #content: ContentChanges;
  readonly #translations: TextTranslations;
  readonly #views: ContentMemo<Lang, MenuView>;
  readonly #onChange: () => void;

  constructor(options: {
    db: Kysely<Database>;
    content: ContentChanges;
    translations: TextTranslations;
    contentVersion: () => Promise<number | undefined>;
    /** After a write has committed: the machine translates what changed. */
    onChange?: () => void;
  }) {
    this.#db = options.db;
    this.#content = options.content;
    this.#translations = options.translations;
    this.#views = new ContentMemo(options.contentVersion);
    this.#onChange = options.onChange ?? (() => {});
    this.#translations.register({
      name: ITEM,
      listFields: ['ingredients'],
      records: async () =>
        (await this.#db.selectFrom('menu_items').selectAll().orderBy('id').execute()).map(
          itemTexts,
        ),
    });
    this.#translations.register({
      name: SECTION,
      records: async () =>
        (await this.#db.selectFrom('menu_sections').selectAll().orderBy('id').execute()).map(
          sectionTexts,
        ),
    });
  }

  /** The whole menu in one language, in menu order (kept per content version). */
  view(lang: Lang): Promise<MenuView> {
    return this.#views.get(lang, () => this.#readView(lang));
  }

  async #readView(lang: Lang, db: Kysely<Database> = this.#db): Promise<MenuView> {
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
      this.#translations.localize(SECTION, lang, sections.map(sectionTexts), db),
      this.#translations.localize(ITEM, lang, items.map(itemTexts), db),
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
        items: (itemsOf.get(section.id) ?? []).map((item) => {
          const texts = localizedItems.get(item.id)!;
          return this.#answer(item, pricesOf.get(item.id) ?? [], {
            name: texts.fields.name!,
            description: texts.fields.description!,
            ingredients: texts.fields.ingredients!,
            translation: texts.translation,
          });
        }),
      })),
    };
  }

  #answer(
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
    };
  }

  /** A dish in Italian with where it stands, as staff's writes answer it. */
  async item(id: number, db: Kysely<Database> = this.#db): Promise<StaffItemAnswer | undefined> {
    const item = await db
      .selectFrom('menu_items')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!item) return undefined;
    const prices = await db
      .selectFrom('menu_item_prices')
      .selectAll()
      .where('item_id', '=', id)
      .orderBy('position')
      .execute();
    return {
      ...this.#answer(item, prices, {
        name: item.name,
        description: item.description,
        ingredients: item.ingredients,
        translation: 'none',
      }),
      sectionId: item.section_id,
      position: item.position,
    };
  }

  // -------------------------------------------------------------------------
  // Sections

  async createSection(
    input: { name: string; placement?: SectionPlacement | undefined },
    actor: Actor,
  ): Promise<{ id: number }> {
    const id = await this.#change(async (trx) => {
      const last = await trx
        .selectFrom('menu_sections')
        .select((eb) => eb.fn.max('position').as('position'))
        .executeTakeFirst();
      const row = await trx
        .insertInto('menu_sections')
        .values({
          key: null,
          placement: input.placement ?? 'carousel',
          position:
            last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1,
          name: input.name,
          updated_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, {
        action: 'menu.section.create',
        target: `menu_section:${row.id}`,
        summary: `Sezione ${quoted(input.name)} aggiunta al menu.`,
      });
      return row.id;
    });
    return { id };
  }

  async updateSection(
    id: number,
    patch: {
      name?: string | undefined;
      position?: number | undefined;
      placement?: SectionPlacement | undefined;
    },
    actor: Actor,
  ): Promise<'updated' | 'not-found'> {
    return this.#change(async (trx) => {
      const section = await trx
        .selectFrom('menu_sections')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!section) return 'not-found';
      const name = patch.name ?? section.name;
      await trx
        .updateTable('menu_sections')
        .set({ name, placement: patch.placement ?? section.placement, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
      if (patch.position !== undefined) {
        await this.#reorder(trx, 'menu_sections', undefined, id, patch.position);
      }
      await recordAudit(trx, actor, {
        action: 'menu.section.update',
        target: `menu_section:${id}`,
        summary:
          name === section.name
            ? `Sezione ${quoted(name)} modificata.`
            : `Sezione ${quoted(section.name)} rinominata in ${quoted(name)}.`,
      });
      return 'updated';
    });
  }

  async deleteSection(id: number, actor: Actor): Promise<'deleted' | 'not-found' | 'not-empty'> {
    return this.#change(async (trx) => {
      const section = await trx
        .selectFrom('menu_sections')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!section) return 'not-found';
      const item = await trx
        .selectFrom('menu_items')
        .select('id')
        .where('section_id', '=', id)
        .limit(1)
        .executeTakeFirst();
      if (item) return 'not-empty';
      await trx.deleteFrom('menu_sections').where('id', '=', id).execute();
      await this.#translations.forget(trx, SECTION, id);
      await this.#renumber(trx, 'menu_sections', undefined);
      await recordAudit(trx, actor, {
        action: 'menu.section.delete',
        target: `menu_section:${id}`,
        summary: `Sezione ${quoted(section.name)} eliminata dal menu.`,
      });
      return 'deleted';
    });
  }

  // -------------------------------------------------------------------------
  // Dishes

  async createItem(
    input: ItemCreateBody,
    actor: Actor,
  ): Promise<StaffItemAnswer | 'section-not-found'> {
    return this.#change(async (trx) => {
      const section = await this.#section(trx, input.sectionId);
      if (!section) return 'section-not-found';
      const count = await this.#count(trx, input.sectionId);
      const row = await trx
        .insertInto('menu_items')
        .values({
          section_id: input.sectionId,
          position: count,
          name: input.name,
          description: input.description ?? '',
          ingredients: input.ingredients ?? '',
          allergens:
            input.allergens === undefined || input.allergens === null
              ? null
              : JSON.stringify(input.allergens),
          available: input.available === false ? 0 : 1,
          frozen: input.frozen ? 1 : 0,
          updated_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.#writePrices(trx, row.id, input.prices);
      await recordAudit(trx, actor, {
        action: 'menu.item.create',
        target: `menu_item:${row.id}`,
        summary: `Piatto ${quoted(input.name)} aggiunto a ${quoted(section.name)}.`,
      });
      return (await this.item(row.id, trx))!;
    });
  }

  async updateItem(
    id: number,
    patch: ItemPatchBody,
    actor: Actor,
  ): Promise<StaffItemAnswer | 'not-found' | 'section-not-found'> {
    return this.#change(async (trx) => {
      const item = await trx
        .selectFrom('menu_items')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!item) return 'not-found';
      const sectionId = patch.sectionId ?? item.section_id;
      const moved = sectionId !== item.section_id;
      if (moved && !(await this.#section(trx, sectionId))) return 'section-not-found';
      await trx
        .updateTable('menu_items')
        .set({
          section_id: sectionId,
          // Moved to another section: last there, unless a position is given.
          ...(moved ? { position: await this.#count(trx, sectionId) } : {}),
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.description !== undefined ? { description: patch.description } : {}),
          ...(patch.ingredients !== undefined ? { ingredients: patch.ingredients } : {}),
          ...(patch.allergens !== undefined
            ? { allergens: patch.allergens === null ? null : JSON.stringify(patch.allergens) }
            : {}),
          ...(patch.available !== undefined ? { available: patch.available ? 1 : 0 } : {}),
          ...(patch.frozen !== undefined ? { frozen: patch.frozen ? 1 : 0 } : {}),
          updated_at: nowIso(),
        })
        .where('id', '=', id)
        .execute();
      if (patch.prices) await this.#writePrices(trx, id, patch.prices);
      if (moved) await this.#renumber(trx, 'menu_items', item.section_id);
      if (patch.position !== undefined) {
        await this.#reorder(trx, 'menu_items', sectionId, id, patch.position);
      }
      const name = patch.name ?? item.name;
      const parts = changedParts(patch);
      const availability =
        patch.available === undefined || patch.available === (item.available === 1)
          ? []
          : [
              patch.available
                ? `${quoted(name)} di nuovo disponibile.`
                : `${quoted(name)} segnato come esaurito.`,
            ];
      await recordAudit(trx, actor, {
        action: 'menu.item.update',
        target: `menu_item:${id}`,
        summary: [
          ...(parts.length > 0 || availability.length === 0
            ? [`Piatto ${quoted(name)} modificato${parts.length ? `: ${parts.join(', ')}` : ''}.`]
            : []),
          ...availability,
        ].join(' '),
      });
      return (await this.item(id, trx))!;
    });
  }

  async deleteItem(id: number, actor: Actor): Promise<'deleted' | 'not-found'> {
    return this.#change(async (trx) => {
      const item = await trx
        .selectFrom('menu_items')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!item) return 'not-found';
      await trx.deleteFrom('menu_item_prices').where('item_id', '=', id).execute();
      await trx.deleteFrom('menu_items').where('id', '=', id).execute();
      await this.#translations.forget(trx, ITEM, id);
      await this.#renumber(trx, 'menu_items', item.section_id);
      await recordAudit(trx, actor, {
        action: 'menu.item.delete',
        target: `menu_item:${id}`,
        summary: `Piatto ${quoted(item.name)} eliminato dal menu.`,
      });
      return 'deleted';
    });
  }

  // -------------------------------------------------------------------------
  // The whole menu as a CSV file (menu-csv.ts has the format)

  /** The menu in Italian as the file the owner edits in a spreadsheet. */
  async exportCsv(): Promise<string> {
    return writeMenuCsv(await this.view('it'));
  }

  /** What importing `csv` would change; changes nothing. */
  async previewImport(csv: string): Promise<MenuImportOutcome> {
    const read = readMenuCsv(csv);
    if (!read.ok) return read;
    const planned = planMenuImport(await this.view('it'), read.menu);
    return planned.ok ? { ok: true, answer: planned.plan.answer } : planned;
  }

  /**
   * The file becomes the menu, all of it or nothing, in one content change
   * with one audit entry: known ids are updated, empty ones added, what the
   * file leaves out is deleted, and its order is the menu's. A dish whose
   * Italian stays the same keeps its translations (they are kept by the
   * Italian they translate). A file that changes nothing writes nothing.
   */
  async importMenu(csv: string, actor: Actor): Promise<MenuImportOutcome> {
    const read = readMenuCsv(csv);
    if (!read.ok) return read;
    return this.#change(
      async (trx): Promise<MenuImportOutcome> => {
        // Compared inside the transaction: the plan is of the menu it writes over.
        const planned = planMenuImport(await this.#readView('it', trx), read.menu);
        if (!planned.ok) return planned;
        const { plan } = planned;
        const { added, updated, deleted } = plan.answer.summary;
        if (added + updated + deleted > 0) await this.#applyImport(trx, plan, actor);
        return { ok: true, answer: plan.answer };
      },
      (outcome) => {
        if (!outcome.ok) return false;
        const { added, updated, deleted } = outcome.answer.summary;
        return added + updated + deleted > 0;
      },
    );
  }

  async #applyImport(trx: Kysely<Database>, plan: MenuImportPlan, actor: Actor): Promise<void> {
    const now = nowIso();
    const order: { sectionId: number; itemIds: number[] }[] = [];
    for (const [index, section] of plan.sections.entries()) {
      let sectionId = section.id;
      if (sectionId === null) {
        const row = await trx
          .insertInto('menu_sections')
          .values({
            key: null,
            placement: section.placement,
            position: index,
            name: section.name,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        sectionId = row.id;
      } else if (section.changed.some((field) => field !== 'position')) {
        await trx
          .updateTable('menu_sections')
          .set({ name: section.name, placement: section.placement, updated_at: now })
          .where('id', '=', sectionId)
          .execute();
      }
      const itemIds: number[] = [];
      for (const [position, { values, changed }] of section.items.entries()) {
        const fields = {
          section_id: sectionId,
          name: values.name,
          description: values.description,
          ingredients: values.ingredients,
          allergens: values.allergens === null ? null : JSON.stringify(values.allergens),
          available: values.available ? 1 : 0,
          frozen: values.frozen ? 1 : 0,
          updated_at: now,
        };
        let itemId = values.id;
        if (itemId === null) {
          const row = await trx
            .insertInto('menu_items')
            .values({ ...fields, position })
            .returning('id')
            .executeTakeFirstOrThrow();
          itemId = row.id;
          await this.#writePrices(trx, itemId, values.prices);
        } else if (changed.some((field) => field !== 'position')) {
          await trx.updateTable('menu_items').set(fields).where('id', '=', itemId).execute();
          if (changed.includes('prices')) await this.#writePrices(trx, itemId, values.prices);
        }
        itemIds.push(itemId);
      }
      order.push({ sectionId, itemIds });
    }
    // Dishes leave their sections before the sections go (a section with dishes cannot).
    for (const id of plan.deletedItems) {
      await trx.deleteFrom('menu_item_prices').where('item_id', '=', id).execute();
      await trx.deleteFrom('menu_items').where('id', '=', id).execute();
      await this.#translations.forget(trx, ITEM, id);
    }
    for (const id of plan.deletedSections) {
      await trx.deleteFrom('menu_sections').where('id', '=', id).execute();
      await this.#translations.forget(trx, SECTION, id);
    }
    await this.#write(
      trx,
      'menu_sections',
      order.map((section) => section.sectionId),
    );
    for (const section of order) await this.#write(trx, 'menu_items', section.itemIds);
    const { added, updated, deleted } = plan.answer.summary;
    await recordAudit(trx, actor, {
      action: 'menu.import',
      target: 'menu',
      summary: `Menu importato da file CSV: ${counted(added, 'aggiunta', 'aggiunte')}, ${counted(updated, 'modifica', 'modifiche')}, ${counted(deleted, 'eliminazione', 'eliminazioni')}.`,
    });
  }

  // -------------------------------------------------------------------------
  // Translations of a dish

  async itemTranslations(id: number): Promise<ItemTranslationsAnswer | undefined> {
    const item = await this.#db
      .selectFrom('menu_items')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
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
    return this.#content.change(async (trx) => {
      const item = await trx
        .selectFrom('menu_items')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
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
    }, changedSomething);
  }

  async removeItemTranslation(
    id: number,
    lang: TargetLang,
    actor: Actor,
  ): Promise<'removed' | 'not-found'> {
    // Through #change: the machine then translates what staff's text stood for
    // (a seeded dish has only staff-written translations, no machine one to fall back on).
    return this.#change(async (trx) => {
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

  // -------------------------------------------------------------------------

  /**
   * A write, then the machine translates what it changed (visitors never
   * wait for it). An outcome named in REFUSALS (or that `changed` says changed
   * nothing) changed nothing: no new content version, nothing to translate.
   */
  async #change<T>(
    work: (trx: Kysely<Database>) => Promise<T>,
    changed: (result: T) => boolean = changedSomething,
  ): Promise<T> {
    const result = await this.#content.change(work, changed);
    if (changed(result)) this.#onChange();
    return result;
  }

  #section(trx: Kysely<Database>, id: number) {
    return trx.selectFrom('menu_sections').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async #count(trx: Kysely<Database>, sectionId: number): Promise<number> {
    const row = await trx
      .selectFrom('menu_items')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('section_id', '=', sectionId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async #writePrices(
    trx: Kysely<Database>,
    itemId: number,
    prices: readonly { label: string; amount: string }[],
  ): Promise<void> {
    await trx.deleteFrom('menu_item_prices').where('item_id', '=', itemId).execute();
    await trx
      .insertInto('menu_item_prices')
      .values(
        prices.map((price, position) => ({
          item_id: itemId,
          position,
          label: price.label,
          // The schema has checked the pattern: the conversion cannot fail.
          amount_cents: amountToCents(price.amount)!,
        })),
      )
      .execute();
  }

  /** The ids in order: sections, or the dishes of one section. */
  async #ordered(
    trx: Kysely<Database>,
    table: 'menu_sections' | 'menu_items',
    sectionId: number | undefined,
  ): Promise<number[]> {
    if (table === 'menu_sections') {
      const rows = await trx
        .selectFrom('menu_sections')
        .select('id')
        .orderBy('position')
        .orderBy('id')
        .execute();
      return rows.map((row) => row.id);
    }
    const rows = await trx
      .selectFrom('menu_items')
      .select('id')
      .where('section_id', '=', sectionId!)
      .orderBy('position')
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Moves `id` to `position` (clamped to the end) and shifts the others. */
  async #reorder(
    trx: Kysely<Database>,
    table: 'menu_sections' | 'menu_items',
    sectionId: number | undefined,
    id: number,
    position: number,
  ): Promise<void> {
    const others = (await this.#ordered(trx, table, sectionId)).filter((other) => other !== id);
    others.splice(Math.min(position, others.length), 0, id);
    await this.#write(trx, table, others);
  }

  /** Positions 0…n-1 again, after a removal. */
  async #renumber(
    trx: Kysely<Database>,
    table: 'menu_sections' | 'menu_items',
    sectionId: number | undefined,
  ): Promise<void> {
    await this.#write(trx, table, await this.#ordered(trx, table, sectionId));
  }

  async #write(
    trx: Kysely<Database>,
    table: 'menu_sections' | 'menu_items',
    ids: number[],
  ): Promise<void> {
    for (const [position, id] of ids.entries()) {
      await trx.updateTable(table).set({ position }).where('id', '=', id).execute();
    }
  }
}
