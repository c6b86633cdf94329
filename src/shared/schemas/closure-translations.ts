import { TARGET_LANGS } from '../languages.ts';
import { CLOSURE_NOTE_MAX, CLOSURES_MAX } from './opening-hours.ts';
import { ONE_LINE_TEXT, z } from './zod.ts';

/**
 * The closure notes' translations (docs/api.md, "Opening hours"): staff
 * review and correct them per language like every text. Each note is a
 * field named by its closure's dates, `from--to` (ISO 8601's interval, with
 * the double hyphen it allows for the solidus, which error paths would split):
 * closures share no date, so the name is unique, and the hours' answer gives it.
 */
export const closureNoteField = (closure: { from: string; to: string }) =>
  `${closure.from}--${closure.to}`;
const NOTE_FIELD = /^\d{4}-\d{2}-\d{2}--\d{4}-\d{2}-\d{2}$/;
const FIELD_FORMAT = 'una chiusura si indica con le sue date, "2026-12-24--2027-01-06".';

/** A note staff translate: trimmed, not empty, one line, like the Italian one, stored well-formed. */
const translatedNote = z
  .string({ error: 'Nota: testo non valido.' })
  .trim()
  .min(1, 'Nota: il testo non può essere vuoto.')
  .max(CLOSURE_NOTE_MAX, `Nota: al massimo ${CLOSURE_NOTE_MAX} caratteri.`)
  .regex(ONE_LINE_TEXT, 'Nota: una sola riga, senza caratteri di controllo.')
  .transform((note) => note.toWellFormed());

const isNoteField = (key: string) => key === 'italian' || NOTE_FIELD.test(key);

/** The notes translated, each by its field, and the Italian each translates. */
const translationShape = z
  .object(
    {
      italian: z.record(
        z.string().regex(NOTE_FIELD, `Nota sconosciuta: ${FIELD_FORMAT}`),
        z.string({ error: 'Nota italiana: testo non valido.' }).max(CLOSURE_NOTE_MAX),
        { error: 'Manca l\'italiano che le note tradotte traducono: {"data--data": "nota"}.' },
      ),
    },
    { error: 'Dati non validi: {"data--data": "nota", …, "italian": {…}}.' },
  )
  .catchall(translatedNote)
  .refine(
    (body) =>
      Object.keys(body).every((field) => field === 'italian' || body.italian[field] !== undefined),
    { message: "Per ogni nota tradotta serve l'italiano che traduce.", path: ['italian'] },
  );

/**
 * PUT /api/opening-hours/translations/{lang}: staff's translation of some
 * notes, by field, and the Italian each translates as the review showed it
 * (`italian`). A translation of an Italian that has changed since is
 * refused (409). A key that names no note refuses the whole body, as the
 * page texts' unknown keys do.
 */
export const closureTranslationsBody = z
  .record(z.string(), z.unknown(), {
    error: 'Dati non validi: {"data--data": "nota", …, "italian": {…}}.',
  })
  .superRefine((body, ctx) => {
    const fields = Object.keys(body).filter((key) => key !== 'italian');
    const unknown = fields.filter((key) => !isNoteField(key));
    if (unknown.length > 0) {
      ctx.addIssue({ code: 'custom', message: `Nota sconosciuta: ${FIELD_FORMAT}` });
    } else if (fields.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'Nessuna nota tradotta.' });
    } else if (fields.length > CLOSURES_MAX) {
      ctx.addIssue({ code: 'custom', message: `Al massimo ${CLOSURES_MAX} note.` });
    }
  })
  .pipe(translationShape) as unknown as z.ZodType<ClosureTranslationsBody>;

export type ClosureNotes = Record<string, string>;
export type ClosureTranslationsBody = ClosureNotes & { italian: ClosureNotes };

const notes = z.record(z.string(), z.string());

/**
 * GET /api/opening-hours/translations (staff), and the answer of a
 * translation's PUT or DELETE: per target language, the machine's notes and
 * staff's (each holding the notes it has; null when none), and whether staff
 * translated an earlier Italian of some note (that correction is not shown).
 */
export const closureTranslationsAnswer = z.object({
  translations: z.array(
    z.object({
      lang: z.enum(TARGET_LANGS),
      machine: notes.nullable(),
      staff: notes.nullable(),
      staffStale: z.boolean(),
    }),
  ),
});
export type ClosureTranslationsAnswer = z.infer<typeof closureTranslationsAnswer>;
