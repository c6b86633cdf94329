import { z } from './zod.ts';

/**
 * The page texts staff write (docs/api.md, "Page texts"): the restaurant's
 * own story on the home and about-us pages and each public page's meta
 * description. The interface's texts stay in the locale files.
 * `{years}` in a text is replaced by the years since the founding year.
 */

export const SITE_TEXT_MAX = 2000;

/**
 * Every key staff may write, in the order the back office lists them. The
 * shipped texts (the locale files' home.json, about.json and common.json's
 * meta descriptions) are their first content.
 */
export const SITE_TEXT_KEYS = [
  'home.hero.title',
  'home.hero.description',
  'home.facts.experience',
  'home.gallery.title',
  'home.location.title',
  'home.location.text1',
  'home.location.text2',
  'home.location.text3',
  'home.grid.title',
  'home.grid.intro',
  'home.experience.title',
  'home.experience.text1',
  'about.intro',
  'about.experience.title',
  'about.experience.text1',
  'about.experience.text2',
  'about.tonnara.title',
  'about.tonnara.text1',
  'about.tonnara.text2',
  'about.services.title',
  'about.services.text',
  'about.services.items',
  'about.services.closing',
  'meta.home.description',
  'meta.menu.description',
  'meta.about.description',
  'meta.contact.description',
  'meta.reservations.description',
] as const;
export type SiteTextKey = (typeof SITE_TEXT_KEYS)[number];

/** `GET /api/site-texts?lang=xx`. */
export const siteTextsView = z.object({
  lang: z.string(),
  texts: z.record(z.string(), z.string()),
  translation: z.record(z.string(), z.enum(['staff', 'machine', 'none'])),
});
export type SiteTextsView = z.infer<typeof siteTextsView>;
