import type { Lang } from '../../../shared/languages.ts';
import type { MenuEntry, MenuSection } from './menu-page-data.ts';

/** schema.org Menu → MenuSection → MenuItem with EUR offers, in the page's language. */
export function menuStructuredData(
  sections: MenuSection[],
  /** `restaurant`: its name, as the owner set it (root loader data). */
  options: { lang: Lang; url: string; name: string; restaurant: string },
) {
  const offers = (entry: MenuEntry) => {
    const all = entry.prices.map((price) => ({
      '@type': 'Offer',
      ...(price.label ? { name: price.label } : {}),
      price: price.amount,
      priceCurrency: 'EUR',
      ...(entry.available ? {} : { availability: 'https://schema.org/OutOfStock' }),
    }));
    return all.length === 1 ? all[0] : all;
  };
  const item = (entry: MenuEntry) => ({
    '@type': 'MenuItem',
    name: entry.name,
    ...(entry.description || entry.ingredients
      ? { description: [entry.description, entry.ingredients].filter(Boolean).join(' — ') }
      : {}),
    // One offer, or one per size; a sold-out dish is still on the menu, out of stock today.
    offers: offers(entry),
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'Menu',
    name: options.name,
    url: options.url,
    inLanguage: options.lang,
    provider: { '@type': 'Restaurant', name: options.restaurant },
    hasMenuSection: sections.map((section) => ({
      '@type': 'MenuSection',
      name: section.title,
      hasMenuItem: [...section.items, ...section.extras.flatMap((extras) => extras.items)].map(
        item,
      ),
    })),
  };
}
