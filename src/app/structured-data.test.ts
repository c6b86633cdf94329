import type { OpeningHoursSpecification, Restaurant, WithContext } from 'schema-dts';
import { describe, expect, it } from 'vitest';
import type { RestaurantFacts } from '../shared/schemas/restaurant.ts';
import type { WeeklyDay } from '../shared/opening-hours.ts';
import { visitorHours, type ScheduleWithNotes } from './components/opening-hours/visitor-hours.ts';
import { restaurantJsonLd, serializeJsonLd } from './structured-data.ts';

const ORIGIN = 'https://www.trattoria.example';
const LUNCH = { open: '12:00', close: '15:00' };
const DINNER = { open: '19:00', close: '23:30' };
/** The seed: lunch and dinner every day but Monday. */
const SEED: WeeklyDay[] = [2, 3, 4, 5, 6, 7].map((day) => ({ day, ranges: [LUNCH, DINNER] }));
const hoursOf = (schedule: Partial<ScheduleWithNotes> = {}, today = '2026-12-01') =>
  visitorHours({ weekly: SEED, closures: [], exceptions: [], ...schedule }, today);

// Typed as schema-dts's Restaurant: a property schema.org does not define
// for it, or a value of the wrong type, fails the typecheck.
/** The owner's facts, as the root loader hands them over. */
const FACTS: RestaurantFacts = {
  name: 'Trattoria Il Faro',
  phones: { mobile: '+39 347 123 4567', landline: '+39 0923 555 0101' },
  email: 'ciao@ilfaro.example',
  address: {
    street: 'Piazza Marina 3',
    postalCode: '91100',
    locality: 'Trapani',
    region: 'TP',
    country: 'IT',
  },
  geo: { latitude: 38.0198, longitude: 12.5136 },
  mapUrl: 'https://maps.example/?q=38.0198,12.5136',
  mapEmbedUrl: 'https://maps.example/embed?q=38.0198,12.5136&z=15',
  social: { instagram: 'https://www.instagram.example/ilfaro', facebook: null },
  privacyPolicyUrl: 'https://privacy.example/ilfaro',
  foundedYear: 1987,
  priceRange: '€€€',
};
const build = (
  lang: 'en' | 'de' = 'en',
  hours = hoursOf(),
  facts = FACTS,
): WithContext<Restaurant> & ReturnType<typeof restaurantJsonLd> =>
  restaurantJsonLd({
    lang,
    publicUrl: ORIGIN,
    imagePath: '/assets/hero-960-abcd1234.jpg',
    facts,
    hours,
  });

const DAY_URL = /^https:\/\/schema\.org\/(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What schema.org's OpeningHoursSpecification asks of the values, beyond
 * their types: days as schema.org DayOfWeek URLs, times as hh:mm, dates as
 * ISO dates, and a validity that does not end before it starts.
 */
function expectWellFormed(entries: readonly OpeningHoursSpecification[], special: boolean) {
  for (const entry of entries) {
    const {
      '@type': type,
      dayOfWeek,
      opens,
      closes,
      validFrom,
      validThrough,
    } = entry as unknown as Record<string, unknown>;
    expect(type).toBe('OpeningHoursSpecification');
    expect(opens).toMatch(TIME);
    expect(closes).toMatch(TIME);
    if (special) {
      expect(dayOfWeek).toBeUndefined();
      expect(validFrom).toMatch(DATE);
      expect(validThrough).toMatch(DATE);
      expect(String(validFrom) <= String(validThrough)).toBe(true);
    } else {
      expect((dayOfWeek as string[]).length).toBeGreaterThan(0);
      for (const day of dayOfWeek as string[]) expect(day).toMatch(DAY_URL);
      expect(validFrom).toBeUndefined();
    }
  }
}

describe('restaurantJsonLd (schema.org Restaurant)', () => {
  it("names the restaurant with the owner's address, coordinates, telephone, e-mail and links", () => {
    const data = build();
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toBe('Restaurant');
    expect(data.name).toBe('Trattoria Il Faro');
    expect(data.telephone).toBe('+39 0923 555 0101');
    expect(data.email).toBe('ciao@ilfaro.example');
    expect(data.address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: 'Piazza Marina 3',
      postalCode: '91100',
      addressLocality: 'Trapani',
      addressRegion: 'TP',
      addressCountry: 'IT',
    });
    expect(data.geo).toEqual({ '@type': 'GeoCoordinates', latitude: 38.0198, longitude: 12.5136 });
    expect(data.hasMap).toBe('https://maps.example/?q=38.0198,12.5136');
    // A link the owner left out is not listed.
    expect(data.sameAs).toEqual(['https://www.instagram.example/ilfaro']);
    expect(data.servesCuisine).toEqual(expect.arrayContaining(['Sicilian', 'Seafood', 'Pizza']));
    // The owner's founding year and price range, as the facts hold them.
    expect(data.priceRange).toBe('€€€');
    expect(data.foundingDate).toBe('1987');
  });

  it('without a landline, gives the mobile as the telephone', () => {
    const data = build('en', hoursOf(), {
      ...FACTS,
      phones: { mobile: '+39 347 123 4567', landline: null },
    });
    expect(data.telephone).toBe('+39 347 123 4567');
  });

  it('the seeded week: Tuesday to Sunday in both ranges, and Monday absent (closed)', () => {
    const data = build();
    const tuesdayToSunday = ['Tues', 'Wednes', 'Thurs', 'Fri', 'Satur', 'Sun'].map(
      (day) => `https://schema.org/${day}day`,
    );
    expect(data.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: tuesdayToSunday,
        opens: '12:00',
        closes: '15:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: tuesdayToSunday,
        opens: '19:00',
        closes: '23:30',
      },
    ]);
    expect(JSON.stringify(data.openingHoursSpecification)).not.toContain('Monday');
    expect(data.specialOpeningHoursSpecification).toEqual([]);
    expectWellFormed(data.openingHoursSpecification, false);
  });

  it('a range past midnight closes at "01:00" on the day it opens; days with other hours apart', () => {
    const late = { open: '19:00', close: '01:00' };
    const weekly = [
      ...[1, 2, 3, 4].map((day) => ({ day, ranges: [DINNER] })),
      ...[5, 6].map((day) => ({ day, ranges: [LUNCH, late] })),
    ];
    const { openingHoursSpecification: week } = build('en', hoursOf({ weekly }));
    expect(week).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['https://schema.org/Friday', 'https://schema.org/Saturday'],
        opens: '12:00',
        closes: '15:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: [1, 2, 3, 4].map(
          (day) => `https://schema.org/${['Mon', 'Tues', 'Wednes', 'Thurs'][day - 1]}day`,
        ),
        opens: '19:00',
        closes: '23:30',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['https://schema.org/Friday', 'https://schema.org/Saturday'],
        opens: '19:00',
        closes: '01:00',
      },
    ]);
    expectWellFormed(week, false);
  });

  it('closures and special days to come as special opening hours, in date order', () => {
    const hours = hoursOf(
      {
        closures: [
          { from: '2026-01-07', to: '2026-01-31', note: 'Ferie' }, // over by 1 December
          { from: '2026-12-24', to: '2027-01-06', note: 'Chiuso per le feste' },
          { from: '2027-01-20', to: '2027-02-28' },
        ],
        exceptions: [
          { date: '2026-11-02', ranges: [DINNER] }, // past
          { date: '2026-12-31', ranges: [{ open: '20:00', close: '02:00' }] },
          { date: '2027-08-16', ranges: [LUNCH, DINNER] },
        ],
      },
      '2026-12-01',
    );
    const { specialOpeningHoursSpecification: special } = build('en', hours);
    const entry = (validFrom: string, validThrough: string, opens: string, closes: string) => ({
      '@type': 'OpeningHoursSpecification',
      validFrom,
      validThrough,
      opens,
      closes,
    });
    expect(special).toEqual([
      // New Year's Eve opens inside the Christmas closure: the closure goes round it.
      entry('2026-12-24', '2026-12-30', '00:00', '00:00'),
      entry('2026-12-31', '2026-12-31', '20:00', '02:00'),
      entry('2027-01-01', '2027-01-06', '00:00', '00:00'),
      entry('2027-01-20', '2027-02-28', '00:00', '00:00'),
      entry('2027-08-16', '2027-08-16', '12:00', '15:00'),
      entry('2027-08-16', '2027-08-16', '19:00', '23:30'),
    ]);
    expect(JSON.stringify(special)).not.toContain('Chiuso'); // notes are for people
    expectWellFormed(special, true);
    // A closure that started before today is still announced until its end.
    const during = build('en', hoursOf({ closures: [{ from: '2026-11-20', to: '2026-12-10' }] }));
    expect(during.specialOpeningHoursSpecification).toEqual([
      entry('2026-11-20', '2026-12-10', '00:00', '00:00'),
    ]);
  });

  it('makes the image and the page URLs absolute, the menu in the page language', () => {
    const english = build('en');
    expect(english.image).toBe(`${ORIGIN}/assets/hero-960-abcd1234.jpg`);
    expect(english.url).toBe(`${ORIGIN}/?lng=en`);
    expect(english.hasMenu).toBe(`${ORIGIN}/menu?lng=en`);
    const german = build('de');
    expect(german.url).toBe(`${ORIGIN}/?lng=de`);
    expect(german.hasMenu).toBe(`${ORIGIN}/menu?lng=de`);
  });

  it('accepts reservations at the booking page, in the page language', () => {
    expect(build('en').acceptsReservations).toBe(`${ORIGIN}/reservations?lng=en`);
    expect(build('de').acceptsReservations).toBe(`${ORIGIN}/reservations?lng=de`);
  });
});

describe('serializeJsonLd', () => {
  it('escapes what could end the script element, and parses back to the same data', () => {
    const data = { name: '</script><script>alert(1)</script>', note: 'a & b <!-- c -->' };
    const json = serializeJsonLd(data);
    expect(json).not.toMatch(/[<>&]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(json)).toEqual(data);
  });

  it('serialises the restaurant as valid JSON', () => {
    const data = build('de');
    expect(JSON.parse(serializeJsonLd(data))).toEqual(data);
  });
});
