import { describe, expect, it } from 'vitest';
import { restaurant } from '../../content/restaurant.ts';
import type { RestaurantFacts } from '../shared/schemas/restaurant.ts';
import { restaurantJsonLd, serializeJsonLd } from './structured-data.ts';

const ORIGIN = 'https://www.trattoria.example';
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
  social: { instagram: 'https://www.instagram.example/ilfaro', facebook: null },
  privacyPolicyUrl: 'https://privacy.example/ilfaro',
};
const build = (lang: 'en' | 'de' = 'en', facts = FACTS) =>
  restaurantJsonLd({ lang, publicUrl: ORIGIN, imagePath: '/assets/hero-960-abcd1234.jpg', facts });

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
    expect(data.priceRange).toBe(restaurant.priceRange);
  });

  it('without a landline, gives the mobile as the telephone', () => {
    const data = build('en', { ...FACTS, phones: { mobile: '+39 347 123 4567', landline: null } });
    expect(data.telephone).toBe('+39 347 123 4567');
  });

  it('is open Tuesday to Sunday in both intervals, and Monday is absent (closed)', () => {
    const { openingHoursSpecification: hours } = build();
    expect(hours).toHaveLength(restaurant.openingHours.length);
    for (const [index, interval] of restaurant.openingHours.entries()) {
      expect(hours[index]).toEqual({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
        opens: interval.opens,
        closes: interval.closes,
      });
    }
    expect(JSON.stringify(hours)).not.toContain('Monday');
  });

  it('makes the image and the page URLs absolute, the menu in the page language', () => {
    const english = build('en');
    expect(english.image).toBe(`${ORIGIN}/assets/hero-960-abcd1234.jpg`);
    expect(english.url).toBe(`${ORIGIN}/?lng=en`);
    expect(english.hasMenu).toBe(`${ORIGIN}/menu?lng=en`);
    expect(english.inLanguage).toBe('en');
    const german = build('de');
    expect(german.hasMenu).toBe(`${ORIGIN}/menu?lng=de`);
    expect(german.inLanguage).toBe('de');
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
