import { ALLERGENS } from '../allergens.ts';
import { LANGUAGES } from '../languages.ts';
import { AMOUNT_PATTERN } from '../money.ts';
import { dateText, z } from './zod.ts';
import { guestContactFields, guestNotes } from './guest.ts';

/**
 * Events and catering: the payloads of /api/events/*, shared by the routes,
 * the guest's page and the back office (docs/api.md, "Events").
 */

export const EVENT_KINDS = [
  'baptism',
  'communion',
  'confirmation',
  'wedding',
  'birthday',
  'business',
  'other',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** How staff screens, the audit log and the owner's calendar name a kind (Italian, no article). */
export const EVENT_KIND_LABELS: Record<EventKind, string> = {
  baptism: 'Battesimo',
  communion: 'Prima comunione',
  confirmation: 'Cresima',
  wedding: 'Matrimonio',
  birthday: 'Compleanno',
  business: 'Evento aziendale',
  other: 'Altro evento',
};

/** Italian for the services, as staff screens name them. */
export const EVENT_SERVICE_LABELS = { lunch: 'pranzo', dinner: 'cena' } as const;

export const EVENT_AREAS = ['terrace', 'indoor', 'whole', 'any'] as const;
export type EventArea = (typeof EVENT_AREAS)[number];

export const EVENT_SERVICES = ['lunch', 'dinner'] as const;
export type EventService = (typeof EVENT_SERVICES)[number];

export const EVENT_STATUSES = ['new', 'talking', 'confirmed', 'lost'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** The largest party one request may bring, adults and children together. */
export const EVENT_GUESTS_MAX = 300;

/**
 * A head count: a whole number in JSON, or its digits as text where
 * everything is text (a form posted without JavaScript).
 */
const headCount = (min: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d{1,3}$/)
        .transform(Number),
    ])
    .pipe(z.number().int().min(min).max(EVENT_GUESTS_MAX));

/**
 * POST /api/events/inquiries: a guest's request for an event. The budget per
 * person is a decimal amount as text ("45", "45.50", "45,50": money.ts),
 * never a number, as every amount the site takes. `website` is a honeypot:
 * people never see it, so only robots fill it.
 */
export const eventInquiryBody = z
  .strictObject({
    kind: z.enum(EVENT_KINDS),
    date: dateText,
    altDate: dateText.optional(),
    service: z.enum(EVENT_SERVICES),
    adults: headCount(1),
    children: headCount(0),
    area: z.enum(EVENT_AREAS),
    budgetPerPerson: z
      .string()
      .trim()
      .regex(AMOUNT_PATTERN, 'must be an amount in euros, such as 45 or 45.50')
      .optional(),
    allergens: z.array(z.enum(ALLERGENS)).max(ALLERGENS.length),
    dietaryNotes: guestNotes,
    notes: guestNotes,
    ...guestContactFields,
    lang: z.enum(LANGUAGES),
    privacy: z.literal(true, { error: 'the privacy policy must be accepted' }),
    website: z.string().max(200).optional(),
  })
  .refine((body) => body.adults + body.children <= EVENT_GUESTS_MAX, {
    path: ['adults'],
    message: `at most ${EVENT_GUESTS_MAX} guests, adults and children together`,
  });
export type EventInquiryBody = z.infer<typeof eventInquiryBody>;

/** POST /api/events/inquiries answers the new request's id (0 for a robot's: nothing is kept). */
export const createdInquiryAnswer = z.object({ id: z.number() });

// ---------------------------------------------------------------------------
// Staff (bearer): the back office's "Eventi"

/** The most covers one event may hold by number; "all" holds every cover. */
export const EVENT_HOLD_MAX = 1000;
/** A reply staff write in Italian, and the translation they corrected. */
export const EVENT_REPLY_MAX = 5000;

/** What a confirmed event takes from table reservations: covers, "all", or null (none). */
export const holdCovers = z.union([z.number().int().min(0).max(EVENT_HOLD_MAX), z.literal('all')]);
export type HoldCovers = z.infer<typeof holdCovers>;

/**
 * One message of a request's thread. A staff reply's `text` is the Italian
 * staff wrote and `translation` what the guest received in their language
 * (null when the guest reads Italian).
 */
export const eventMessageAnswer = z.object({
  at: z.string(),
  from: z.enum(['guest', 'staff']),
  text: z.string(),
  translation: z.string().nullable(),
});
export type EventMessage = z.infer<typeof eventMessageAnswer>;

/** A request as staff see it (GET /api/events/inquiries, PATCH, POST …/messages). */
export const eventInquiryAnswer = z.object({
  id: z.number(),
  kind: z.enum(EVENT_KINDS),
  date: z.string(),
  altDate: z.string().nullable(),
  service: z.enum(EVENT_SERVICES),
  adults: z.number(),
  children: z.number(),
  area: z.enum(EVENT_AREAS),
  /** A decimal string ("45.00"), null when not given. */
  budgetPerPerson: z.string().nullable(),
  allergens: z.array(z.enum(ALLERGENS)),
  dietaryNotes: z.string(),
  notes: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  lang: z.enum(LANGUAGES),
  status: z.enum(EVENT_STATUSES),
  /** Only a confirmed event holds covers; null otherwise. */
  holdCovers: holdCovers.nullable(),
  /** The floor area whose tables a hold of N covers takes (an area's id), or null: anywhere. */
  holdArea: z.number().nullable(),
  /** Oldest first. */
  messages: z.array(eventMessageAnswer),
  createdAt: z.string(),
});
export type EventInquiry = z.infer<typeof eventInquiryAnswer>;

/** GET /api/events/inquiries?status=: newest request first. */
export const inquiriesQuery = z.strictObject({ status: z.enum(EVENT_STATUSES).optional() });
export const inquiriesAnswer = z.array(eventInquiryAnswer);

/**
 * PATCH /api/events/inquiries/{id}. Confirming without `holdCovers` holds
 * the request's guests (adults and children); any other status holds none.
 * `holdCovers` alone changes a confirmed event's hold, and is a 400 on a
 * request that is not, and is not being, confirmed. `holdArea` (an area's
 * id, or null for anywhere) says where the tables of a hold of N are taken.
 */
export const inquiryPatch = z
  .strictObject({
    status: z.enum(EVENT_STATUSES).optional(),
    holdCovers: holdCovers.optional(),
    holdArea: z
      .number()
      .int()
      .min(1)
      .max(2 ** 31 - 1)
      .nullable()
      .optional(),
  })
  .refine(
    (body) =>
      body.status !== undefined || body.holdCovers !== undefined || body.holdArea !== undefined,
    { message: 'send a status, covers to hold, an area, or any of them' },
  );
export type InquiryPatch = z.infer<typeof inquiryPatch>;

const replyText = z
  .string()
  .trim()
  .min(1)
  .max(EVENT_REPLY_MAX)
  .refine((text) => !text.includes('\0'), 'must not contain the character U+0000');

/**
 * POST /api/events/inquiries/{id}/messages: staff's reply in Italian. The
 * guest gets it in their language: `translation` when staff corrected the
 * machine's, else the machine's, with the Italian below it.
 */
export const inquiryReplyBody = z.strictObject({
  text: replyText,
  translation: replyText.optional(),
});
export type InquiryReplyBody = z.infer<typeof inquiryReplyBody>;

/** POST /api/events/inquiries/{id}/messages/preview: the translation the guest would get. */
export const replyPreviewBody = z.strictObject({ text: replyText });
export const replyPreviewAnswer = z.object({ translation: z.string() });

/** Refusals of the staff's event routes. */
export const EVENT_REFUSALS = {
  /**
   * No machine translation could be made (none configured, or the service
   * failed): 503, nothing sent. Staff may write the translation themselves.
   */
  translationUnavailable: 'translation-unavailable',
  /**
   * The guest's e-mail or phone already holds two requests staff have not
   * settled (`new` or `talking`; docs/security.md item 41): 409.
   */
  tooManyPending: 'too-many-pending',
} as const;
