import { describe, expect, it } from 'vitest';
import type { MenuView } from '../../../shared/schemas/menu.ts';
import { menuPageData } from './menu-page-data.ts';
import { menuStructuredData } from './menu-structured-data.ts';
import { serializeJsonLd } from '../../structured-data.ts';

const dish = (
  id: number,
  overrides: Partial<MenuView['sections'][number]['items'][number]> = {},
) => ({
  id,
  name: `Piatto ${id}`,
  description: '',
  ingredients: '',
  prices: [{ label: '', amount: '8.50' }],
  allergens: null,
  available: true,
  frozen: false,
  takeaway: true,
  translation: 'staff' as const,
  ...overrides,
});

const VIEW: MenuView = {
  lang: 'fr',
  sections: [
    {
      id: 1,
      key: 'starters',
      name: 'Entrées',
      placement: 'carousel',
      kitchen: 'kitchen',
      items: [dish(1), dish(2)],
    },
    {
      id: 2,
      key: 'startersExtras',
      name: 'Fritures',
      placement: 'extras',
      kitchen: 'kitchen',
      items: [dish(3)],
    },
    {
      id: 3,
      key: 'beerAndWines',
      name: 'Bières et vins',
      placement: 'carousel',
      kitchen: 'none',
      items: [
        dish(4, {
          prices: [
            { label: '0,30 l', amount: '4.00' },
            { label: '0,40 l', amount: '5.00' },
          ],
          available: false,
        }),
      ],
    },
    {
      id: 4,
      key: null,
      name: 'Boissons',
      placement: 'always',
      kitchen: 'none',
      items: [dish(5, { frozen: true })],
    },
  ],
};

describe('menuPageData', () => {
  it('splits carousel categories from the lists always shown, extras under the section before', () => {
    const { categories, always, hasFrozen } = menuPageData(VIEW);
    expect(categories.map((c) => [c.title, c.items.length, c.extras.map((e) => e.title)])).toEqual([
      ['Entrées', 2, ['Fritures']],
      ['Bières et vins', 1, []],
    ]);
    expect(always.map((s) => s.title)).toEqual(['Boissons']);
    expect(hasFrozen).toBe(true);
  });

  it('writes prices in Italian euro format, one per size', () => {
    const { categories } = menuPageData(VIEW);
    expect(categories[0]!.items[0]!.prices).toEqual([
      { label: '', amount: '8.50', text: '8,50\u00a0€' },
    ]);
    expect(categories[1]!.items[0]!.prices.map((p) => [p.label, p.text])).toEqual([
      ['0,30 l', '4,00\u00a0€'],
      ['0,40 l', '5,00\u00a0€'],
    ]);
  });

  it('an extras section with nothing before it is a category of its own', () => {
    const { categories } = menuPageData({ lang: 'it', sections: [VIEW.sections[1]!] });
    expect(categories.map((c) => c.title)).toEqual(['Fritures']);
  });
});

describe('menu structured data', () => {
  it('is a schema.org Menu with sections, items and EUR offers, one per size', () => {
    const { categories, always } = menuPageData(VIEW);
    const data = menuStructuredData([...categories, ...always], {
      lang: 'fr',
      url: 'https://x.example/menu?lng=fr',
      name: 'Menu',
      restaurant: 'Trattoria Il Faro',
    });
    expect(data['@type']).toBe('Menu');
    expect(data.inLanguage).toBe('fr');
    expect(data.hasMenuSection).toHaveLength(3);
    expect(data.hasMenuSection[0]!.hasMenuItem).toHaveLength(3);
    expect(data.hasMenuSection[0]!.hasMenuItem[0]).toMatchObject({
      '@type': 'MenuItem',
      offers: { '@type': 'Offer', priceCurrency: 'EUR', price: '8.50' },
    });
    expect(data.hasMenuSection[1]!.hasMenuItem[0]!.offers).toEqual([
      {
        '@type': 'Offer',
        name: '0,30 l',
        price: '4.00',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/OutOfStock',
      },
      {
        '@type': 'Offer',
        name: '0,40 l',
        price: '5.00',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/OutOfStock',
      },
    ]);
  });

  it('escapes < so no text can close the script element', () => {
    expect(serializeJsonLd({ name: '</script><img src=x onerror=alert(1)>' })).not.toContain('<');
  });
});
