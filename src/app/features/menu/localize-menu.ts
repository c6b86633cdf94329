import {
  INGREDIENTS,
  MENU,
  type MenuItem,
  type MenuList,
  type MenuListId,
} from '../../../../content/menu.ts';
import type { Lang } from '../../../shared/languages.ts';
import { formatPrice, parsePrice } from '../../../shared/price.ts';

/** A dish as one page language shows it: name, ingredients and price already written out. */
export interface MenuEntry {
  id: string;
  name: string;
  /** Translated ingredient names joined with commas; empty when none. */
  ingredients: string;
  /** "8,50 €", or empty when the price is not a number. */
  price: string;
  /** The price as a number, for structured data; null when it is not one. */
  priceValue: number | null;
}

export interface MenuSection {
  id: MenuListId;
  title: string;
  items: MenuEntry[];
  extras?: { title: string; items: MenuEntry[] };
}

/** The eight carousel categories, in order; the other lists are always shown. */
const CAROUSEL_LISTS: readonly MenuListId[] = [
  'starters',
  'firstCourses',
  'meatDishes',
  'fishDishes',
  'salads',
  'pizza',
  'dessert',
  'beerAndWines',
];
const ALWAYS_SHOWN_LISTS: readonly MenuListId[] = ['aperitifs', 'beverages'];

/** The menu opens on the third category, meat dishes (index 2). */
export const INITIAL_CATEGORY_INDEX = 2;

function entry(item: MenuItem, lang: Lang): MenuEntry {
  return {
    id: item.id,
    name: item.name[lang],
    ingredients: (item.ingredients ?? []).map((key) => INGREDIENTS[key][lang]).join(', '),
    price: formatPrice(item.price),
    priceValue: parsePrice(item.price),
  };
}

function section(list: MenuList, lang: Lang): MenuSection {
  return {
    id: list.id,
    title: list.title[lang],
    items: list.items.map((item) => entry(item, lang)),
    ...(list.extras
      ? {
          extras: {
            title: list.extras.title[lang],
            items: list.extras.items.map((item) => entry(item, lang)),
          },
        }
      : {}),
  };
}

/**
 * The whole menu in one language. Runs in the loader, so a page carries only
 * its own language's names, not the five-language table.
 */
export function localizeMenu(lang: Lang): { categories: MenuSection[]; always: MenuSection[] } {
  const byId = new Map(MENU.map((list) => [list.id, list]));
  const pick = (ids: readonly MenuListId[]) => ids.map((id) => section(byId.get(id)!, lang));
  return { categories: pick(CAROUSEL_LISTS), always: pick(ALWAYS_SHOWN_LISTS) };
}
