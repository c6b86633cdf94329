import { guestSummary } from './guest-records.ts';
import { ONE_LINE_TEXT, wholeNumber, z } from './zod.ts';
import { PARTY_MAX } from './reservations.ts';

/**
 * The dining room as tables (CONTRACT.md part four, "Tables and the floor
 * plan"): the owner's plan of areas, tables and combinations
 * (GET|PUT /api/floor), and what staff run the evening from (the day plan,
 * walk-ins). Staff-only, so the messages are Italian like the back office.
 */

/** The largest plan a restaurant may draw: more is 400 and changes nothing. */
export const FLOOR_LIMITS = { areas: 10, tables: 200, combinations: 100 } as const;
/** A combination joins this many tables of one area. */
export const COMBINATION_TABLES = { min: 2, max: 8 } as const;
/** A table seats at most this many; a combination, the largest party. */
export const TABLE_SEATS_MAX = 50;
/** Names as staff type them: "Terrazza", "T12". */
export const FLOOR_NAME_MAX = 40;
export const TABLE_SHAPES = ['round', 'square', 'rect'] as const;
export type TableShape = (typeof TABLE_SHAPES)[number];

const name = (label: string) =>
  z
    .string({ error: `${label}: un testo.` })
    .trim()
    .min(1, `${label}: obbligatorio.`)
    .max(FLOOR_NAME_MAX, `${label}: al massimo ${FLOOR_NAME_MAX} caratteri.`)
    .regex(ONE_LINE_TEXT, `${label}: una riga, senza caratteri di controllo.`);

/**
 * An entry's id in a PUT: a stored entry's own (positive), or a placeholder
 * (negative) that a new entry carries so that others in the same plan can
 * name it (a new table in a new area, a combination of new tables). Left
 * out, the entry is new and nothing names it. The answer has real ids only.
 */
const entryId = z
  .number({ error: 'id: un numero intero.' })
  .int('id: un numero intero.')
  .min(-10_000, 'id: fuori intervallo.')
  .max(2 ** 31 - 1, 'id: fuori intervallo.')
  .refine((id) => id !== 0, 'id: non può essere 0.');

const seatRange = (max: number) => ({
  minSeats: wholeNumber('Posti minimi', 1, max),
  maxSeats: wholeNumber('Posti massimi', 1, max),
});

/** Place on the area's plan, 100 × 100, whole units; the table lies inside it. */
const place = {
  x: wholeNumber('Posizione orizzontale', 0, 99),
  y: wholeNumber('Posizione verticale', 0, 99),
  w: wholeNumber('Larghezza', 1, 100),
  h: wholeNumber('Altezza', 1, 100),
};

const areaEntry = z.strictObject({
  id: entryId.optional(),
  name: name("Nome dell'area"),
  onlineBookable: z.boolean({ error: 'Prenotabile online: sì o no.' }),
});

const tableEntry = z
  .strictObject({
    id: entryId.optional(),
    name: name('Nome del tavolo'),
    areaId: entryId,
    ...seatRange(TABLE_SEATS_MAX),
    onlineBookable: z.boolean({ error: 'Prenotabile online: sì o no.' }),
    priority: wholeNumber('Priorità', 0, 9),
    shape: z.enum(TABLE_SHAPES, { error: 'Forma: rotondo, quadrato o rettangolare.' }),
    ...place,
  })
  .refine((table) => table.minSeats <= table.maxSeats, {
    message: 'Posti minimi: non più dei massimi.',
    path: ['minSeats'],
  })
  .refine((table) => table.x + table.w <= 100 && table.y + table.h <= 100, {
    message: 'Il tavolo esce dalla pianta (100 × 100).',
    path: ['w'],
  });

const combinationEntry = z
  .strictObject({
    id: entryId.optional(),
    name: name('Nome della combinazione'),
    tableIds: z
      .array(entryId)
      .min(
        COMBINATION_TABLES.min,
        `Una combinazione unisce almeno ${COMBINATION_TABLES.min} tavoli.`,
      )
      .max(
        COMBINATION_TABLES.max,
        `Una combinazione unisce al massimo ${COMBINATION_TABLES.max} tavoli.`,
      )
      .refine((ids) => new Set(ids).size === ids.length, 'Un tavolo compare due volte.'),
    ...seatRange(PARTY_MAX),
    onlineBookable: z.boolean({ error: 'Prenotabile online: sì o no.' }),
  })
  .refine((combination) => combination.minSeats <= combination.maxSeats, {
    message: 'Posti minimi: non più dei massimi.',
    path: ['minSeats'],
  });

/**
 * PUT /api/floor: the whole plan. Which ids exist, that each table's area
 * and each combination's tables are in the plan (one area per combination)
 * and that names are unique are checked by the service (400 and 409
 * `name-taken`), with the stored plan in hand.
 */
export const floorPlanBody = z.strictObject({
  areas: z.array(areaEntry).max(FLOOR_LIMITS.areas, `Al massimo ${FLOOR_LIMITS.areas} aree.`),
  tables: z.array(tableEntry).max(FLOOR_LIMITS.tables, `Al massimo ${FLOOR_LIMITS.tables} tavoli.`),
  combinations: z
    .array(combinationEntry)
    .max(FLOOR_LIMITS.combinations, `Al massimo ${FLOOR_LIMITS.combinations} combinazioni.`),
});
export type FloorPlanBody = z.infer<typeof floorPlanBody>;

export const floorArea = z.object({
  id: z.number(),
  name: z.string(),
  onlineBookable: z.boolean(),
});
export const floorTable = z.object({
  id: z.number(),
  name: z.string(),
  areaId: z.number(),
  minSeats: z.number(),
  maxSeats: z.number(),
  onlineBookable: z.boolean(),
  priority: z.number(),
  shape: z.enum(TABLE_SHAPES),
  x: z.number(),
  y: z.number(),
  w: z.number(),
  h: z.number(),
});
export const floorCombination = z.object({
  id: z.number(),
  name: z.string(),
  tableIds: z.array(z.number()),
  minSeats: z.number(),
  maxSeats: z.number(),
  onlineBookable: z.boolean(),
});
/** GET|PUT /api/floor's answer: the stored plan, areas, tables and combinations in their order. */
export const floorPlanAnswer = z.object({
  areas: z.array(floorArea),
  tables: z.array(floorTable),
  combinations: z.array(floorCombination),
});
export type FloorPlan = z.infer<typeof floorPlanAnswer>;
export type FloorArea = FloorPlan['areas'][number];
export type FloorTable = FloorPlan['tables'][number];
export type FloorCombination = FloorPlan['combinations'][number];

/** The refusal codes of the floor plan, the moves and the walk-ins (409). */
export const FLOOR_REFUSALS = {
  /** A table or combination to remove is used by a booking still to come (their ids in the description). */
  inUse: 'table-in-use',
  /** Two areas, or two tables or combinations, share a name. */
  nameTaken: 'name-taken',
  /** A move's tables are held by another booking at some moment of its turn. */
  taken: 'table-taken',
} as const;

/** POST /api/reservations/walk-in: a party seated now. */
export const walkInBody = z.strictObject({
  party: wholeNumber('Persone', 1, PARTY_MAX),
  tableIds: z
    .array(
      z
        .number()
        .int()
        .min(1)
        .max(2 ** 31 - 1),
    )
    .min(1)
    .max(COMBINATION_TABLES.max)
    .refine((ids) => new Set(ids).size === ids.length, 'Un tavolo compare due volte.')
    .optional(),
  name: z.string().trim().max(100).regex(ONE_LINE_TEXT).optional(),
  phone: z.string().trim().max(40).regex(ONE_LINE_TEXT).optional(),
  override: z.boolean().optional(),
});
export type WalkInBody = z.infer<typeof walkInBody>;

/** A booking as the evening view draws it. */
export const planBooking = z.object({
  id: z.number(),
  name: z.string(),
  party: z.number(),
  /** Rome's wall clock of its start (a walk-in's: the minute it came). */
  time: z.string(),
  /** Its turn's real start and end (ISO): the end is the seated party's expected leave. */
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.string(),
  source: z.string(),
  tableIds: z.array(z.number()),
  /** Shares a table at some moment with another booking or an event's hold (seated past a conflict). */
  conflict: z.boolean(),
  arrivedAt: z.string().nullable(),
  seatedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** When the guest pressed "I'll be there" in the reminder, or null (the view marks the unconfirmed). */
  guestConfirmedAt: z.string().nullable(),
  /** Staff held back its review request ("non inviare"). */
  noReview: z.boolean(),
  /** The guest's record: visits, no-shows, notes (null without e-mail or phone). */
  guest: guestSummary.nullable().optional(),
});
export type PlanBooking = z.infer<typeof planBooking>;

/**
 * GET /api/reservations/plan?date=: the plan and the date's bookings on it
 * (in covers mode no areas, tables or combinations, nothing unassigned);
 * `holds`, the tables confirmed events keep for their service.
 */
export const dayPlanAnswer = z.object({
  date: z.string(),
  areas: z.array(floorArea),
  tables: z.array(floorTable),
  combinations: z.array(floorCombination),
  bookings: z.array(planBooking),
  unassigned: z.array(z.number()),
  holds: z.array(
    z.object({
      eventId: z.number(),
      name: z.string(),
      tableIds: z.array(z.number()),
      startsAt: z.string(),
      endsAt: z.string(),
    }),
  ),
});
export type DayPlan = z.infer<typeof dayPlanAnswer>;
