import { describe, it, expect } from 'vitest';
import type { Localized } from '../src/shared/languages.ts';
import { LANGUAGES } from '../src/shared/languages.ts';
import { INGREDIENTS, MENU } from './menu.ts';
import type { IngredientKey, MenuItem, MenuList, MenuListId } from './menu.ts';

const LIST_ORDER: readonly MenuListId[] = [
  'starters',
  'firstCourses',
  'meatDishes',
  'fishDishes',
  'salads',
  'pizza',
  'dessert',
  'beerAndWines',
  'aperitifs',
  'beverages',
];

const EXPECTED_COUNTS: Record<MenuListId, number> = {
  starters: 13,
  firstCourses: 12,
  meatDishes: 11,
  fishDishes: 9,
  salads: 5,
  pizza: 30,
  dessert: 10,
  beerAndWines: 9,
  aperitifs: 5,
  beverages: 7,
};

function list(id: MenuListId): MenuList {
  const found = MENU.find((l) => l.id === id);
  if (!found) throw new Error(`missing list ${id}`);
  return found;
}

function allItems(): MenuItem[] {
  return MENU.flatMap((l) => [...l.items, ...(l.extras?.items ?? [])]);
}

/** "8" | "8,50" | "12.00" as a number. */
function priceOf(item: MenuItem): number {
  return Number(item.price.replace(',', '.'));
}

function expectLocalized(value: Localized, where: string): void {
  expect(Object.keys(value).sort(), where).toEqual([...LANGUAGES].sort());
  for (const lang of LANGUAGES) {
    expect(typeof value[lang], `${where} [${lang}]`).toBe('string');
    expect(value[lang].trim(), `${where} [${lang}]`).not.toBe('');
  }
}

describe('MENU structure', () => {
  it('has the ten lists in order', () => {
    expect(MENU.map((l) => l.id)).toEqual(LIST_ORDER);
  });

  it.each(LIST_ORDER)('list %s has the expected number of items', (id) => {
    expect(list(id).items).toHaveLength(EXPECTED_COUNTS[id]);
  });

  it('starters have exactly the four fried extras', () => {
    const extras = list('starters').extras;
    expect(extras).toBeDefined();
    expect(extras?.title.it).toBe('Sfizi fritti');
    expect(extras?.title.en).toBe('Fried extras');
    expect(extras?.items.map((i) => i.name.en)).toEqual([
      'Fries',
      'Mozzarella bites',
      expect.stringContaining('Ascolana olives'),
      expect.stringContaining('Panelle'),
    ]);
  });

  it('only the starters have extras', () => {
    expect(MENU.filter((l) => l.extras).map((l) => l.id)).toEqual(['starters']);
  });

  it('has 115 items in total, extras included', () => {
    expect(allItems()).toHaveLength(115);
  });

  it('has unique kebab-case ids', () => {
    const ids = allItems().map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('names beer and wines, with draft beer in 0.30 and 0.40 l', () => {
    const beer = list('beerAndWines');
    expect(beer.title.it).toBe('Birre e vini');
    expect(beer.title.en).toBe('Beer and Wines');
    const names = beer.items.map((i) => i.name.it);
    expect(names).toContain('Birra alla spina 0,30 l');
    expect(names).toContain('Birra alla spina 0,40 l');
    for (const size of ['0,30', '0,40']) {
      expect(beer.items.some((i) => i.name.en.includes(size.replace(',', '.')))).toBe(true);
    }
    expect(names.filter((n) => n.startsWith('Vino') && n.includes('0,50 l'))).toHaveLength(3);
  });

  it('uses the agreed list titles', () => {
    expect(MENU.map((l) => l.title.it)).toEqual([
      'Antipasti',
      'Primi piatti',
      'Secondi di carne',
      'Secondi di pesce',
      'Insalate e contorni',
      'Pizze',
      'Dessert',
      'Birre e vini',
      'Aperitivi',
      'Bevande',
    ]);
    expect(MENU.map((l) => l.title.en)).toEqual([
      'Starters',
      'First Courses',
      'Meat Dishes',
      'Fish Dishes',
      'Salads and side dishes',
      'Pizza',
      'Dessert',
      'Beer and Wines',
      'Aperitifs',
      'Beverages',
    ]);
  });
});

describe('prices', () => {
  it('are written with digits and an optional comma or dot decimal part', () => {
    for (const item of allItems()) expect(item.price, item.id).toMatch(/^\d+(?:[.,]\d{1,2})?$/);
  });

  it('parse to numbers within 1..25 euro', () => {
    for (const item of allItems()) {
      const price = priceOf(item);
      expect(Number.isFinite(price), item.id).toBe(true);
      expect(price, item.id).toBeGreaterThanOrEqual(1);
      expect(price, item.id).toBeLessThanOrEqual(25);
    }
  });

  it.each([
    ['pizza', 6, 12],
    ['aperitifs', 4, 5],
    ['beverages', 1, 4],
  ] as const)('%s are priced within %d..%d', (id, min, max) => {
    for (const item of list(id).items) {
      expect(priceOf(item), item.id).toBeGreaterThanOrEqual(min);
      expect(priceOf(item), item.id).toBeLessThanOrEqual(max);
    }
  });

  it('mixes comma and dot decimal styles', () => {
    const prices = allItems().map((i) => i.price);
    expect(prices.some((p) => p.includes(','))).toBe(true);
    expect(prices.some((p) => p.includes('.'))).toBe(true);
    expect(prices.some((p) => /^\d+$/.test(p))).toBe(true);
  });

  it('tops out with the special raw seafood platter and the red prawn grill', () => {
    const top = allItems().filter((i) => priceOf(i) === 25);
    expect(top.map((i) => i.id).sort()).toEqual([
      'crudo-di-mare-speciale',
      'grigliata-di-gambero-rosso',
    ]);
  });

  it('prices the small water at 1 euro', () => {
    const water = list('beverages').items.find((i) => i.id === 'acqua-piccola');
    expect(water && priceOf(water)).toBe(1);
  });
});

describe('translations', () => {
  it('every list title and item name has five non-empty strings', () => {
    for (const l of MENU) {
      expectLocalized(l.title, `title of ${l.id}`);
      if (l.extras) expectLocalized(l.extras.title, `extras title of ${l.id}`);
    }
    for (const item of allItems()) expectLocalized(item.name, item.id);
  });

  it('every ingredient has five non-empty strings', () => {
    for (const [key, value] of Object.entries(INGREDIENTS)) expectLocalized(value, key);
  });
});

describe('ingredients', () => {
  const keys = Object.keys(INGREDIENTS) as IngredientKey[];
  const pizzas = list('pizza').items;

  it('has between 45 and 55 camelCase keys', () => {
    expect(keys.length).toBeGreaterThanOrEqual(45);
    expect(keys.length).toBeLessThanOrEqual(55);
    for (const key of keys) expect(key).toMatch(/^[a-z][a-zA-Z]*$/);
  });

  it('includes the pizza toppings, from tomato to burrata', () => {
    expect(keys).toEqual(
      expect.arrayContaining([
        'tomato',
        'mozzarella',
        'cherryTomatoes',
        'buffaloMozzarella',
        'freshBasil',
        'anchovies',
        'garlic',
        'capers',
        'olives',
        'ham',
        'mushrooms',
        'artichokes',
        'sausage',
        'egg',
        'hotDog',
        'spicySalami',
        'onion',
        'tuna',
        'eggplant',
        'zucchini',
        'arugula',
        'asparagus',
        'salmon',
        'gorgonzola',
        'speck',
        'porcini',
        'pistachioCream',
        'seafood',
        'burrata',
      ]),
    );
  });

  it('every pizza has 2 to 6 distinct known ingredients', () => {
    for (const pizza of pizzas) {
      const ingredients = pizza.ingredients ?? [];
      expect(ingredients.length, pizza.id).toBeGreaterThanOrEqual(2);
      expect(ingredients.length, pizza.id).toBeLessThanOrEqual(6);
      expect(new Set(ingredients).size, pizza.id).toBe(ingredients.length);
      for (const key of ingredients) expect(Object.hasOwn(INGREDIENTS, key), key).toBe(true);
    }
  });

  it('every ingredient is used by at least one pizza', () => {
    const used = new Set(pizzas.flatMap((p) => p.ingredients ?? []));
    expect(keys.filter((k) => !used.has(k))).toEqual([]);
  });

  it('includes the classic pizzas', () => {
    const names = pizzas.map((p) => p.name.it);
    for (const classic of ['Margherita', 'Marinara', 'Diavola', 'Capricciosa', 'Norma']) {
      expect(names).toContain(classic);
    }
  });
});
