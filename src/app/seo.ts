import type { i18n as I18n } from 'i18next';
import type { MetaDescriptor } from 'react-router';
import { FALLBACK_LANG, LANGUAGES, type Lang } from '../shared/languages.ts';
import type { Messages } from '../shared/locales/index.ts';
import { createI18n } from './i18n/create-i18n.ts';

/** The public pages, for metadata and the sitemap. `/home` is an alias of `/`. */
export const PUBLIC_PAGES = [
  { path: '/', key: 'home' },
  { path: '/menu', key: 'menu' },
  { path: '/about-us', key: 'about' },
  { path: '/contact', key: 'contact' },
  { path: '/reservations', key: 'reservations' },
] as const;
export type PublicPageKey = (typeof PUBLIC_PAGES)[number]['key'];

/**
 * The takeaway page: public and indexed while the restaurant takes orders
 * online (the sitemap asks), its description the locale files' (the owner
 * writes none for it).
 */
export const TAKEAWAY_PAGE = { path: '/takeaway', key: 'takeaway' } as const;

/** The events page: public and indexed, its description the locale files' (the owner writes none for it). */
export const EVENTS_PAGE = { path: '/events', key: 'events' } as const;

/** The privacy page: what the restaurant keeps about its guests; public and indexed, described by the locale files. */
export const PRIVACY_PAGE = { path: '/privacy', key: 'privacy' } as const;

/** Indexed pages whose description is the locale files' rather than the owner's. */
const LOCALE_DESCRIBED_PAGES = [TAKEAWAY_PAGE.key, EVENTS_PAGE.key, PRIVACY_PAGE.key] as const;
const localeDescribed = (page: string): page is (typeof LOCALE_DESCRIBED_PAGES)[number] =>
  (LOCALE_DESCRIBED_PAGES as readonly string[]).includes(page);

/**
 * Pages that search engines must not index: the 404 page, and the pages a
 * guest's links open (their address holds the link's token).
 */
const UNINDEXED_PAGES = [
  'notFound',
  'reservationCancel',
  'reservationConfirm',
  'takeawayOrder',
  'reviewStop',
] as const;
type UnindexedPageKey = (typeof UNINDEXED_PAGES)[number];
const unindexed = (page: string): page is UnindexedPageKey =>
  (UNINDEXED_PAGES as readonly string[]).includes(page);

const OG_LOCALES: Record<Lang, string> = {
  it: 'it_IT',
  en: 'en_GB',
  fr: 'fr_FR',
  es: 'es_ES',
  de: 'de_DE',
};

/** The URL of a page in one language (`?lng=xx`), or the bare address (no parameter). */
export function pageUrl(publicUrl: string, path: string, lang?: Lang): string {
  return `${publicUrl}${path}${lang ? `?lng=${lang}` : ''}`;
}

/**
 * The x-default alternate: the Italian page, which is what a visitor whose
 * language is none of ours gets (src/server/request-language.ts). Not the
 * bare address: that one is in the visitor's browser language, canonical to
 * its `?lng=` page, and an alternate that is canonical elsewhere confuses
 * search engines (Lighthouse fails `/` for it).
 */
export function defaultLanguageUrl(publicUrl: string, path: string): string {
  return pageUrl(publicUrl, path, FALLBACK_LANG);
}

interface RootMetaData {
  lang: Lang;
  messages: Pick<Messages, 'common'>;
  publicUrl: string;
  restaurant: { name: string };
  /** The social-share picture the server drew of the current name and hero. */
  socialCard: { path: string; width: number; height: number };
}

/**
 * Title, description, canonical, hreflang alternates and Open Graph tags of a
 * public page, in the page's language, present in the server-rendered HTML
 * before any script runs. An indexed page's description is the owner's
 * (its loader's `description`: src/app/site-texts.ts), an unindexed one's and the takeaway and events pages'
 * the locale files'; `more` adds a sentence from the page's data to it.
 */
export function publicPageMeta(
  root: RootMetaData | undefined,
  page:
    | PublicPageKey
    | typeof TAKEAWAY_PAGE.key
    | typeof EVENTS_PAGE.key
    | typeof PRIVACY_PAGE.key
    | UnindexedPageKey,
  path: string,
  options: {
    /** The page loader's `description` (undefined when the loader failed). */
    description?: string | undefined;
    more?: (i18n: I18n) => string | null | undefined;
  } = {},
): MetaDescriptor[] {
  if (!root) return [];
  const { lang, messages, publicUrl, socialCard } = root;
  const { name } = root.restaurant;
  const i18n = createI18n(lang, messages);
  const t = i18n.t;
  const title = t(`meta.${page}.title`, { name });
  const extra = options.more?.(i18n);
  const own =
    unindexed(page) || localeDescribed(page)
      ? t(`meta.${page}.description`, { name })
      : (options.description ?? '');
  const description = own + (extra ? ` ${extra}.` : '');
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: name },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:image', content: `${publicUrl}${socialCard.path}` },
    { property: 'og:image:width', content: String(socialCard.width) },
    { property: 'og:image:height', content: String(socialCard.height) },
    { property: 'og:locale', content: OG_LOCALES[lang] },
    ...LANGUAGES.filter((other) => other !== lang).map((other) => ({
      property: 'og:locale:alternate',
      content: OG_LOCALES[other],
    })),
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:image', content: `${publicUrl}${socialCard.path}` },
  ];
  if (unindexed(page)) {
    return [...tags, { name: 'robots', content: 'noindex' }];
  }
  const url = pageUrl(publicUrl, path, lang);
  return [
    ...tags,
    { property: 'og:url', content: url },
    { tagName: 'link', rel: 'canonical', href: url },
    ...LANGUAGES.map((other) => ({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: other,
      href: pageUrl(publicUrl, path, other),
    })),
    {
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'x-default',
      href: defaultLanguageUrl(publicUrl, path),
    },
  ];
}

/** Staff pages are never indexed. */
export function staffPageMeta(root: RootMetaData | undefined): MetaDescriptor[] {
  const noindex = { name: 'robots', content: 'noindex, nofollow' };
  if (!root) return [noindex];
  const { name } = root.restaurant;
  return [{ title: createI18n(root.lang, root.messages).t('meta.staff.title', { name }) }, noindex];
}
