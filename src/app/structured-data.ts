import type { DayOfWeek, OpeningHoursSpecification, Restaurant, WithContext } from 'schema-dts';
import type { RestaurantFacts } from '../shared/schemas/restaurant.ts';
import type { Lang } from '../shared/languages.ts';
import type { VisitorHours } from './components/opening-hours/visitor-hours.ts';
import { pageUrl } from './seo.ts';

/** schema.org's days by ISO weekday (index 0 = Monday; schema.org/DayOfWeek). */
const DAYS_OF_WEEK: readonly DayOfWeek[] = [
  'https://schema.org/Monday',
  'https://schema.org/Tuesday',
  'https://schema.org/Wednesday',
  'https://schema.org/Thursday',
  'https://schema.org/Friday',
  'https://schema.org/Saturday',
  'https://schema.org/Sunday',
];

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
  /** The week, and the closures and special days still to come (the home loader's). */
  hours: Pick<VisitorHours, 'weekly' | 'closures' | 'exceptions'>;
}

/**
 * The week as schema.org opening hours: one entry per range with every day
 * that has it (a day without ranges is absent, which means closed). A range
 * past midnight keeps its close, "01:00", on the day it opens: schema.org
 * reads a close earlier than the open as the next day's.
 */
export function weeklyOpeningHours(weekly: VisitorHours['weekly']): OpeningHoursSpecification[] {
  const days = new Map<string, { opens: string; closes: string; days: number[] }>();
  for (const { day, ranges } of [...weekly].sort((a, b) => a.day - b.day)) {
    for (const { open, close } of ranges) {
      const key = `${open}-${close}`;
      const entry = days.get(key) ?? { opens: open, closes: close, days: [] };
      entry.days.push(day);
      days.set(key, entry);
    }
  }
  return [...days.values()]
    .sort((a, b) => (a.opens < b.opens ? -1 : a.opens > b.opens ? 1 : 0))
    .map(({ opens, closes, days: open }) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: open.map((day) => DAYS_OF_WEEK[day - 1]!),
      opens,
      closes,
    }));
}

/**
 * Closures and special days as schema.org special opening hours, in date
 * order: a closed stretch from its first to its last date with opens and
 * closes "00:00" (schema.org's way of saying closed all day), and each range
 * of a special day on that date alone.
 */
export function specialOpeningHours(
  hours: Pick<VisitorHours, 'closures' | 'exceptions'>,
): OpeningHoursSpecification[] {
  const closed = hours.closures.map(({ from, to }) => ({
    validFrom: from,
    validThrough: to,
    opens: '00:00',
    closes: '00:00',
  }));
  const special = hours.exceptions.flatMap(({ date, ranges }) =>
    ranges.map(({ open, close }) => ({
      validFrom: date,
      validThrough: date,
      opens: open,
      closes: close,
    })),
  );
  return [...closed, ...special]
    .sort((a, b) => (a.validFrom < b.validFrom ? -1 : a.validFrom > b.validFrom ? 1 : 0))
    .map((entry) => ({ '@type': 'OpeningHoursSpecification', ...entry }));
}

/**
 * The restaurant as schema.org `Restaurant`, for search engines: the owner's
 * facts, the opening hours from the database (the week, and the closures and
 * special days to come), and the menu in the page's language.
 */
export function restaurantJsonLd({
  lang,
  publicUrl,
  imagePath,
  facts,
  hours,
}: RestaurantJsonLdInput) {
  const { address, geo, phones, social } = facts;
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
    priceRange: facts.priceRange,
    openingHoursSpecification: weeklyOpeningHours(hours.weekly),
    specialOpeningHoursSpecification: specialOpeningHours(hours),
    // Where a table is booked online, in the page's language like the menu's address.
    acceptsReservations: pageUrl(publicUrl, '/reservations', lang),
    hasMenu: pageUrl(publicUrl, '/menu', lang),
    foundingDate: String(facts.foundedYear),
    sameAs: [social.instagram, social.facebook].filter((link) => link !== null),
  } satisfies WithContext<Restaurant>;
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
