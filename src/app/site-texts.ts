import { useMatches } from 'react-router';
// Types only from the schemas' module: a value from there would bring zod
// into every public page's JavaScript (the loaders' half is site-texts.server.ts).
import type { SiteTextKey } from '../shared/schemas/site-texts.ts';

/** Some page texts as visitors read them (placeholders filled in), by key. */
export type PageTexts = Partial<Record<SiteTextKey, string>>;

/** The page texts the matched routes' loaders sent (`loadPageTexts`, site-texts.server.ts), for the page's sections. */
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
