import type { Allergen } from '../../../shared/allergens.ts';
import { formatPrice } from '../../../shared/price.ts';
import type { MenuView } from '../../../shared/schemas/menu.ts';

/** A dish as the page shows it, in the page's language. */
export interface MenuEntry {
  id: number;
  name: string;
  description: string;
  /** Comma-separated; empty when none. */
  ingredients: string;
  /** One price with an empty label, or one per size; `text` is "8,50 €", `amount` "8.50". */
  prices: { label: string; amount: string; text: string }[];
  /** null: staff have not declared them (never shown as "none"). */
  allergens: Allergen[] | null;
  available: boolean;
  frozen: boolean;
}

export interface MenuSection {
  id: number;
  /** The seeded list it came from ("pizza"), which picks its card picture; null for new sections. */
  key: string | null;
  title: string;
  items: MenuEntry[];
  /** Sections shown under this one (the starters' fried extras). */
  extras: { id: number; key: string | null; title: string; items: MenuEntry[] }[];
}

/** The menu opens on the third category, meat dishes (index 2). */
export const INITIAL_CATEGORY_INDEX = 2;

type ViewSection = MenuView['sections'][number];

function entry(item: ViewSection['items'][number]): MenuEntry {
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    ingredients: item.ingredients,
    prices: item.prices.map((price) => ({ ...price, text: formatPrice(price.amount) })),
    allergens: item.allergens,
    available: item.available,
    frozen: item.frozen,
  };
}

/**
 * The page's sections from the menu in one language: the carousel's
 * categories, the lists always shown below, and each "extras" section under
 * the one before it. Runs in the loader, so a page carries only its own
 * language's texts.
 */
export function menuPageData(view: MenuView): {
  categories: MenuSection[];
  always: MenuSection[];
  hasFrozen: boolean;
} {
  const categories: MenuSection[] = [];
  const always: MenuSection[] = [];
  let last: MenuSection | undefined;
  for (const section of view.sections) {
    const items = section.items.map(entry);
    if (section.placement === 'extras' && last) {
      last.extras.push({ id: section.id, key: section.key, title: section.name, items });
      continue;
    }
    last = { id: section.id, key: section.key, title: section.name, items, extras: [] };
    (section.placement === 'always' ? always : categories).push(last);
  }
  const hasFrozen = view.sections.some((section) => section.items.some((item) => item.frozen));
  return { categories, always, hasFrozen };
}
