import { ALLERGENS, inAnnexOrder } from '../allergens.ts';
import { AMOUNT_PATTERN } from '../money.ts';
import { LANGUAGES, TARGET_LANGS } from '../languages.ts';
import { ONE_LINE_TEXT, z } from './zod.ts';

/**
 * The menu in the database (docs/api.md, "Menu"): request and answer
 * schemas in one place, used by the routes (validation and serialisation)
 * and by the back office (parsing what it receives). Messages are Italian:
 * only staff write.
 */

export const MENU_NAME_MAX = 120;
export const MENU_DESCRIPTION_MAX = 1000;
export const MENU_INGREDIENTS_MAX = 500;
export const PRICE_LABEL_MAX = 30;
/** A dish has one price, or one per size; more than six sizes is a typing slip. */
export const PRICES_MAX = 6;

/** Where a section shows on /menu: a carousel card, always below it, or under the section before. */
export const SECTION_PLACEMENTS = ['carousel', 'always', 'extras'] as const;
export type SectionPlacement = (typeof SECTION_PLACEMENTS)[number];

/**
 * Who makes a section's dishes, which takeaway counts against its limits: the
 * pizza oven, the kitchen, or nobody (desserts, salads and drinks handed over
 * ready).
 */
export const KITCHEN_GROUPS = ['oven', 'kitchen', 'none'] as const;
export type KitchenGroup = (typeof KITCHEN_GROUPS)[number];
/**
 * A section added without one: counted against the kitchen's limit until staff
 * say otherwise, which can fill a pickup slot early but never overloads it.
 */
export const DEFAULT_KITCHEN_GROUP: KitchenGroup = 'kitchen';
/** A dish added without saying: orderable for takeaway, as every seeded dish is. */
export const DEFAULT_TAKEAWAY = true;

const oneLine = (label: string, max: number) =>
  z
    .string({ error: `${label}: campo obbligatorio.` })
    .trim()
    .max(max, `${label}: al massimo ${max} caratteri.`)
    .regex(ONE_LINE_TEXT, `${label}: una sola riga, senza caratteri di controllo.`);

const menuName = (label: string) =>
  oneLine(label, MENU_NAME_MAX).min(1, `${label}: campo obbligatorio.`);

/** Free text over several lines: only the length is bounded. */
const longText = (label: string, max: number) =>
  z
    .string({ error: `${label}: testo non valido.` })
    .trim()
    .max(max, `${label}: al massimo ${max} caratteri.`);

const position = z
  .number({ error: 'Posizione non valida.' })
  .int('Posizione non valida.')
  .min(0, 'Posizione non valida.')
  .max(10_000, 'Posizione non valida.');

const placement = z.enum(SECTION_PLACEMENTS, { error: 'Posizione nella pagina non valida.' });

const kitchen = z.enum(KITCHEN_GROUPS, {
  error: 'Reparto non valido: forno, cucina o nessuno (oven, kitchen, none).',
});

export const allergenCode = z.enum(ALLERGENS, { error: 'Allergene sconosciuto.' });

/** A list of codes (each once, stored in the Annex's order), or null: not declared yet. */
export const allergenList = z
  .array(allergenCode, { error: 'Allergeni: una lista di codici, o null se non dichiarati.' })
  .max(ALLERGENS.length)
  .refine((codes) => new Set(codes).size === codes.length, 'Allergeni: ogni codice una volta sola.')
  .transform(inAnnexOrder)
  .nullable();

export const priceInput = z.strictObject({
  label: oneLine('Formato', PRICE_LABEL_MAX).default(''),
  amount: z
    .string({ error: 'Prezzo: scrivilo come 12 o 12,50.' })
    .trim()
    .regex(AMOUNT_PATTERN, 'Prezzo: scrivilo come 12 o 12,50.'),
});

/** One price with any label, or several, each with its own size label. */
export const priceList = z
  .array(priceInput, { error: 'Prezzi: almeno uno.' })
  .min(1, 'Prezzi: almeno uno.')
  .max(PRICES_MAX, `Prezzi: al massimo ${PRICES_MAX}.`)
  .refine(
    (prices) => prices.length === 1 || prices.every((price) => price.label !== ''),
    'Con più prezzi ognuno ha il suo formato (per esempio "0,30 l").',
  )
  .refine(
    (prices) => new Set(prices.map((price) => price.label.toLowerCase())).size === prices.length,
    'Due prezzi con lo stesso formato.',
  );

const sectionId = z
  .number({ error: 'Sezione non valida.' })
  .int('Sezione non valida.')
  .positive('Sezione non valida.')
  .max(2 ** 31 - 1, 'Sezione non valida.');

// ---------------------------------------------------------------------------
// Requests

export const sectionCreateBody = z.strictObject({
  name: menuName('Nome'),
  placement: placement.optional(),
  kitchen: kitchen.optional(),
});
export type SectionCreateBody = z.infer<typeof sectionCreateBody>;

export const sectionPatchBody = z.strictObject({
  name: menuName('Nome').optional(),
  position: position.optional(),
  placement: placement.optional(),
  kitchen: kitchen.optional(),
});
export type SectionPatchBody = z.infer<typeof sectionPatchBody>;

const itemFields = {
  sectionId,
  name: menuName('Nome'),
  description: longText('Descrizione', MENU_DESCRIPTION_MAX).optional(),
  ingredients: longText('Ingredienti', MENU_INGREDIENTS_MAX).optional(),
  prices: priceList,
  allergens: allergenList.optional(),
  available: z.boolean({ error: 'Disponibile: vero o falso.' }).optional(),
  frozen: z.boolean({ error: 'Prodotto congelato: vero o falso.' }).optional(),
  takeaway: z.boolean({ error: 'Ordinabile da asporto: vero o falso.' }).optional(),
};

export const itemCreateBody = z.strictObject(itemFields);
export type ItemCreateBody = z.infer<typeof itemCreateBody>;

export const itemPatchBody = z.strictObject({
  sectionId: itemFields.sectionId.optional(),
  name: itemFields.name.optional(),
  description: itemFields.description,
  ingredients: itemFields.ingredients,
  prices: itemFields.prices.optional(),
  allergens: itemFields.allergens,
  available: itemFields.available,
  frozen: itemFields.frozen,
  takeaway: itemFields.takeaway,
  position: position.optional(),
});
export type ItemPatchBody = z.infer<typeof itemPatchBody>;

/** The texts of a dish that are translated. */
export const ITEM_TEXT_FIELDS = ['name', 'description', 'ingredients'] as const;
export type ItemTextField = (typeof ITEM_TEXT_FIELDS)[number];

const translatedTexts = {
  name: menuName('Nome').optional(),
  description: longText('Descrizione', MENU_DESCRIPTION_MAX).optional(),
  ingredients: longText('Ingredienti', MENU_INGREDIENTS_MAX).optional(),
};

/**
 * PUT /api/menu/items/{id}/translations/{lang}: staff's texts, and the Italian
 * each translates as the review showed it (`italian`).
 */
export const itemTranslationBody = z
  .strictObject({
    ...translatedTexts,
    italian: z.strictObject(
      {
        name: z.string().max(MENU_NAME_MAX).optional(),
        description: z.string().max(MENU_DESCRIPTION_MAX).optional(),
        ingredients: z.string().max(MENU_INGREDIENTS_MAX).optional(),
      },
      { error: 'Manca il testo italiano che la traduzione traduce.' },
    ),
  })
  .refine(
    (body) => ITEM_TEXT_FIELDS.some((field) => body[field] !== undefined),
    'Nessun testo tradotto.',
  )
  .refine(
    (body) =>
      ITEM_TEXT_FIELDS.every(
        (field) => body[field] === undefined || body.italian[field] !== undefined,
      ),
    { message: "Per ogni testo tradotto serve l'italiano che traduce.", path: ['italian'] },
  );
export type ItemTranslationBody = z.infer<typeof itemTranslationBody>;

export const menuLangQuery = z.strictObject({
  lang: z
    .enum(LANGUAGES, { error: `Lingua non supportata: usa ${LANGUAGES.join(', ')}.` })
    .default('it'),
});

export const menuTranslationParams = z.strictObject({
  id: z.coerce
    .number({ error: 'Identificativo non valido.' })
    .int('Identificativo non valido.')
    .positive('Identificativo non valido.')
    .max(2 ** 31 - 1, 'Identificativo non valido.'),
  lang: z.enum(TARGET_LANGS, { error: `Lingua non supportata: usa ${TARGET_LANGS.join(', ')}.` }),
});

// ---------------------------------------------------------------------------
// Answers

export const priceAnswer = z.object({ label: z.string(), amount: z.string() });

export const menuItemAnswer = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  ingredients: z.string(),
  prices: z.array(priceAnswer),
  allergens: z.array(z.enum(ALLERGENS)).nullable(),
  available: z.boolean(),
  frozen: z.boolean(),
  /** Can be ordered for takeaway. */
  takeaway: z.boolean(),
  translation: z.enum(['staff', 'machine', 'none']),
});
export type MenuItemAnswer = z.infer<typeof menuItemAnswer>;

export const menuSectionAnswer = z.object({
  id: z.number(),
  name: z.string(),
  placement: z.enum(SECTION_PLACEMENTS),
  kitchen: z.enum(KITCHEN_GROUPS),
  items: z.array(menuItemAnswer),
});
export type MenuSectionAnswer = z.infer<typeof menuSectionAnswer>;

/** GET /api/menu?lang=xx */
export const menuAnswer = z.object({
  lang: z.enum(LANGUAGES),
  sections: z.array(menuSectionAnswer),
});
export type MenuAnswer = z.infer<typeof menuAnswer>;

/** POST and PATCH of a dish: the dish in Italian, with where it now stands. */
export const staffItemAnswer = menuItemAnswer.extend({
  sectionId: z.number(),
  position: z.number(),
});
export type StaffItemAnswer = z.infer<typeof staffItemAnswer>;

export const createdAnswer = z.object({ id: z.number() });

const fieldReview = z.object({
  italian: z.string(),
  machine: z.string().nullable(),
  staff: z.string().nullable(),
  staffStale: z.boolean(),
});
export type FieldReviewAnswer = z.infer<typeof fieldReview>;

/** GET /api/menu/items/{id}/translations: per target language, each text field. */
export const itemTranslationsAnswer = z.object({
  translations: z.array(
    z.object({
      lang: z.enum(TARGET_LANGS),
      fields: z.object({ name: fieldReview, description: fieldReview, ingredients: fieldReview }),
    }),
  ),
});
export type ItemTranslationsAnswer = z.infer<typeof itemTranslationsAnswer>;

/**
 * The menu as the server reads it for the public page: the answer, each
 * section also with its `key` (the seeded list it came from, which picks its
 * carousel picture; null for sections staff added). The API leaves `key` out.
 */
export type MenuView = Omit<MenuAnswer, 'sections'> & {
  sections: (MenuSectionAnswer & { key: string | null })[];
};
