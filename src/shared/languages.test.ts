import { describe, expect, it } from 'vitest';
import { langFromAcceptLanguage, pickLanguage, readCookie, toLang } from './languages.ts';

describe('pickLanguage: lng query → i18next cookie → Accept-Language → it', () => {
  it('takes the query first', () => {
    expect(pickLanguage({ query: 'de', cookie: 'fr', acceptLanguage: 'es' })).toBe('de');
  });
  it('takes the cookie when the query is missing or unsupported', () => {
    expect(pickLanguage({ query: null, cookie: 'fr', acceptLanguage: 'es' })).toBe('fr');
    expect(pickLanguage({ query: 'xx', cookie: 'fr', acceptLanguage: 'es' })).toBe('fr');
  });
  it('takes Accept-Language when there is no query or cookie', () => {
    expect(pickLanguage({ query: null, cookie: null, acceptLanguage: 'es-ES,es;q=0.9' })).toBe(
      'es',
    );
  });
  it('falls back to Italian', () => {
    expect(pickLanguage({ query: null, cookie: 'pt', acceptLanguage: 'ja,zh;q=0.5' })).toBe('it');
    expect(pickLanguage({ query: undefined, cookie: undefined, acceptLanguage: undefined })).toBe(
      'it',
    );
  });
});

describe('langFromAcceptLanguage', () => {
  it('honours q-values and order', () => {
    expect(langFromAcceptLanguage('ja, fr;q=0.4, de;q=0.8')).toBe('de');
    expect(langFromAcceptLanguage('en-GB,en;q=0.9,it;q=0.9')).toBe('en');
    expect(langFromAcceptLanguage('it;q=0, fr;q=0.1')).toBe('fr');
  });
  it('ignores garbage', () => {
    expect(langFromAcceptLanguage(';;;,q=,*')).toBeNull();
    expect(langFromAcceptLanguage('x'.repeat(10_000))).toBeNull();
  });
});

describe('toLang and readCookie', () => {
  it('accepts regions and any case, nothing else', () => {
    expect(toLang('DE-ch')).toBe('de');
    expect(toLang('en_GB')).toBe('en');
    expect(toLang('eng')).toBeNull();
    expect(toLang('')).toBeNull();
  });
  it('reads one cookie among several', () => {
    expect(readCookie('a=1; i18next=es; b=2', 'i18next')).toBe('es');
    expect(readCookie('xi18next=es', 'i18next')).toBeNull();
    expect(readCookie('i18next=%E0%A4%A', 'i18next')).toBeNull();
  });
});
