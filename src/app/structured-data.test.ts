import { describe, expect, it } from 'vitest';
import { restaurant } from '../../content/restaurant.ts';
import { restaurantJsonLd, serializeJsonLd } from './structured-data.ts';

const ORIGIN = 'https://www.trattoria.example';
const build = (lang: 'en' | 'de' = 'en') =>
  restaurantJsonLd({ lang, publicUrl: ORIGIN, imagePath: '/assets/hero-960-abcd1234.jpg' });

describe('restaurantJsonLd (schema.org Restaurant)', () => {
  it('names the restaurant with its address, coordinates and telephone', () => {
    const data = build();
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toBe('Restaurant');
    expect(data.name).toBe(restaurant.name);
    expect(data.telephone).toBe(restaurant.phone);
    expect(data.address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: 'Via Lungomare 12',
      postalCode: '91014',
      addressLocality: 'Scopello',
      addressRegion: 'TP',
      addressCountry: 'IT',
    });
    expect(data.geo).toEqual({
      '@type': 'GeoCoordinates',
      latitude: restaurant.geo.latitude,
      longitude: restaurant.geo.longitude,
    });
    expect(data.servesCuisine).toEqual(expect.arrayContaining(['Sicilian', 'Seafood', 'Pizza']));
    expect(data.priceRange).toBe(restaurant.priceRange);
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
