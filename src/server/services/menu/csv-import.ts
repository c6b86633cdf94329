import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Lang } from '../../../shared/languages.ts';
import type { MenuView } from '../../../shared/schemas/menu.ts';
import type { MenuImportAnswer } from '../../../shared/schemas/menu-csv.ts';
import { recordAudit } from '../audit-log.ts';
import { removeSectionPhoto } from '../photos/photos.ts';
import { planMenuImport, type MenuImportPlan } from '../menu-csv/plan.ts';
import { readMenuCsv } from '../menu-csv/read.ts';
import { writeMenuCsv } from '../menu-csv/write.ts';
import type { TextTranslations } from '../translation/text-translations.ts';
import { nowIso } from '../tokens.ts';
import { ITEM, readMenuView, SECTION, type Actor } from './reading.ts';
import { writeOrder, writePrices, type MenuWrites } from './writes.ts';

/** An import's answer, or the file's problems (row by row, as the spreadsheet numbers them). */
export type MenuImportOutcome =
  { ok: true; answer: MenuImportAnswer } | { ok: false; errors: string[] };

/** "1 aggiunta", "2 modifiche": a count and its noun. */
const counted = (count: number, one: string, many: string) =>
  `${count} ${count === 1 ? one : many}`;

/**
 * The whole menu as a CSV file (services/menu-csv/ has the format): the
 * export, and the import that makes a file the menu.
 */
export class MenuCsvImport {
  readonly #writes: MenuWrites;
  readonly #translations: TextTranslations;
  readonly #view: (lang: Lang) => Promise<MenuView>;

  constructor(options: {
    writes: MenuWrites;
    translations: TextTranslations;
    /** The menu as visitors see it (kept per content version). */
    view: (lang: Lang) => Promise<MenuView>;
  }) {
    this.#writes = options.writes;
    this.#translations = options.translations;
    this.#view = options.view;
  }

  /** The menu in Italian as the file the owner edits in a spreadsheet. */
  async exportCsv(): Promise<string> {
    return writeMenuCsv(await this.#view('it'));
  }

  /** What importing `csv` would change; changes nothing. */
  async previewImport(csv: string): Promise<MenuImportOutcome> {
    const read = readMenuCsv(csv);
    if (!read.ok) return read;
    const planned = planMenuImport(await this.#view('it'), read.menu);
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
    return this.#writes.change(
      async (trx): Promise<MenuImportOutcome> => {
        // Compared inside the transaction: the plan is of the menu it writes over.
        const planned = planMenuImport(
          await readMenuView(trx, this.#translations, 'it'),
          read.menu,
        );
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
            kitchen: section.kitchen,
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
          .set({
            name: section.name,
            placement: section.placement,
            kitchen: section.kitchen,
            updated_at: now,
          })
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
          takeaway: values.takeaway ? 1 : 0,
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
          await writePrices(trx, itemId, values.prices);
        } else if (changed.some((field) => field !== 'position')) {
          await trx.updateTable('menu_items').set(fields).where('id', '=', itemId).execute();
          if (changed.includes('prices')) await writePrices(trx, itemId, values.prices);
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
      await removeSectionPhoto(trx, this.#translations, id);
    }
    await writeOrder(
      trx,
      'menu_sections',
      order.map((section) => section.sectionId),
    );
    for (const section of order) await writeOrder(trx, 'menu_items', section.itemIds);
    const { added, updated, deleted } = plan.answer.summary;
    await recordAudit(trx, actor, {
      action: 'menu.import',
      target: 'menu',
      summary: `Menu importato da file CSV: ${counted(added, 'aggiunta', 'aggiunte')}, ${counted(updated, 'modifica', 'modifiche')}, ${counted(deleted, 'eliminazione', 'eliminazioni')}.`,
    });
  }
}
