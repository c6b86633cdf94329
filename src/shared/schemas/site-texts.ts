import { TARGET_LANGS } from '../languages.ts';
import { z } from './zod.ts';

/**
 * The page texts staff write (docs/api.md, "Page texts"): the restaurant's
 * own story on the home and about-us pages, the notes at the foot of the
 * menu (on /menu and its PDF) and each public page's meta description. The interface's texts stay in the locale files.
 * `{years}` in a text is replaced by the years since the founding year,
 * `{year}` by the founding year and `{place}` by the restaurant's town
 * (the facts of GET /api/restaurant): see `fillSiteText`.
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
  'menu.notes.coverCharge',
  'menu.notes.allergyNotice',
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

/** The menu's notes (the cover charge, the allergy notice), in the order /menu and its PDF print them. */
export const MENU_NOTE_KEYS = [
  'menu.notes.coverCharge',
  'menu.notes.allergyNotice',
] as const satisfies readonly SiteTextKey[];

/** A services list (`about.services.items`) holds one service per line. */
export const SITE_TEXT_LIST_KEY = 'about.services.items' satisfies SiteTextKey;

/** What a text's placeholders stand for, from the restaurant's facts and today's date. */
export interface SiteTextFacts {
  foundedYear: number;
  /** The year today, in Rome. */
  currentYear: number;
  place: string;
}

/**
 * A text as visitors read it: `{years}` is the years since the founding year
 * (so "over {years} years" keeps counting), `{year}` the founding year,
 * `{place}` the town. Any other brace is left as typed.
 */
export function fillSiteText(text: string, facts: SiteTextFacts): string {
  const values: Record<string, string> = {
    years: String(facts.currentYear - facts.foundedYear),
    year: String(facts.foundedYear),
    place: facts.place,
  };
  return text.replace(/\{(years|year|place)\}/g, (_, name: string) => values[name]!);
}

// ---------------------------------------------------------------------------
// Requests

/** A text staff write: trimmed, not empty, at most SITE_TEXT_MAX characters, stored well-formed. */
const siteText = z
  .string({ error: 'Testo non valido.' })
  .trim()
  .min(1, 'Il testo non può essere vuoto.')
  .max(SITE_TEXT_MAX, `Al massimo ${SITE_TEXT_MAX} caratteri.`)
  .transform((text) => text.toWellFormed());

/** Each key of SITE_TEXT_KEYS with the same schema, optional. */
function everyKey<T extends z.ZodType>(value: T): Record<SiteTextKey, z.ZodOptional<T>> {
  return Object.fromEntries(SITE_TEXT_KEYS.map((key) => [key, value.optional()])) as Record<
    SiteTextKey,
    z.ZodOptional<T>
  >;
}

const unknownKeys = (issue: { code?: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys'
    ? `Testo sconosciuto: ${issue.keys?.join(', ')}.`
    : 'Dati non validi: {"chiave": "testo", …}.';

/** PUT /api/site-texts: the Italian of the keys it names; an unknown key refuses it all. */
export const siteTextsBody = z
  .strictObject(everyKey(siteText), { error: unknownKeys })
  .refine(
    (body) => Object.values(body).some((text) => text !== undefined),
    'Nessun testo da salvare.',
  );
export type SiteTextsBody = z.infer<typeof siteTextsBody>;

/**
 * PUT /api/site-texts/translations/{lang}: staff's translation of some texts,
 * and the Italian each translates as the review showed it (`italian`). A
 * translation of an Italian that has changed since is refused (409).
 */
export const siteTextsTranslationBody = z
  .strictObject(
    {
      ...everyKey(siteText),
      italian: z.strictObject(everyKey(z.string().max(SITE_TEXT_MAX)), {
        error: (issue) =>
          issue.code === 'unrecognized_keys'
            ? unknownKeys(issue)
            : 'Manca il testo italiano che la traduzione traduce.',
      }),
    },
    { error: unknownKeys },
  )
  .refine((body) => SITE_TEXT_KEYS.some((key) => body[key] !== undefined), 'Nessun testo tradotto.')
  .refine(
    (body) =>
      SITE_TEXT_KEYS.every((key) => body[key] === undefined || body.italian[key] !== undefined),
    { message: "Per ogni testo tradotto serve l'italiano che traduce.", path: ['italian'] },
  );
export type SiteTextsTranslationBody = z.infer<typeof siteTextsTranslationBody>;

// ---------------------------------------------------------------------------
// Answers

const requiredKeys = <T extends z.ZodType>(value: T) =>
  z.object(Object.fromEntries(SITE_TEXT_KEYS.map((key) => [key, value])) as Record<SiteTextKey, T>);

/** PUT /api/site-texts: every text's Italian as stored, placeholders as typed. */
export const siteTextsItalianAnswer = z.object({ texts: requiredKeys(z.string()) });
export type SiteTextsItalianAnswer = z.infer<typeof siteTextsItalianAnswer>;

const fieldReview = z.object({
  /** The Italian as stored, placeholders as typed. */
  italian: z.string(),
  /** The machine translation of that Italian; null while computed or without a provider. */
  machine: z.string().nullable(),
  /** Staff's translation of that Italian; null if none. */
  staff: z.string().nullable(),
  /** Staff translated an earlier Italian: that correction is no longer shown. */
  staffStale: z.boolean(),
});

/**
 * GET /api/site-texts/translations (staff), and the answer of a translation's
 * PUT or DELETE: per target language, each text, as the back office's review
 * component takes them.
 */
export const siteTextsReviewAnswer = z.object({
  translations: z.array(
    z.object({ lang: z.enum(TARGET_LANGS), fields: requiredKeys(fieldReview) }),
  ),
});
export type SiteTextsReviewAnswer = z.infer<typeof siteTextsReviewAnswer>;
