import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { Lang } from '../../../shared/languages.ts';
import { splitLines, splitList } from '../../../shared/lists.ts';
import type { AuditActor, AuditEvent } from '../audit-log.ts';
import type { ContentChanges } from '../content-version.ts';
import { nowIso } from '../tokens.ts';
import {
  TARGET_LANGS,
  translateWithRetry,
  type TargetLang,
  type TranslationProvider,
} from './provider.ts';
import { localizeRecords, reviewRecords } from './localized-texts.ts';
import {
  forgetTexts,
  removeStaffTexts,
  saveStaffTexts,
  type StaffTextsOfRecord,
} from './staff-texts.ts';
import { fieldHashes, storedTexts, upsertText } from './stored-texts.ts';
import type {
  LanguageFieldsReview,
  LocalizedRecord,
  TranslatableEntity,
  TranslatableRecord,
} from './translatable.ts';

const RETRY_FAILED_AFTER_MS = 60_000;

/** How an entity's texts go to the machine: a list item by item, any other text whole. */
interface ListParts {
  split(field: string, italian: string): string[];
  join(field: string, translated: string[]): string;
}

function listParts(entity: TranslatableEntity): ListParts {
  const commas = new Set(entity.listFields ?? []);
  const lines = new Set(entity.lineFields ?? []);
  return {
    split: (field, italian) =>
      commas.has(field) ? splitList(italian) : lines.has(field) ? splitLines(italian) : [italian],
    join: (field, translated) => translated.join(lines.has(field) ? '\n' : ', '),
  };
}
/** DeepL takes at most 50 texts a request. */
const TEXTS_PER_CALL = 50;

/**
 * The one translation engine for any text staff type in Italian, keyed by
 * (entity, id, field, language). Machine translations are computed when the
 * Italian is saved (never when a visitor looks) and stored against the hash
 * of the Italian they translate; a language that fails is tried again a
 * minute later. A translation staff typed wins over the machine's until the
 * Italian of that field (of any field, for a record translated whole)
 * changes; then it is "stale", kept for staff to look at again, and not shown.
 */
export class TextTranslations {
  readonly #db: Kysely<Database>;
  readonly #provider: TranslationProvider | null;
  readonly #log: FastifyBaseLogger;
  readonly #content: ContentChanges;
  readonly #entities = new Map<string, TranslatableEntity>();
  #running: Promise<void> | undefined;
  /** A refresh asked for while a round was running: one more round follows it. */
  #again = false;
  #retryTimer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(options: {
    db: Kysely<Database>;
    provider: TranslationProvider | null;
    log: FastifyBaseLogger;
    /** Machine translations change what visitors see: they are stored through it. */
    content: ContentChanges;
  }) {
    this.#db = options.db;
    this.#provider = options.provider;
    this.#log = options.log;
    this.#content = options.content;
  }

  register(entity: TranslatableEntity): void {
    this.#entities.set(entity.name, entity);
  }

  /**
   * Translates whatever is missing; resolves when every text as it is now
   * has been tried (an Italian saved during a round gets a round of its own).
   */
  refresh(): Promise<void> {
    if (!this.#provider || this.#stopped) return Promise.resolve();
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = this.#untilCurrent()
      .catch((error: unknown) => this.#log.error({ err: error }, 'machine translation failed'))
      .finally(() => {
        this.#running = undefined;
      });
    return this.#running;
  }

  /**
   * One Italian text in `target`, now: for a text that is sent rather than
   * shown (staff's reply to a guest), so nothing is stored. Null when no
   * machine translation is configured; throws when the service fails (after
   * `translateWithRetry`'s attempts).
   */
  async translateNow(italian: string, target: TargetLang): Promise<string | null> {
    if (!this.#provider) return null;
    const [translated] = await translateWithRetry(this.#provider, [italian], target);
    return translated ?? null;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#retryTimer);
    await this.#running;
  }

  async #untilCurrent(): Promise<void> {
    // What failed in an earlier round of this run: a round asked for meanwhile
    // does not try it again at once (each round gives up after its attempts);
    // the retry a minute later does, and so does the next refresh.
    const gaveUp = new Set<string>();
    do {
      this.#again = false;
      for (const entity of this.#entities.values()) {
        if (this.#stopped) return;
        await this.#translateMissing(entity, gaveUp);
      }
    } while (this.#again && !this.#stopped);
  }

  /** One round for one entity: every language's missing texts in as few calls as it takes. */
  async #translateMissing(entity: TranslatableEntity, gaveUp: Set<string>): Promise<void> {
    const records = await entity.records();
    const rows = await storedTexts(this.#db, entity.name);
    const parts = listParts(entity);
    const texts = records.flatMap((record) => {
      const hashes = fieldHashes(entity.wholeRecord ?? false, record.fields);
      return Object.entries(record.fields)
        .filter(([, italian]) => entity.wholeRecord || italian.trim() !== '')
        .map(([field, italian]) => ({ id: record.id, field, italian, hash: hashes[field]! }));
    });
    const key = (text: (typeof texts)[number], lang: TargetLang) =>
      [entity.name, text.id, text.field, lang, text.hash].join('\u0000');
    const results = await Promise.allSettled(
      TARGET_LANGS.map(async (lang) => {
        const missing = texts.filter(
          (text) =>
            !gaveUp.has(key(text, lang)) &&
            !rows.some(
              (row) =>
                row.entity_id === text.id &&
                row.field === text.field &&
                row.lang === lang &&
                row.source_hash === text.hash &&
                (row.kind === 'machine' || !entity.wholeRecord),
            ),
        );
        if (missing.length === 0) return;
        try {
          await this.#translate(entity.name, lang, missing, parts);
        } catch (error) {
          for (const text of missing) gaveUp.add(key(text, lang));
          throw error;
        }
      }),
    );
    const failed = results.filter((result) => result.status === 'rejected');
    if (failed.length > 0) {
      this.#log.warn(
        {
          entity: entity.name,
          failed: failed.map((result) => String((result as PromiseRejectedResult).reason)),
        },
        'some machine translations failed; retrying in a minute',
      );
      clearTimeout(this.#retryTimer);
      this.#retryTimer = setTimeout(() => void this.refresh(), RETRY_FAILED_AFTER_MS);
      this.#retryTimer.unref();
    }
  }

  /** Translates `missing` into `lang` and stores it, or throws. */
  async #translate(
    entity: string,
    lang: TargetLang,
    missing: readonly { id: number; field: string; italian: string; hash: string }[],
    parts: ListParts,
  ): Promise<void> {
    // A blank text (a whole record's) is its own translation: no call for it.
    const unique = [
      ...new Set(missing.flatMap((text) => parts.split(text.field, text.italian))),
    ].filter((text) => text.trim() !== '');
    const translated = new Map<string, string>();
    for (let start = 0; start < unique.length; start += TEXTS_PER_CALL) {
      const slice = unique.slice(start, start + TEXTS_PER_CALL);
      const answers = await translateWithRetry(this.#provider!, slice, lang);
      slice.forEach((text, i) => translated.set(text, answers[i]!));
    }
    const t = (text: string) => translated.get(text) ?? text;
    const now = nowIso();
    await this.#content.change(async (trx) => {
      for (const text of missing) {
        await upsertText(trx, {
          entity,
          entity_id: text.id,
          field: text.field,
          lang,
          kind: 'machine',
          source_hash: text.hash,
          text: parts.join(text.field, parts.split(text.field, text.italian).map(t)),
          updated_at: now,
          updated_by: null,
        });
      }
    });
  }

  /** Whether `entity`'s translations are of its whole record (translatable.ts). */
  #whole(entity: string): boolean {
    return this.#entities.get(entity)?.wholeRecord ?? false;
  }

  /**
   * Records in a language: per field staff's translation of the current
   * Italian, else the machine's, else the Italian (localized-texts.ts).
   */
  localize(
    entity: string,
    lang: Lang,
    records: readonly TranslatableRecord[],
    db: Kysely<Database> = this.#db,
  ): Promise<Map<number, LocalizedRecord>> {
    return localizeRecords(db, entity, this.#whole(entity), lang, records);
  }

  /** Every target language's machine and staff text of each field, for the review screen. */
  async review(entity: string, record: TranslatableRecord): Promise<LanguageFieldsReview[]> {
    return (await this.reviewRecords(entity, [record])).get(record.id)!;
  }

  /** `review` of several records of one entity (the closures' notes), in one read. */
  reviewRecords(
    entity: string,
    records: readonly TranslatableRecord[],
  ): Promise<Map<number, LanguageFieldsReview[]>> {
    return reviewRecords(this.#db, entity, this.#whole(entity), records);
  }

  /**
   * Staff's own translation of some fields in one language, of the Italian
   * they were shown; refused if that Italian is not the current one
   * (staff-texts.ts). Runs in the caller's transaction (`trx`), with its audit entry.
   */
  async saveStaff(
    trx: Kysely<Database>,
    entity: string,
    current: TranslatableRecord,
    lang: TargetLang,
    texts: Record<string, string>,
    italian: Record<string, string>,
    actor: NonNullable<AuditActor>,
    audit: AuditEvent,
  ): Promise<'saved' | 'italian-changed'> {
    return this.saveStaffOfRecords(trx, entity, [{ current, texts, italian }], lang, actor, audit);
  }

  /**
   * `saveStaff` for some fields of several records of one entity (each
   * closure's note) at once, with one audit entry: all of it is saved, or
   * none of it if any Italian shown is not the current one.
   */
  saveStaffOfRecords(
    trx: Kysely<Database>,
    entity: string,
    parts: readonly StaffTextsOfRecord[],
    lang: TargetLang,
    actor: NonNullable<AuditActor>,
    audit: AuditEvent,
  ): Promise<'saved' | 'italian-changed'> {
    return saveStaffTexts(trx, entity, this.#whole(entity), parts, lang, actor, audit);
  }

  /** Back to the machine's text for one language, of one record or several; true if staff had one. */
  removeStaff(
    trx: Kysely<Database>,
    entity: string,
    ids: number | readonly number[],
    lang: TargetLang,
  ): Promise<boolean> {
    return removeStaffTexts(trx, entity, typeof ids === 'number' ? [ids] : ids, lang);
  }

  /** A record is gone: so are its translations (in the caller's transaction). */
  forget(trx: Kysely<Database>, entity: string, id: number): Promise<void> {
    return forgetTexts(trx, entity, id);
  }
}
