import { useMatches } from 'react-router';
import type { Lang } from '../shared/languages.ts';
import { SITE_TEXT_KEYS, type SiteTextKey } from '../shared/schemas/site-texts.ts';
import type { AppServices } from './context.ts';
import type { PublicPageKey } from './seo.ts';

/** Some page texts as visitors read them (placeholders filled in), by key. */
export type PageTexts = Partial<Record<SiteTextKey, string>>;

/**
 * For a public page's loader: its meta description and the page texts it
 * shows (the keys named after it: `home.…`, `about.…`), as the owner wrote
 * them, in `lang`. A page's hydration data holds its own texts, none of the
 * others'.
 */
export async function loadPageTexts(
  services: AppServices,
  lang: Lang,
  page: PublicPageKey,
): Promise<{ description: string; siteTexts: PageTexts }> {
  const { texts } = await services.siteTexts(lang);
  const own = SITE_TEXT_KEYS.filter((key) => key.startsWith(`${page}.`));
  return {
    description: texts[`meta.${page}.description`] ?? '',
    siteTexts: Object.fromEntries(own.map((key) => [key, texts[key] ?? ''])),
  };
}

/** The page texts the matched routes' loaders sent (`loadPageTexts`), for the page's sections. */
export function useSiteText(): (key: SiteTextKey) => string {
  const matches = useMatches();
  const texts: PageTexts = Object.assign(
    {},
    ...matches.map((match) => (match.loaderData as { siteTexts?: PageTexts } | null)?.siteTexts),
  );
  return (key) => {
    const text = texts[key];
    if (text === undefined) throw new Error(`The page's loader did not send the text ${key}.`);
    return text;
  };
}
