import {
  DEFAULT_KITCHEN_GROUP,
  DEFAULT_TAKEAWAY,
  type ItemCreateBody,
  type ItemPatchBody,
  type SectionCreateBody,
  type SectionPatchBody,
  type StaffItemAnswer,
} from '../../../shared/schemas/menu.ts';
import { KITCHEN_WORDS } from '../../../shared/schemas/menu-csv.ts';
import { recordAudit } from '../audit-log.ts';
import { removeSectionPhoto } from '../photos/photos.ts';
import type { TextTranslations } from '../translation/text-translations.ts';
import { nowIso } from '../tokens.ts';
import { ITEM, quoted, readItem, SECTION, type Actor } from './reading.ts';
import {
  countItems,
  findItem,
  findSection,
  renumber,
  reorder,
  writePrices,
  type MenuWrites,
} from './writes.ts';

/** What changed in a dish, in the words of the audit log. */
function changedParts(patch: ItemPatchBody): string[] {
  const parts: [keyof ItemPatchBody, string][] = [
    ['name', 'nome'],
    ['description', 'descrizione'],
    ['ingredients', 'ingredienti'],
    ['prices', 'prezzi'],
    ['allergens', 'allergeni'],
    ['frozen', 'prodotto congelato'],
    ['takeaway', 'asporto'],
    ['sectionId', 'sezione'],
    ['position', 'posizione'],
  ];
  return parts.filter(([key]) => patch[key] !== undefined).map(([, words]) => words);
}

/**
 * Staff edit the menu one section or dish at a time, in Italian; each write
 * has its audit entry in the same transaction.
 */
export class MenuEditing {
  readonly #writes: MenuWrites;
  readonly #translations: TextTranslations;

  constructor(writes: MenuWrites, translations: TextTranslations) {
    this.#writes = writes;
    this.#translations = translations;
  }

  // -------------------------------------------------------------------------
  // Sections

  async createSection(input: SectionCreateBody, actor: Actor): Promise<{ id: number }> {
    const kitchen = input.kitchen ?? DEFAULT_KITCHEN_GROUP;
    const id = await this.#writes.change(async (trx) => {
      const last = await trx
        .selectFrom('menu_sections')
        .select((eb) => eb.fn.max('position').as('position'))
        .executeTakeFirst();
      const row = await trx
        .insertInto('menu_sections')
        .values({
          key: null,
          placement: input.placement ?? 'carousel',
          kitchen,
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
        summary: `Sezione ${quoted(input.name)} aggiunta al menu (reparto: ${KITCHEN_WORDS[kitchen]}).`,
      });
      return row.id;
    });
    return { id };
  }

  async updateSection(
    id: number,
    patch: SectionPatchBody,
    actor: Actor,
  ): Promise<'updated' | 'not-found'> {
    return this.#writes.change(async (trx) => {
      const section = await findSection(trx, id);
      if (!section) return 'not-found';
      const name = patch.name ?? section.name;
      const kitchen = patch.kitchen ?? section.kitchen;
      await trx
        .updateTable('menu_sections')
        .set({
          name,
          placement: patch.placement ?? section.placement,
          kitchen,
          updated_at: nowIso(),
        })
        .where('id', '=', id)
        .execute();
      if (patch.position !== undefined) {
        await reorder(trx, 'menu_sections', undefined, id, patch.position);
      }
      await recordAudit(trx, actor, {
        action: 'menu.section.update',
        target: `menu_section:${id}`,
        summary: [
          name === section.name
            ? `Sezione ${quoted(name)} modificata.`
            : `Sezione ${quoted(section.name)} rinominata in ${quoted(name)}.`,
          ...(kitchen === section.kitchen
            ? []
            : [`Reparto: da ${KITCHEN_WORDS[section.kitchen]} a ${KITCHEN_WORDS[kitchen]}.`]),
        ].join(' '),
      });
      return 'updated';
    });
  }

  async deleteSection(id: number, actor: Actor): Promise<'deleted' | 'not-found' | 'not-empty'> {
    return this.#writes.change(async (trx) => {
      const section = await findSection(trx, id);
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
      const withPhoto = await removeSectionPhoto(trx, this.#translations, id);
      await renumber(trx, 'menu_sections', undefined);
      await recordAudit(trx, actor, {
        action: 'menu.section.delete',
        target: `menu_section:${id}`,
        summary: `Sezione ${quoted(section.name)} eliminata dal menu${withPhoto ? ', con la sua foto' : ''}.`,
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
    return this.#writes.change(async (trx) => {
      const section = await findSection(trx, input.sectionId);
      if (!section) return 'section-not-found';
      const count = await countItems(trx, input.sectionId);
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
          takeaway: (input.takeaway ?? DEFAULT_TAKEAWAY) ? 1 : 0,
          updated_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writePrices(trx, row.id, input.prices);
      await recordAudit(trx, actor, {
        action: 'menu.item.create',
        target: `menu_item:${row.id}`,
        summary: `Piatto ${quoted(input.name)} aggiunto a ${quoted(section.name)}.`,
      });
      return (await readItem(trx, row.id))!;
    });
  }

  async updateItem(
    id: number,
    patch: ItemPatchBody,
    actor: Actor,
  ): Promise<StaffItemAnswer | 'not-found' | 'section-not-found'> {
    return this.#writes.change(async (trx) => {
      const item = await findItem(trx, id);
      if (!item) return 'not-found';
      const sectionId = patch.sectionId ?? item.section_id;
      const moved = sectionId !== item.section_id;
      if (moved && !(await findSection(trx, sectionId))) return 'section-not-found';
      await trx
        .updateTable('menu_items')
        .set({
          section_id: sectionId,
          // Moved to another section: last there, unless a position is given.
          ...(moved ? { position: await countItems(trx, sectionId) } : {}),
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.description !== undefined ? { description: patch.description } : {}),
          ...(patch.ingredients !== undefined ? { ingredients: patch.ingredients } : {}),
          ...(patch.allergens !== undefined
            ? { allergens: patch.allergens === null ? null : JSON.stringify(patch.allergens) }
            : {}),
          ...(patch.available !== undefined ? { available: patch.available ? 1 : 0 } : {}),
          ...(patch.frozen !== undefined ? { frozen: patch.frozen ? 1 : 0 } : {}),
          ...(patch.takeaway !== undefined ? { takeaway: patch.takeaway ? 1 : 0 } : {}),
          updated_at: nowIso(),
        })
        .where('id', '=', id)
        .execute();
      if (patch.prices) await writePrices(trx, id, patch.prices);
      if (moved) await renumber(trx, 'menu_items', item.section_id);
      if (patch.position !== undefined) {
        await reorder(trx, 'menu_items', sectionId, id, patch.position);
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
      return (await readItem(trx, id))!;
    });
  }

  async deleteItem(id: number, actor: Actor): Promise<'deleted' | 'not-found'> {
    return this.#writes.change(async (trx) => {
      const item = await findItem(trx, id);
      if (!item) return 'not-found';
      await trx.deleteFrom('menu_item_prices').where('item_id', '=', id).execute();
      await trx.deleteFrom('menu_items').where('id', '=', id).execute();
      await this.#translations.forget(trx, ITEM, id);
      await renumber(trx, 'menu_items', item.section_id);
      await recordAudit(trx, actor, {
        action: 'menu.item.delete',
        target: `menu_item:${id}`,
        summary: `Piatto ${quoted(item.name)} eliminato dal menu.`,
      });
      return 'deleted';
    });
  }
}
