import { restaurant } from '../../../../content/restaurant.ts';
import type { Lang } from '../../../shared/languages.ts';
import type { MenuEntry, MenuSection } from './localize-menu.ts';

/** schema.org Menu → MenuSection → MenuItem with EUR offers, in the page's language. */
export function menuStructuredData(
  sections: MenuSection[],
  options: { lang: Lang; url: string; name: string },
) {
  const item = (entry: MenuEntry) => ({
    '@type': 'MenuItem',
    name: entry.name,
    ...(entry.ingredients ? { description: entry.ingredients } : {}),
    ...(entry.priceValue === null
      ? {}
      : {
          offers: {
            '@type': 'Offer',
            price: entry.priceValue.toFixed(2),
            priceCurrency: 'EUR',
          },
        }),
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'Menu',
    name: options.name,
    url: options.url,
    inLanguage: options.lang,
    provider: { '@type': 'Restaurant', name: restaurant.name },
    hasMenuSection: sections.map((section) => ({
      '@type': 'MenuSection',
      name: section.title,
      hasMenuItem: [...section.items, ...(section.extras?.items ?? [])].map(item),
    })),
  };
}
