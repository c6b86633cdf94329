import { restaurant } from '../../content/restaurant.ts';
import type { RestaurantFacts } from '../shared/schemas/restaurant.ts';
import type { Lang } from '../shared/languages.ts';
import { pageUrl } from './seo.ts';

/** schema.org's days, in week order (schema.org/DayOfWeek). */
const WEEK = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** Kept in English: schema.org readers expect these values, whatever the page language. */
const CUISINES = ['Sicilian', 'Seafood', 'Pizza', 'Mediterranean'];

export interface RestaurantJsonLdInput {
  lang: Lang;
  /** The site's public origin (root loader data), without a trailing slash. */
  publicUrl: string;
  /** Site-relative URL of the image to show for the restaurant (the hero's JPEG). */
  imagePath: string;
  /** The owner's facts (root loader data). */
  facts: RestaurantFacts;
}

/**
 * The restaurant as schema.org `Restaurant`, for search engines: the owner's
 * facts, the open days derived from the weekly rest day of
 * content/restaurant.ts (an absent day means closed), and the menu in the
 * page's language.
 */
export function restaurantJsonLd({ lang, publicUrl, imagePath, facts }: RestaurantJsonLdInput) {
  const { address, geo, phones, social } = facts;
  const openDays = WEEK.filter((day) => day !== restaurant.closedOn);
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    '@id': `${publicUrl}/#restaurant`,
    name: facts.name,
    url: pageUrl(publicUrl, '/', lang),
    image: new URL(imagePath, `${publicUrl}/`).href,
    // The landline when there is one, as it was before the mobile joined the facts.
    telephone: phones.landline ?? phones.mobile,
    email: facts.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: address.street,
      postalCode: address.postalCode,
      addressLocality: address.locality,
      addressRegion: address.region,
      addressCountry: address.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: geo.latitude, longitude: geo.longitude },
    hasMap: facts.mapUrl,
    servesCuisine: CUISINES,
    priceRange: restaurant.priceRange,
    openingHoursSpecification: restaurant.openingHours.map(({ opens, closes }) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: openDays,
      opens,
      closes,
    })),
    acceptsReservations: true,
    hasMenu: pageUrl(publicUrl, '/menu', lang),
    foundingDate: String(restaurant.foundedYear),
    sameAs: [social.instagram, social.facebook].filter((link) => link !== null),
    inLanguage: lang,
  };
}

/**
 * JSON for a `<script type="application/ld+json">`: `<` (and `>`, `&`, the
 * JavaScript line separators) escaped as \uXXXX, so no value can close the
 * script element or open a comment; the parsed JSON is unchanged.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
