import { ALLERGENS, type Allergen } from '../../../shared/allergens.ts';
import { DEFAULT_TAKEAWAY, type MenuItemAnswer } from '../../../shared/schemas/menu.ts';

/** A dish as its form holds it: texts as typed, amounts with a comma as staff type them. */
export interface DishDraft {
  sectionId: number;
  name: string;
  description: string;
  ingredients: string;
  prices: { label: string; amount: string }[];
  /** false: "not declared yet" (null on the menu), whatever boxes are ticked. */
  allergensDeclared: boolean;
  allergens: Allergen[];
  available: boolean;
  frozen: boolean;
  takeaway: boolean;
}

export function draftOf(item: MenuItemAnswer | null, sectionId: number): DishDraft {
  if (!item) {
    return {
      sectionId,
      name: '',
      description: '',
      ingredients: '',
      prices: [{ label: '', amount: '' }],
      allergensDeclared: false,
      allergens: [],
      available: true,
      frozen: false,
      takeaway: DEFAULT_TAKEAWAY,
    };
  }
  return {
    sectionId,
    name: item.name,
    description: item.description,
    ingredients: item.ingredients,
    prices: item.prices.map((price) => ({
      label: price.label,
      amount: price.amount.replace('.', ','),
    })),
    allergensDeclared: item.allergens !== null,
    allergens: item.allergens ?? [],
    available: item.available,
    frozen: item.frozen,
    takeaway: item.takeaway,
  };
}

/** What POST and PATCH /api/menu/items take, from the form. */
export function bodyOf(draft: DishDraft) {
  return {
    sectionId: draft.sectionId,
    name: draft.name,
    description: draft.description,
    ingredients: draft.ingredients,
    prices: draft.prices.map((price) => ({ label: price.label, amount: price.amount })),
    allergens: draft.allergensDeclared
      ? ALLERGENS.filter((code) => draft.allergens.includes(code))
      : null,
    available: draft.available,
    frozen: draft.frozen,
    takeaway: draft.takeaway,
  };
}

/*
 * Unsaved edits survive a session that expires mid-edit (and the trip through
 * /login): each dish's form is kept in local storage until it is saved,
 * cancelled or the dish is deleted.
 */
const PREFIX = 'menu-dish-draft:';

/** One key per dish, or per section for a dish not yet added. */
export const draftKey = (itemId: number | null, sectionId: number) =>
  `${PREFIX}${itemId === null ? `new-in-${sectionId}` : itemId}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** A kept draft; one kept before a field existed lacks it (the form takes the dish's own). */
export function readDishDraft(key: string): Partial<DishDraft> | null {
  try {
    const text = storage()?.getItem(key);
    if (!text) return null;
    const draft = JSON.parse(text) as Partial<DishDraft>;
    // Only a draft of the shape written here: anything else is ignored.
    if (typeof draft.name !== 'string' || !Array.isArray(draft.prices)) return null;
    return draft;
  } catch {
    return null;
  }
}

export function writeDishDraft(key: string, draft: DishDraft): void {
  try {
    storage()?.setItem(key, JSON.stringify(draft));
  } catch {
    // storage full or unavailable: the edits stay in the form only
  }
}

export function clearDishDraft(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // nothing to clear
  }
}
