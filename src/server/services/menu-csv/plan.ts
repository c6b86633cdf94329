import type { Allergen } from '../../../shared/allergens.ts';
import { amountToCents } from '../../../shared/money.ts';
import {
  DEFAULT_KITCHEN_GROUP,
  DEFAULT_TAKEAWAY,
  type KitchenGroup,
  type SectionPlacement,
} from '../../../shared/schemas/menu.ts';
import type { MenuImportAnswer, MenuImportChange } from '../../../shared/schemas/menu-csv.ts';
import { capErrors, type ImportedItem, type ImportedMenu, type MenuContent } from './format.ts';

type SectionField = 'name' | 'placement' | 'kitchen' | 'position';
type ItemField =
  | 'name'
  | 'description'
  | 'ingredients'
  | 'prices'
  | 'allergens'
  | 'available'
  | 'frozen'
  | 'takeaway'
  | 'section'
  | 'position';

const SECTION_WORDS: Record<SectionField, string> = {
  name: 'nome',
  placement: 'tipo',
  kitchen: 'reparto',
  position: 'posizione',
};
const ITEM_WORDS: Record<ItemField, string> = {
  name: 'nome',
  description: 'descrizione',
  ingredients: 'ingredienti',
  prices: 'prezzi',
  allergens: 'allergeni',
  available: 'disponibile',
  frozen: 'congelato',
  takeaway: 'asporto',
  section: 'sezione',
  position: 'posizione',
};

export interface PlannedItem {
  /** The file's values; `takeaway` the dish's own (or the default) when the file has no column for it. */
  values: Omit<ImportedItem, 'takeaway'> & { takeaway: boolean };
  /** What changes in an existing dish (`section`: it moves there from another). */
  changed: ItemField[];
}

export interface PlannedSection {
  id: number | null;
  name: string;
  placement: SectionPlacement;
  /** The file's, or (a file without the column) the section's own or the default. */
  kitchen: KitchenGroup;
  changed: SectionField[];
  items: PlannedItem[];
}

/** What an import writes, in the file's order, and how the owner reads it. */
export interface MenuImportPlan {
  sections: PlannedSection[];
  /** Dishes and sections the file leaves out, in menu order. */
  deletedItems: number[];
  deletedSections: number[];
  answer: MenuImportAnswer;
}

export type PlanOutcome = { ok: true; plan: MenuImportPlan } | { ok: false; errors: string[] };

/**
 * Indices into `values` of one longest increasing run (not necessarily
 * adjacent). The others are what moved: a dish moved up shows as moved, and
 * the dishes it passed do not; adding or deleting one moves none.
 */
export function longestIncreasing(values: readonly number[]): Set<number> {
  /** tails[k]: the index of the smallest last value of an increasing run of length k + 1. */
  const tails: number[] = [];
  const previous: number[] = [];
  for (const [index, value] of values.entries()) {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (values[tails[middle]!]! < value) low = middle + 1;
      else high = middle;
    }
    previous[index] = low > 0 ? tails[low - 1]! : -1;
    tails[low] = index;
  }
  const kept = new Set<number>();
  for (let index = tails.at(-1) ?? -1; index !== -1; index = previous[index]!) kept.add(index);
  return kept;
}

const samePrices = (
  a: readonly { label: string; amount: string }[],
  b: readonly { label: string; amount: string }[],
) =>
  a.length === b.length &&
  a.every(
    (price, i) =>
      price.label === b[i]!.label && amountToCents(price.amount) === amountToCents(b[i]!.amount),
  );

const sameAllergens = (a: readonly Allergen[] | null, b: readonly Allergen[] | null) =>
  a === null || b === null ? a === b : a.join() === b.join();

/**
 * What the file changes in `current`: or the rows naming a section or dish
 * the menu does not have. The file is the whole menu: what it leaves out is
 * deleted, its order is the menu's order.
 */
export function planMenuImport(current: MenuContent, file: ImportedMenu): PlanOutcome {
  const sectionsNow = new Map(
    current.sections.map((section, index) => [section.id, { section, index }]),
  );
  const itemsNow = new Map(
    current.sections.flatMap((section) =>
      section.items.map(
        (item, index) => [item.id, { item, index, sectionId: section.id }] as const,
      ),
    ),
  );

  const errors: string[] = [];
  for (const section of file.sections) {
    if (section.id !== null && !sectionsNow.has(section.id)) {
      errors.push(
        `Riga ${section.line}: la sezione con id ${section.id} non è nel menu: lascia vuoto sezione_id per aggiungere una sezione nuova.`,
      );
    }
    for (const item of section.items) {
      if (item.id !== null && !itemsNow.has(item.id)) {
        errors.push(
          `Riga ${item.line}: il piatto con id ${item.id} non è nel menu: lascia vuoto piatto_id per aggiungere un piatto nuovo.`,
        );
      }
    }
  }
  if (errors.length > 0) return { ok: false, errors: capErrors(errors) };

  const kept = file.sections.filter((section) => section.id !== null);
  const sectionsInOrder = longestIncreasing(
    kept.map((section) => sectionsNow.get(section.id!)!.index),
  );
  const movedSections = new Set(kept.filter((_, i) => !sectionsInOrder.has(i)).map((s) => s.id));

  const sections: PlannedSection[] = file.sections.map((section) => {
    const before = section.id === null ? undefined : sectionsNow.get(section.id)!.section;
    const changed: SectionField[] = [];
    const kitchen = section.kitchen ?? before?.kitchen ?? DEFAULT_KITCHEN_GROUP;
    if (before) {
      if (before.name !== section.name) changed.push('name');
      if (before.placement !== section.placement) changed.push('placement');
      if (before.kitchen !== kitchen) changed.push('kitchen');
      if (movedSections.has(section.id)) changed.push('position');
    }
    // The dishes that were in this section already, and kept their order.
    const stayed = section.items.filter(
      (item) => item.id !== null && before && itemsNow.get(item.id)!.sectionId === before.id,
    );
    const inOrder = longestIncreasing(stayed.map((item) => itemsNow.get(item.id!)!.index));
    const movedWithin = new Set(stayed.filter((_, i) => !inOrder.has(i)).map((item) => item.id));
    return {
      id: section.id,
      name: section.name,
      placement: section.placement,
      kitchen,
      changed,
      items: section.items.map((item) => {
        if (item.id === null) {
          return { values: { ...item, takeaway: item.takeaway ?? DEFAULT_TAKEAWAY }, changed: [] };
        }
        const was = itemsNow.get(item.id)!;
        const values = { ...item, takeaway: item.takeaway ?? was.item.takeaway };
        const changedFields: ItemField[] = [];
        if (was.item.name !== item.name) changedFields.push('name');
        if (was.item.description !== item.description) changedFields.push('description');
        if (was.item.ingredients !== item.ingredients) changedFields.push('ingredients');
        if (!samePrices(was.item.prices, item.prices)) changedFields.push('prices');
        if (!sameAllergens(was.item.allergens, item.allergens)) changedFields.push('allergens');
        if (was.item.available !== item.available) changedFields.push('available');
        if (was.item.frozen !== item.frozen) changedFields.push('frozen');
        if (was.item.takeaway !== values.takeaway) changedFields.push('takeaway');
        if (was.sectionId !== section.id) changedFields.push('section');
        else if (movedWithin.has(item.id)) changedFields.push('position');
        return { values, changed: changedFields };
      }),
    };
  });

  const inFile = new Set(file.sections.flatMap((s) => s.items.map((item) => item.id)));
  const sectionsInFile = new Set(file.sections.map((section) => section.id));
  const deletedItems = current.sections.flatMap((s) =>
    s.items.filter((item) => !inFile.has(item.id)),
  );
  const deletedSections = current.sections.filter((section) => !sectionsInFile.has(section.id));

  const changes: MenuImportChange[] = [];
  let unchanged = 0;
  for (const section of sections) {
    if (section.id === null) {
      changes.push({ action: 'add', entity: 'section', id: null, name: section.name, fields: [] });
    } else if (section.changed.length > 0) {
      changes.push({
        action: 'update',
        entity: 'section',
        id: section.id,
        name: section.name,
        fields: section.changed.map((field) => SECTION_WORDS[field]),
      });
    } else unchanged += 1;
    for (const { values, changed } of section.items) {
      if (values.id === null) {
        changes.push({ action: 'add', entity: 'item', id: null, name: values.name, fields: [] });
      } else if (changed.length > 0) {
        changes.push({
          action: 'update',
          entity: 'item',
          id: values.id,
          name: values.name,
          fields: changed.map((field) => ITEM_WORDS[field]),
        });
      } else unchanged += 1;
    }
  }
  for (const item of deletedItems) {
    changes.push({ action: 'delete', entity: 'item', id: item.id, name: item.name, fields: [] });
  }
  for (const section of deletedSections) {
    changes.push({
      action: 'delete',
      entity: 'section',
      id: section.id,
      name: section.name,
      fields: [],
    });
  }
  const count = (action: MenuImportChange['action']) =>
    changes.filter((change) => change.action === action).length;

  return {
    ok: true,
    plan: {
      sections,
      deletedItems: deletedItems.map((item) => item.id),
      deletedSections: deletedSections.map((section) => section.id),
      answer: {
        changes,
        summary: {
          added: count('add'),
          updated: count('update'),
          deleted: count('delete'),
          unchanged,
        },
      },
    },
  };
}
