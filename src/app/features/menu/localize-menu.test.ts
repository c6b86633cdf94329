import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../shared/languages.ts';
import { INITIAL_CATEGORY_INDEX, localizeMenu } from './localize-menu.ts';
import { menuStructuredData } from './menu-structured-data.ts';
import { serializeJsonLd } from '../../structured-data.ts';

describe('localizeMenu', () => {
  it.each(LANGUAGES)(
    '%s: eight carousel categories with their item counts, two lists always',
    (lang) => {
      const { categories, always } = localizeMenu(lang);
      expect(categories.map((c) => c.id)).toEqual([
        'starters',
        'firstCourses',
        'meatDishes',
        'fishDishes',
        'salads',
        'pizza',
        'dessert',
        'beerAndWines',
      ]);
      expect(categories.map((c) => c.items.length)).toEqual([13, 12, 11, 9, 5, 30, 10, 9]);
      expect(categories[0]?.extras?.items).toHaveLength(4);
      expect(always.map((s) => [s.id, s.items.length])).toEqual([
        ['aperitifs', 5],
        ['beverages', 7],
      ]);
      for (const section of [...categories, ...always]) {
        for (const item of section.items) {
          expect(item.name).not.toBe('');
          expect(item.price).toMatch(/^\d+,\d{2}\u00a0€$/);
        }
      }
    },
  );

  it('starts on the meat dishes (index 2) and writes pizza ingredients in the language', () => {
    expect(INITIAL_CATEGORY_INDEX).toBe(2);
    expect(localizeMenu('en').categories[INITIAL_CATEGORY_INDEX]?.title).toBe('Meat Dishes');
    const margherita = (lang: 'it' | 'de') =>
      localizeMenu(lang)
        .categories.find((c) => c.id === 'pizza')
        ?.items.find((item) => item.name.includes('Margherita'));
    expect(margherita('it')?.ingredients).toContain('pomodoro');
    expect(margherita('de')?.ingredients).toContain('Tomate');
  });
});

describe('menu structured data', () => {
  it('is a schema.org Menu with sections, items and EUR offers', () => {
    const { categories, always } = localizeMenu('fr');
    const data = menuStructuredData([...categories, ...always], {
      lang: 'fr',
      url: 'https://x.example/menu?lng=fr',
      name: 'Menu',
    });
    expect(data['@type']).toBe('Menu');
    expect(data.inLanguage).toBe('fr');
    expect(data.hasMenuSection).toHaveLength(10);
    const first = data.hasMenuSection[0]!;
    expect(first.name).toBe('Entrées');
    expect(first.hasMenuItem).toHaveLength(13 + 4);
    expect(first.hasMenuItem[0]).toMatchObject({
      '@type': 'MenuItem',
      offers: {
        '@type': 'Offer',
        priceCurrency: 'EUR',
        price: expect.stringMatching(/^\d+\.\d\d$/),
      },
    });
  });

  it('escapes < so no text can close the script element', () => {
    expect(serializeJsonLd({ name: '</script><img src=x onerror=alert(1)>' })).not.toContain('<');
  });
});
