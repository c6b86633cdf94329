import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/database.ts';
import {
  inOpeningOrder,
  openingOn,
  RESTAURANT_TIME_ZONE,
  romeDateReader,
} from '../../shared/opening-hours.ts';
import {
  specialDayOverlaps,
  type OpeningHoursAnswer,
  type OpeningHoursBody,
} from '../../shared/schemas/opening-hours.ts';
import {
  closureNoteField,
  type ClosureNotes,
  type ClosureTranslationsAnswer,
} from '../../shared/schemas/closure-translations.ts';
import {
  LANGUAGE_NAMES_IT,
  TARGET_LANGS,
  type Lang,
  type TargetLang,
} from '../../shared/languages.ts';
import { recordAudit, type AuditActor } from './audit-log.ts';
import { byText, describeChanges, noteOf } from './opening-hours-changes.ts';
import { ContentMemo, type ContentChanges } from './content-version.ts';
import type { TextTranslations } from './translation/text-translations.ts';
import type { TranslatableRecord } from './translation/translatable.ts';
import { languageTexts } from './translation/language-texts.ts';

type Actor = NonNullable<AuditActor>;
type ClosureRow = Selectable<Database['opening_closures']>;
/** The answer without `today`: what changes only with the content. */
export type ScheduleView = Omit<OpeningHoursAnswer, 'today'>;

const CLOSURE = 'closure';

/** A replace refused because a special day kept as it is would overlap the new week. */
export type ReplaceOutcome =
  { ok: true } | { ok: false; problems: { index: number; message: string }[] };

function closureTexts(row: ClosureRow): TranslatableRecord {
  return { id: row.id, fields: { note: row.note ?? '' } };
}

/**
 * Opening hours, closures and special days (docs/api.md, "Opening hours"), kept in
 * the database and computed by the rules of src/shared/opening-hours.ts.
 * Closure notes are typed in Italian and translated by the translation
 * engine (entity `closure`, field `note`). A replace goes through
 * `content.change` with its audit entry; visitors' views are kept per content
 * version, and `today` per date in Rome on top of them, so a kept answer never
 * outlives midnight in Rome. The clock is `now` (tests move it).
 */
export class OpeningHoursService {
  readonly #db: Kysely<Database>;
  readonly #content: ContentChanges;
  readonly #translations: TextTranslations;
  readonly #views: ContentMemo<Lang, ScheduleView>;
  readonly #answers = new WeakMap<ScheduleView, OpeningHoursAnswer>();
  /** Today in Rome at the service's clock, worked out again only when the day changes. */
  readonly #today: () => string;
  readonly #onChange: () => void;

  constructor(options: {
    db: Kysely<Database>;
    content: ContentChanges;
    translations: TextTranslations;
    contentVersion: () => Promise<number | undefined>;
    /** The current instant (ms); Date.now by default. */
    now?: () => number;
    /** After a replace has committed: the machine translates the notes that changed. */
    onChange?: () => void;
  }) {
    this.#db = options.db;
    this.#content = options.content;
    this.#translations = options.translations;
    this.#views = new ContentMemo(options.contentVersion);
    this.#today = romeDateReader(options.now ?? Date.now);
    this.#onChange = options.onChange ?? (() => {});
    this.#translations.register({
      name: CLOSURE,
      records: async () =>
        (await this.#db.selectFrom('opening_closures').selectAll().orderBy('id').execute()).map(
          closureTexts,
        ),
    });
  }

  /** The hours with closure notes in `lang`, and today as it is now in Rome. */
  async get(lang: Lang): Promise<OpeningHoursAnswer> {
    const view = await this.#views.get(lang, () => this.#read(lang));
    const date = this.#today();
    const kept = this.#answers.get(view);
    if (kept?.today.date === date) return kept;
    const { open, ranges } = openingOn(view, date);
    const answer = { ...view, today: { date, open, ranges } };
    this.#answers.set(view, answer);
    return answer;
  }

  async #read(lang: Lang, db: Kysely<Database> = this.#db): Promise<ScheduleView> {
    const [weekly, closures, exceptions] = await Promise.all([
      db
        .selectFrom('opening_weekly_ranges')
        .selectAll()
        .orderBy('day')
        .orderBy('position')
        .execute(),
      db.selectFrom('opening_closures').selectAll().orderBy('from_date').orderBy('id').execute(),
      db
        .selectFrom('opening_exception_ranges')
        .selectAll()
        .orderBy('date')
        .orderBy('position')
        .execute(),
    ]);
    const notes = await this.#translations.localize(CLOSURE, lang, closures.map(closureTexts), db);
    const range = (row: { open_time: string; close_time: string }) => ({
      open: row.open_time,
      close: row.close_time,
    });
    const rangesOf = Map.groupBy(weekly, (row) => row.day);
    const specialDays = Map.groupBy(exceptions, (row) => row.date);
    return {
      timezone: RESTAURANT_TIME_ZONE,
      weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({
        day,
        ranges: (rangesOf.get(day) ?? []).map(range),
      })),
      closures: closures.map((row) => ({
        from: row.from_date,
        to: row.to_date,
        note: notes.get(row.id)!.fields.note || null,
      })),
      exceptions: [...specialDays].map(([date, rows]) => ({ date, ranges: rows.map(range) })),
    };
  }

  /**
   * The week and the closures become `input`'s, and the special days too when
   * it has them (else they stay), in one content change with one audit
   * entry. Ranges are kept in opening order, closures and special days in
   * date order. A closure keeps its id, and so its note's translations, when
   * its dates or its note stay the same. A replace that changes nothing
   * writes nothing.
   */
  async replace(input: OpeningHoursBody, actor: Actor): Promise<ReplaceOutcome> {
    let changed = false;
    const outcome = await this.#content.change(
      async (trx): Promise<ReplaceOutcome> => {
        // One replace at a time: on PostgreSQL this waits for any other one to commit.
        await trx
          .updateTable('content_version')
          .set((eb) => ({ version: eb.ref('version') }))
          .where('id', '=', 1)
          .execute();
        const before = await this.#read('it', trx);
        const after: ScheduleView = {
          timezone: RESTAURANT_TIME_ZONE,
          weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({
            day,
            ranges: inOpeningOrder(input.weekly.find((d) => d.day === day)?.ranges ?? []),
          })),
          closures: input.closures
            // Notes as the database keeps them (well-formed), so that an unchanged one compares equal.
            .map(({ from, to, note }) => ({ from, to, note: note?.toWellFormed() ?? null }))
            .sort(byText((closure) => closure.from)),
          exceptions: (input.exceptions ?? before.exceptions)
            .map((day) => ({ date: day.date, ranges: inOpeningOrder(day.ranges) }))
            .sort(byText((day) => day.date)),
        };
        if (!input.exceptions) {
          const problems = specialDayOverlaps(after);
          if (problems.length > 0) return { ok: false, problems };
        }
        const changes = describeChanges(before, after);
        if (changes.length === 0) return { ok: true };
        await this.#write(trx, after);
        await recordAudit(trx, actor, {
          action: 'opening_hours.update',
          target: 'opening_hours',
          summary: `Orari di apertura aggiornati: ${changes.join('; ')}.`,
        });
        changed = true;
        return { ok: true };
      },
      () => changed,
    );
    if (changed) this.#onChange();
    return outcome;
  }

  /** The closures that have a note, by their field in the translations' review (their dates). */
  async #notedClosures(db: Kysely<Database> = this.#db): Promise<Map<string, ClosureRow>> {
    const rows = await db
      .selectFrom('opening_closures')
      .selectAll()
      .where('note', 'is not', null)
      .orderBy('from_date')
      .execute();
    return new Map(
      rows.map((row) => [closureNoteField({ from: row.from_date, to: row.to_date }), row]),
    );
  }

  /**
   * Every language's machine and staff translation of each closure's note,
   * a field per note: the review that translation-review.ts's routes answer.
   */
  async translations(): Promise<ClosureTranslationsAnswer> {
    const closures = [...(await this.#notedClosures())];
    const reviews = await this.#translations.reviewRecords(
      CLOSURE,
      closures.map(([, row]) => closureTexts(row)),
    );
    const noteIn = (row: ClosureRow, lang: TargetLang) =>
      reviews.get(row.id)!.find((review) => review.lang === lang)!.fields.note!;
    return {
      translations: TARGET_LANGS.map((lang) =>
        languageTexts(
          {
            lang,
            fields: Object.fromEntries(closures.map(([field, row]) => [field, noteIn(row, lang)])),
          },
          false,
        ),
      ),
    };
  }

  /**
   * Staff's own translation of some notes in one language, of the Italian
   * they were shown (`italian`, by field). Refused, all of it, if any of that
   * Italian has changed since, or its closure is gone.
   */
  async saveTranslation(
    lang: TargetLang,
    notes: ClosureNotes,
    italian: ClosureNotes,
    actor: Actor,
  ): Promise<'saved' | 'italian-changed'> {
    const fields = Object.keys(notes);
    return this.#content.change(
      async (trx) => {
        const closures = await this.#notedClosures(trx);
        if (fields.some((field) => !closures.has(field))) return 'italian-changed';
        return this.#translations.saveStaffOfRecords(
          trx,
          CLOSURE,
          fields.map((field) => ({
            current: closureTexts(closures.get(field)!),
            texts: { note: notes[field]! },
            italian: { note: italian[field]! },
          })),
          lang,
          actor,
          {
            action: 'opening_hours.translation.update',
            target: `opening_hours:${lang}`,
            summary: `Traduzione delle note di chiusura in ${LANGUAGE_NAMES_IT[lang]} corretta a mano: ${fields.map(noteOf).join(', ')}.`,
          },
        );
      },
      (outcome) => outcome === 'saved',
    );
  }

  /** Back to the machine's translation of every closure note in one language. */
  async removeTranslation(lang: TargetLang, actor: Actor): Promise<void> {
    let removed = false;
    await this.#content.change(
      async (trx) => {
        const ids = [...(await this.#notedClosures(trx)).values()].map((row) => row.id);
        removed = await this.#translations.removeStaff(trx, CLOSURE, ids, lang);
        if (removed) {
          await recordAudit(trx, actor, {
            action: 'opening_hours.translation.reset',
            target: `opening_hours:${lang}`,
            summary: `Traduzione delle note di chiusura in ${LANGUAGE_NAMES_IT[lang]} riportata a quella automatica.`,
          });
        }
      },
      () => removed,
    );
    // Staff's text stood for the machine's: the machine translates those notes now.
    if (removed) this.#onChange();
  }

  async #write(trx: Kysely<Database>, after: ScheduleView): Promise<void> {
    await trx.deleteFrom('opening_weekly_ranges').execute();
    const weekly = after.weekly.flatMap(({ day, ranges }) =>
      ranges.map((range, position) => ({
        day,
        position,
        open_time: range.open,
        close_time: range.close,
      })),
    );
    if (weekly.length > 0) await trx.insertInto('opening_weekly_ranges').values(weekly).execute();

    await trx.deleteFrom('opening_exception_ranges').execute();
    const special = after.exceptions.flatMap(({ date, ranges }) =>
      ranges.map((range, position) => ({
        date,
        position,
        open_time: range.open,
        close_time: range.close,
      })),
    );
    if (special.length > 0) {
      await trx.insertInto('opening_exception_ranges').values(special).execute();
    }

    // Closures: the same dates, else the same note, keeps a row (and its translations).
    const rows = await trx.selectFrom('opening_closures').selectAll().execute();
    const unused = new Set(rows);
    const take = (found: ClosureRow | undefined) => {
      if (found) unused.delete(found);
      return found;
    };
    const sameDates = after.closures.map((closure) =>
      take([...unused].find((row) => row.from_date === closure.from && row.to_date === closure.to)),
    );
    const kept = after.closures.map(
      (closure, i) =>
        sameDates[i] ??
        (closure.note === null
          ? undefined
          : take([...unused].find((row) => row.note === closure.note))),
    );
    for (const row of unused) {
      await trx.deleteFrom('opening_closures').where('id', '=', row.id).execute();
      await this.#translations.forget(trx, CLOSURE, row.id);
    }
    for (const [i, closure] of after.closures.entries()) {
      const row = kept[i];
      const values = { from_date: closure.from, to_date: closure.to, note: closure.note };
      if (!row) await trx.insertInto('opening_closures').values(values).execute();
      else if (
        row.from_date !== closure.from ||
        row.to_date !== closure.to ||
        row.note !== closure.note
      ) {
        await trx.updateTable('opening_closures').set(values).where('id', '=', row.id).execute();
      }
    }
  }
}
