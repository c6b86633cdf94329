/**
 * The five languages of the public site and the rule that picks one for a
 * request: `lng` query parameter, then the
 * `i18next` cookie, then Accept-Language, then Italian.
 *
 * Isomorphic: used by the server (page cache key, loaders) and the browser.
 */
export const LANGUAGES = ['it', 'en', 'fr', 'es', 'de'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const FALLBACK_LANG: Lang = 'it';

/** The languages machine translation fills in from the Italian staff type. */
export const TARGET_LANGS = ['en', 'fr', 'es', 'de'] as const;
export type TargetLang = (typeof TARGET_LANGS)[number];

/** Names shown in the language dropdown, in this fixed order and spelling ("French" included). */
export const LANGUAGE_OPTIONS: readonly { lang: Lang; label: string; flag: string }[] = [
  { lang: 'it', label: 'Italiano', flag: 'it' },
  { lang: 'en', label: 'English', flag: 'gb' },
  { lang: 'de', label: 'Deutsch', flag: 'de' },
  { lang: 'fr', label: 'French', flag: 'fr' },
  { lang: 'es', label: 'Español', flag: 'es' },
];

/** Cookie and local-storage key that keep the visitor's choice. */
export const LANG_COOKIE = 'i18next';
export const LANG_STORAGE_KEY = 'i18nextLng';

/** A string of any case with an optional region ("de-CH") as one of ours, or null. */
export function toLang(value: string | null | undefined): Lang | null {
  const base = /^([a-z]{2})(?:[-_][a-z0-9]{1,8})*$/i.exec(value?.trim() ?? '')?.[1]?.toLowerCase();
  return base && (LANGUAGES as readonly string[]).includes(base) ? (base as Lang) : null;
}

/** The best supported language of an Accept-Language header, honouring q-values. */
export function langFromAcceptLanguage(header: string | null | undefined): Lang | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .slice(0, 32) // a header is client input: bound the work
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { lang: toLang(tag), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.lang !== null && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked[0]?.lang ?? null;
}

/** The value of one cookie in a Cookie header, or null. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq !== -1 && pair.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(pair.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

export interface LanguageSignals {
  query: string | null | undefined;
  cookie: string | null | undefined;
  acceptLanguage: string | null | undefined;
}

/** In this order: query `lng`, cookie `i18next`, Accept-Language, Italian. */
export function pickLanguage(signals: LanguageSignals): Lang {
  return (
    toLang(signals.query) ??
    toLang(signals.cookie) ??
    langFromAcceptLanguage(signals.acceptLanguage) ??
    FALLBACK_LANG
  );
}

/** The language of a Fetch API request. */
export function languageOfRequest(request: Request): Lang {
  const url = new URL(request.url);
  return pickLanguage({
    query: url.searchParams.get('lng'),
    cookie: readCookie(request.headers.get('cookie'), LANG_COOKIE),
    acceptLanguage: request.headers.get('accept-language'),
  });
}

export type Localized = Record<Lang, string>;

/**
 * Each language's locale for dates and numbers. The site's English is British
 * (GB flag, og:locale en_GB): 24-hour times and "1 March", as the restaurant
 * writes them.
 */
export const DATE_LOCALES: Record<Lang, string> = {
  it: 'it-IT',
  en: 'en-GB',
  fr: 'fr-FR',
  es: 'es-ES',
  de: 'de-DE',
};

/** A phone number as a `tel:` URL: digits and the leading + only (RFC 3966 global number). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** A guest's address as a `mailto:` URL that nothing in it can bend (RFC 6068: "@" kept). */
export const mailtoHref = (email: string) =>
  `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}`;

/** Each language's Italian name as a heading or label ("Tedesco"), as the back office shows it. */
export const LANGUAGE_LABELS_IT: Record<Lang, string> = {
  it: 'Italiano',
  en: 'Inglese',
  fr: 'Francese',
  es: 'Spagnolo',
  de: 'Tedesco',
};

/** Each language's Italian name, lower-case, as staff texts use it in a sentence. */
export const LANGUAGE_NAMES_IT: Record<Lang, string> = {
  it: 'italiano',
  en: 'inglese',
  fr: 'francese',
  es: 'spagnolo',
  de: 'tedesco',
};
