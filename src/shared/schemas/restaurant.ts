import { email } from './auth.ts';
import { ONE_LINE_TEXT, z } from './zod.ts';

/**
 * The restaurant's own facts (name, phones, e-mail, address, coordinates,
 * map link and embedded map, social and privacy links, founding year, price range): the answer of GET /api/restaurant and the
 * body of PUT /api/restaurant, which accepts exactly what GET answers. Used
 * by the route and by the back office's form; messages are Italian (only the
 * owner writes). Texts are trimmed; an optional one left empty is null.
 */

export const RESTAURANT_NAME_MAX = 100;
export const STREET_MAX = 200;
export const PLACE_MAX = 100;
/** The earliest founding year taken: anything before is a typing slip. */
export const FOUNDED_YEAR_MIN = 1000;
/** schema.org's priceRange as restaurants write it, from cheap to dear. */
export const PRICE_RANGES = ['€', '€€', '€€€', '€€€€'] as const;
/** A link is at most this long, as stored (the URL's standard form). */
export const LINK_MAX = 500;
/** E.164: at most 15 digits, country code included; fewer than 8 is a typing slip. */
const PHONE_DIGITS_MIN = 8;
const PHONE_DIGITS_MAX = 15;

type Check = (text: string, ctx: z.RefinementCtx) => string;

const missing = (label: string) => `${label}: campo obbligatorio.`;
const problem = (ctx: z.RefinementCtx, message: string): never => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};

/**
 * Both databases store text as UTF-8, where a lone surrogate becomes U+FFFD:
 * taken as it will be stored, a text sent back as GET answered it is unchanged.
 */
const wellFormed = (text: string) => text.toWellFormed();

/** A trimmed text that `check` accepts (and may rewrite); required. */
const required = (label: string, check: Check) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? missing(label) : `${label}: testo non valido.`,
    })
    .trim()
    .transform(wellFormed)
    .transform((text, ctx) => (text === '' ? problem(ctx, missing(label)) : check(text, ctx)));

/** The same, or null: none (an empty text too, as a form sends it). The key itself is required. */
const optional = (label: string, check: Check) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? `${label}: campo obbligatorio (null se non c'è).`
          : `${label}: testo non valido.`,
    })
    .trim()
    .transform(wellFormed)
    .transform((text, ctx) => (text === '' ? null : check(text, ctx)))
    .nullable();

/** One line of at most `max` characters (code points, as people count them). */
const oneLine =
  (label: string, max: number): Check =>
  (text, ctx) => {
    if ([...text].length > max) return problem(ctx, `${label}: al massimo ${max} caratteri.`);
    if (!ONE_LINE_TEXT.test(text)) {
      return problem(ctx, `${label}: una sola riga, senza caratteri di controllo.`);
    }
    return text;
  };

/**
 * An international number as people write it: "+", then digits in groups
 * separated by single spaces. The pages dial it (`tel:`) with the spaces left out.
 */
const phoneNumber =
  (label: string, example: string): Check =>
  (text, ctx) => {
    const digits = text.replace(/\D/g, '').length;
    if (!/^\+\d+( \d+)*$/.test(text) || digits < PHONE_DIGITS_MIN || digits > PHONE_DIGITS_MAX) {
      return problem(
        ctx,
        `${label}: scrivilo con il prefisso internazionale, solo cifre e spazi, come ${example}.`,
      );
    }
    return text;
  };

/**
 * A link visitors follow: https only, to a named host, without a user name or
 * password in it; kept in its standard form (what browsers show), so a link
 * sent back as GET answered it is the same link.
 */
const httpsLink =
  (label: string): Check =>
  (text, ctx) => {
    const refused = `${label}: un indirizzo web che inizia con https://, come https://www.example.com/pagina.`;
    if ([...text].length > LINK_MAX)
      return problem(ctx, `${label}: al massimo ${LINK_MAX} caratteri.`);
    // The URL parser would drop line breaks and tabs silently: refuse them instead.
    if (!ONE_LINE_TEXT.test(text)) return problem(ctx, refused);
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return problem(ctx, refused);
    }
    if (url.protocol !== 'https:' || !url.hostname.includes('.') || url.username || url.password) {
      return problem(ctx, refused);
    }
    // Its standard form percent-encodes what needs it and may come out longer.
    if (url.href.length > LINK_MAX)
      return problem(ctx, `${label}: al massimo ${LINK_MAX} caratteri.`);
    return url.href;
  };

const foundedYearMessage = `Anno di fondazione: un anno intero dal ${FOUNDED_YEAR_MIN}, come 1998.`;

const coordinate = (label: string, limit: number, example: string) => {
  const message = `${label} non valida: un numero da -${limit} a ${limit}, come ${example}.`;
  return z.number({ error: message }).min(-limit, message).max(limit, message);
};

/** The error of a nested object: its expected shape, or the keys it does not know. */
const objectError =
  (shape: string) =>
  (issue: { code?: string; keys?: string[] }): string =>
    issue.code === 'unrecognized_keys'
      ? `Campo sconosciuto: ${issue.keys?.join(', ')}.`
      : `Dati non validi: ${shape}.`;

export const restaurantPhones = z.strictObject(
  {
    /** The number the book-a-table and call buttons dial. */
    mobile: required('Cellulare', phoneNumber('Cellulare', '+39 333 555 0187')),
    /** Shown to search engines beside the mobile; null: none. */
    landline: optional('Telefono fisso', phoneNumber('Telefono fisso', '+39 0924 555 0142')),
  },
  { error: objectError('{"mobile": "+39 …", "landline": "+39 …" o null}') },
);

export const restaurantAddress = z.strictObject(
  {
    street: required('Via e numero civico', oneLine('Via e numero civico', STREET_MAX)),
    postalCode: required('CAP', (text, ctx) =>
      /^[A-Za-z0-9][A-Za-z0-9 -]{0,8}[A-Za-z0-9]$/.test(text)
        ? text
        : problem(ctx, 'CAP non valido: da 2 a 10 lettere o cifre, come 91014.'),
    ),
    locality: required('Località', oneLine('Località', PLACE_MAX)),
    /** The province's code ("TP") or the region, as the address writes it. */
    region: required('Provincia', oneLine('Provincia', PLACE_MAX)),
    /** ISO 3166-1 alpha-2, as schema.org's addressCountry takes it. */
    country: required('Paese', (text, ctx) =>
      /^[A-Za-z]{2}$/.test(text)
        ? text.toUpperCase()
        : problem(ctx, 'Paese: il codice di due lettere, come IT.'),
    ),
  },
  {
    error: objectError(
      '{"street", "postalCode", "locality", "region", "country"}, come li scrive un indirizzo',
    ),
  },
);

export const restaurantGeo = z.strictObject(
  {
    latitude: coordinate('Latitudine', 90, '38.0712'),
    longitude: coordinate('Longitudine', 180, '12.8203'),
  },
  { error: objectError('{"latitude": 38.0712, "longitude": 12.8203}') },
);

export const restaurantSocial = z.strictObject(
  {
    instagram: optional('Instagram', httpsLink('Instagram')),
    facebook: optional('Facebook', httpsLink('Facebook')),
  },
  { error: objectError('{"instagram": "https://…" o null, "facebook": "https://…" o null}') },
);

/** The year the restaurant opened: the pages count its years of experience from it. */
export const foundedYear = z
  .number({ error: 'Anno di fondazione: un anno di quattro cifre, come 1998.' })
  .int('Anno di fondazione: un anno di quattro cifre, come 1998.')
  .min(1800, 'Anno di fondazione: un anno di quattro cifre, come 1998.')
  .max(2100, 'Anno di fondazione: un anno di quattro cifre, come 1998.');

/** How expensive the restaurant is, as search engines show it: € to €€€€. */
export const priceRange = z
  .string({ error: 'Fascia di prezzo: da € a €€€€.' })
  .trim()
  .regex(/^€{1,4}$/, 'Fascia di prezzo: da € a €€€€.');

/** PUT /api/restaurant: every fact, replaced at once (owner only). */
export const restaurantFactsBody = z.strictObject(
  {
    name: required('Nome del ristorante', oneLine('Nome del ristorante', RESTAURANT_NAME_MAX)),
    phones: restaurantPhones,
    email,
    address: restaurantAddress,
    geo: restaurantGeo,
    /** Opens the address in a maps site or application. */
    mapUrl: required('Link alla mappa', httpsLink('Link alla mappa')),
    /**
     * The map the home page frames once a visitor asks for it: the address a
     * maps site gives for embedding. The page's CSP allows its origin as a frame.
     * Left out (a client from before it was a fact), the stored one stays.
     */
    mapEmbedUrl: required('Mappa nella pagina', httpsLink('Mappa nella pagina')).optional(),
    social: restaurantSocial,
    privacyPolicyUrl: required('Informativa privacy', httpsLink('Informativa privacy')),
    /** The year it opened: pages say "over N years" from it. Not in the future: `restaurantFactsBodyUntil`. */
    foundedYear: z
      .number({ error: foundedYearMessage })
      .int(foundedYearMessage)
      .min(FOUNDED_YEAR_MIN, foundedYearMessage)
      .max(9999, foundedYearMessage),
    priceRange: z.enum(PRICE_RANGES, {
      error: `Fascia di prezzo: una tra ${PRICE_RANGES.join(', ')}.`,
    }),
  },
  { error: objectError('i dati del ristorante, come li dà GET /api/restaurant') },
);
export type RestaurantFactsBody = z.input<typeof restaurantFactsBody>;

/**
 * The same, with a founding year no later than `currentYear()` (the server
 * asks its own clock at each request; a form, the browser's).
 */
export const restaurantFactsBodyUntil = (currentYear: () => number) =>
  restaurantFactsBody.refine((facts) => facts.foundedYear <= currentYear(), {
    message: 'Anno di fondazione: non può essere nel futuro.',
    path: ['foundedYear'],
  });

// ---------------------------------------------------------------------------
// Answers

/** GET /api/restaurant, and PUT's answer. */
export const restaurantFacts = z.object({
  name: z.string(),
  phones: z.object({ mobile: z.string(), landline: z.string().nullable() }),
  email: z.string(),
  address: z.object({
    street: z.string(),
    postalCode: z.string(),
    locality: z.string(),
    region: z.string(),
    country: z.string(),
  }),
  geo: z.object({ latitude: z.number(), longitude: z.number() }),
  mapUrl: z.string(),
  mapEmbedUrl: z.string(),
  social: z.object({ instagram: z.string().nullable(), facebook: z.string().nullable() }),
  privacyPolicyUrl: z.string(),
  foundedYear: z.number(),
  priceRange: z.enum(PRICE_RANGES),
});
export type RestaurantFacts = z.infer<typeof restaurantFacts>;

/** A required `https` link in its standard form (the review address of CONTRACT.md part four, the map's). */
export const httpsLinkField = (label: string) => required(label, httpsLink(label));

/**
 * The same, or '' for none (the review address while requests are off): one
 * field, not a union, so that a refused link is refused in its own words.
 */
export const httpsLinkOrEmptyField = (label: string) =>
  z
    .string({ error: `${label}: testo non valido.` })
    .trim()
    .transform(wellFormed)
    .transform((text, ctx) => (text === '' ? '' : httpsLink(label)(text, ctx)));
