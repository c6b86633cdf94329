import { ALLERGENS } from '../allergens.ts';
import { LANGUAGES } from '../languages.ts';
import { AMOUNT_PATTERN } from '../money.ts';
import { z } from './zod.ts';
import { dateText, guestContactFields, guestNotes } from './reservations.ts';

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
