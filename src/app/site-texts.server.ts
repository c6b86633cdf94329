import type { Lang } from '../shared/languages.ts';
import { SITE_TEXT_KEYS } from '../shared/schemas/site-texts.ts';
import type { AppServices } from './context.ts';
import type { PublicPageKey } from './seo.ts';
import type { PageTexts } from './site-texts.ts';

/**
 * For a public page's loader: its meta description and the page texts it
 * shows (the keys named after it: `home.…`, `about.…`), as the owner wrote
 * them, in `lang`. A page's hydration data holds its own texts, none of the
 * others'; the pages read them with `useSiteText` (src/app/site-texts.ts).
 *
 * Server-only: the key list lives beside the texts' zod schemas, and a value
 * imported from there brings zod into every public page's JavaScript
 * (docs/performance.md, "Home page JavaScript").
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
