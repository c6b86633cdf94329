import { LANGUAGES } from '../languages.ts';
import { dateText, timeText, wholeNumber, z } from './zod.ts';
import { guestContactFields, guestEmail, guestNotes, STAFF_MESSAGE_MAX } from './guest.ts';
import { guestSummary } from './guest-records.ts';
import { httpsLinkOrEmptyField } from './restaurant.ts';

/**
 * Table reservations: the payloads of /api/reservations/*, shared by the
 * routes, the guest's page and the back office. A guest's page shows its
 * own translated messages (by field and code), so the messages here are the
 * API's plain English; the staff-only schemas speak Italian like the back office.
 */

export const RESERVATION_STATUSES = [
  'pending',
  'confirmed',
  'declined',
  'cancelled',
  'no-show',
  // The evening's steps (part four): a `finished` booking frees its seats from its `finishedAt`.
  'arrived',
  'seated',
  'finished',
] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** Statuses that hold seats: the others leave their covers free (a finished one, from its end). */
export const SEATED_STATUSES: readonly ReservationStatus[] = [
  'pending',
  'confirmed',
  'arrived',
  'seated',
  'finished',
];

/** How a booking came: the guest's page, staff by phone, or a party seated as it walked in. */
export const RESERVATION_SOURCES = ['online', 'staff', 'walk-in'] as const;

/** How long a party keeps its table, by its size: the first entry whose `upTo` reaches it. */
export interface TurnByParty {
  /** The largest party of this entry; null on the last (every party larger). */
  upTo: number | null;
  minutes: number;
}

/** Slots start every 15 minutes inside the opening ranges. */
export const SLOT_MINUTES = 15;
/** The largest party the settings may allow, online or by phone. */
export const PARTY_MAX = 200;

/** The owner's settings, as the restaurant starts (docs/api.md, "Reservations"). */
export const DEFAULT_RESERVATION_SETTINGS = {
  coversPerSlot: 40,
  turnMinutes: 120,
  minNoticeMinutes: 120,
  horizonDays: 60,
  maxPartyOnline: 8,
  /** null: every online booking waits for staff. */
  autoConfirmMaxParty: null as number | null,
  /** Guests' data (bookings, takeaway orders, event requests, contact messages) is deleted this many months after it is done with. */
  retentionMonths: 24,
  turnByParty: [
    { upTo: 2, minutes: 90 },
    { upTo: 4, minutes: 120 },
    { upTo: null, minutes: 150 },
  ] as TurnByParty[],
  reviews: { enabled: false, url: '' },
  /** Whether a guest picks the area (the terrace, the room) when booking. */
  areaChoice: false,
};

/**
 * A party: a whole number in JSON, or its digits as text where everything is
 * text (a query string, a form posted without JavaScript). Nothing else is
 * read as a number: `true`, `[3]`, `"1e1"` or `" 2"` are refused, not coerced.
 */
const party = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d{1,3}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().min(1).max(PARTY_MAX));

const bookingFields = {
  ...guestContactFields,
  party,
  date: dateText,
  time: timeText,
  notes: guestNotes,
  lang: z.enum(LANGUAGES),
};

/**
 * POST /api/reservations: a guest's booking. `website` is a honeypot: people
 * never see it, so only robots fill it.
 */
/** An online-bookable area a guest chose, where the owner lets guests choose. */
const areaChoice = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^[1-9]\d{0,9}$/)
      .transform(Number),
  ])
  .pipe(
    z
      .number()
      .int()
      .min(1)
      .max(2 ** 31 - 1),
  );

export const reservationBody = z.strictObject({
  ...bookingFields,
  area: areaChoice.optional(),
  privacy: z.literal(true, { error: 'the privacy policy must be accepted' }),
  website: z.string().max(200).optional(),
});
export type ReservationBody = z.infer<typeof reservationBody>;

/**
 * POST /api/reservations/staff: a booking taken by phone. The guest may have
 * given no e-mail (then no mail is sent); `override` books past the capacity,
 * which staff are warned of first.
 */
export const staffReservationBody = z.strictObject({
  ...bookingFields,
  email: z.union([z.literal(''), guestEmail]).optional(),
  override: z.boolean().optional(),
});
export type StaffReservationBody = z.infer<typeof staffReservationBody>;

export const availabilityQuery = z.strictObject({
  date: dateText,
  party,
  area: areaChoice.optional(),
});

export const availabilityAnswer = z.object({
  date: z.string(),
  party: z.number(),
  slots: z.array(z.object({ time: z.string(), available: z.boolean() })),
});
export type AvailabilityAnswer = z.infer<typeof availabilityAnswer>;

export const createdReservationAnswer = z.object({
  id: z.number(),
  status: z.enum(RESERVATION_STATUSES),
});

/** A booking as staff see it (GET /api/reservations?date=, PATCH's answer). */
export const reservationAnswer = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  party: z.number(),
  date: z.string(),
  time: z.string(),
  status: z.enum(RESERVATION_STATUSES),
  notes: z.string(),
  lang: z.string(),
  createdAt: z.string(),
  /** Ours, beside the booking's documented fields: how it came (the guest's page, staff by phone, a walk-in). */
  source: z.enum(RESERVATION_SOURCES),
  /** The message staff gave the guest with a decline, if any. */
  staffMessage: z.string().nullable(),
  /** Booked by staff past the capacity. */
  overCapacity: z.boolean(),
  /** Its tables (empty in covers mode, or while unassigned). */
  tableIds: z.array(z.number()),
  /** The area the guest chose, or null. */
  area: z.number().nullable(),
  arrivedAt: z.string().nullable(),
  seatedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Shares a table with another booking or a hold at some moment of its turn (staff's override). */
  conflict: z.boolean(),
  /** When the guest pressed "I'll be there" in the reminder, or null. */
  guestConfirmedAt: z.string().nullable(),
  /** Staff held back this booking's review request ("non inviare"). */
  noReview: z.boolean(),
  /** The guest's record, where staff meet the guest (the day's lists); null without e-mail or phone. */
  guest: guestSummary.nullable().optional(),
});
export type Reservation = z.infer<typeof reservationAnswer>;

export const dayQuery = z.strictObject({ date: dateText });

/**
 * GET /api/reservations/occupancy?date=: covers seated at each slot of a
 * day, and covers confirmed events hold there (`held`, at most the
 * capacity), against the capacity; and the day's confirmed events.
 */
export const occupancyAnswer = z.object({
  date: z.string(),
  capacity: z.number(),
  turnMinutes: z.number(),
  slots: z.array(z.object({ time: z.string(), covers: z.number(), held: z.number() })),
  events: z.array(
    z.object({
      id: z.number(),
      /** One of events.ts `EVENT_KINDS`. */
      kind: z.string(),
      /** "lunch" or "dinner" (shared/meal-service.ts `mealServiceOf` tells a slot's). */
      service: z.string(),
      name: z.string(),
      /** Adults and children. */
      guests: z.number(),
      /** Covers held from the service's bookings, or "all". */
      holdCovers: z.union([z.number(), z.literal('all')]),
    }),
  ),
});
export type OccupancyAnswer = z.infer<typeof occupancyAnswer>;

/** A booking's id: written plainly, within the 32 bits of its column (PostgreSQL's `integer`). */
export const reservationIdParams = z.strictObject({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'must be a reservation id')
    .transform(Number)
    .pipe(z.number().max(2 ** 31 - 1, 'must be a reservation id')),
});

/**
 * PATCH /api/reservations/{id}: a new status, a move to other tables
 * (`tableIds`; `override` seats past a conflict or a table too small), or both.
 */
export const reservationStatusBody = z
  .strictObject({
    status: z
      .enum(['confirmed', 'declined', 'cancelled', 'no-show', 'arrived', 'seated', 'finished'])
      .optional(),
    message: z.string().trim().max(STAFF_MESSAGE_MAX).optional(),
    tableIds: z
      .array(
        z
          .number()
          .int()
          .min(1)
          .max(2 ** 31 - 1),
      )
      .max(8)
      .refine((ids) => new Set(ids).size === ids.length, 'Un tavolo compare due volte.')
      .optional(),
    override: z.boolean().optional(),
    /** true holds back the review request of this booking ("non inviare"), false lets it go. */
    noReview: z.boolean().optional(),
  })
  .refine(
    (body) =>
      body.status !== undefined || body.tableIds !== undefined || body.noReview !== undefined,
    {
      message: 'Indica uno stato o dei tavoli.',
      path: ['status'],
    },
  );
export type ReservationStatusBody = z.infer<typeof reservationStatusBody>;

/** POST /api/reservations/cancel: what the cancel link's page sends after the guest's press. */
export const cancelBody = z.strictObject({ token: z.string().min(1).max(200) });
/** POST /api/reservations/attend: the reminder's "I'll be there", pressed on its page. */
export const attendBody = cancelBody;
/** Its answer: the booking, and when its guest confirmed coming (null: not confirmed, e.g. cancelled). */
export const attendAnswer = createdReservationAnswer.extend({
  guestConfirmedAt: z.string().nullable(),
});

/** GET|PUT /api/reservations/settings (owner); Italian messages, like every staff form. */
/** Turn by party size: ascending `upTo`, the last one null (CONTRACT.md part four). */
const turnByParty = z
  .array(
    z.strictObject({
      upTo: wholeNumber('Turno: fino a (persone)', 1, PARTY_MAX).nullable(),
      minutes: wholeNumber('Turno (minuti)', 15, 480).refine(
        (minutes) => minutes % SLOT_MINUTES === 0,
        'Turno (minuti): un multiplo di 15.',
      ),
    }),
  )
  .max(10, 'Turno per numero di persone: al massimo 10 righe.')
  .refine(
    (turns) =>
      turns.length === 0 ||
      (turns.at(-1)!.upTo === null &&
        turns.slice(0, -1).every((turn, index) => {
          const next = turns[index + 1]!.upTo;
          return turn.upTo !== null && (next === null || turn.upTo < next);
        })),
    'Turno per numero di persone: persone in ordine crescente, l’ultima riga per tutti gli altri.',
  );

/**
 * Review requests (CONTRACT.md part four): off by default; on, they need the
 * restaurant's `https` review address (Google's "ask for reviews" link).
 */
const reviewSettings = z
  .strictObject({
    enabled: z.boolean(),
    url: httpsLinkOrEmptyField('Link per le recensioni'),
  })
  .refine((reviews) => !reviews.enabled || reviews.url !== '', {
    message: 'Link per le recensioni: serve per inviare le richieste.',
    path: ['url'],
  });
export type ReviewSettings = z.infer<typeof reviewSettings>;

/**
 * The settings' body. `coversPerSlot` null (no pace) only while the plan has
 * tables (the service checks); `turnByParty` and `areaChoice` are kept as
 * stored when left out (a form of part two still saves).
 */
export const reservationSettingsBody = z.strictObject({
  coversPerSlot: wholeNumber('Coperti per fascia', 1, 1000).nullable(),
  turnMinutes: wholeNumber('Durata di un turno (minuti)', 15, 480).refine(
    (minutes) => minutes % SLOT_MINUTES === 0,
    'Durata di un turno (minuti): un multiplo di 15.',
  ),
  minNoticeMinutes: wholeNumber('Preavviso minimo (minuti)', 0, 7 * 24 * 60),
  horizonDays: wholeNumber('Prenotabile fino a (giorni)', 1, 365),
  maxPartyOnline: wholeNumber('Persone al massimo online', 1, PARTY_MAX),
  autoConfirmMaxParty: wholeNumber('Conferma automatica fino a (persone)', 1, PARTY_MAX).nullable(),
  retentionMonths: wholeNumber('Conservazione dei dati (mesi)', 1, 120),
  turnByParty: turnByParty.optional(),
  areaChoice: z.boolean().optional(),
  reviews: reviewSettings.optional(),
});
export type ReservationSettingsBody = z.infer<typeof reservationSettingsBody>;
export type ReservationSettings = Required<ReservationSettingsBody>;

export const reservationSettingsAnswer = z.object({
  ...reservationSettingsBody.shape,
  turnByParty,
  areaChoice: z.boolean(),
  // Plain types: an answer is serialised, and the body's link check transforms (zod cannot encode it).
  reviews: z.object({ enabled: z.boolean(), url: z.string() }),
  /** The secret address of the calendar of confirmed bookings, for the restaurant's phone. */
  calendarFeedUrl: z.string(),
});
export type ReservationSettingsAnswer = z.infer<typeof reservationSettingsAnswer>;

/** The refusal codes of the reservation API (409 unless said). */
export const RESERVATION_REFUSALS = {
  /** The date and time is not a slot: closed, past, too soon, too far or off the 15 minutes. */
  notASlot: 'not-a-slot',
  /** The slot has no room left for the party. */
  full: 'slot-full',
  /** More people than the online maximum: the guest is asked to phone. */
  partyTooLarge: 'party-too-large',
  /**
   * The guest's e-mail or phone already holds, in bookings awaiting
   * confirmation on that date, as many covers as one guest may (twice the
   * largest online party).
   */
  tooManyPending: 'too-many-pending',
  /** A status change that the booking's status does not allow. */
  transition: 'invalid-transition',
  /** The cancel link is invalid or its booking's time has passed (400). */
  badToken: 'invalid-token',
  /**
   * "Non inviare" once the booking's review request was decided (the
   * morning after: sent, held back or not due): nothing left to hold (409).
   */
  reviewDecided: 'review-decided',
} as const;
