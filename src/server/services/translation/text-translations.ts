import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { Lang } from '../../../shared/languages.ts';
import { splitLines, splitList } from '../../../shared/lists.ts';
import { recordAudit, type AuditActor, type AuditEvent } from '../audit-log.ts';
import type { ContentChanges } from '../content-version.ts';
import { nowIso } from '../tokens.ts';
import {
  TARGET_LANGS,
  translateWithRetry,
  type TargetLang,
  type TranslationProvider,
} from './provider.ts';
import { recordHash, sourceHash } from './source-hash.ts';
import type {
  FieldReview,
  LanguageFieldsReview,
  LocalizedRecord,
  TranslatableEntity,
  TranslatableRecord,
  TranslationSource,
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

type Row = Pick<
  Database['text_translations'],
  'entity_id' | 'field' | 'lang' | 'kind' | 'source_hash' | 'text'
>;

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
    const rows = await this.#rows(this.#db, entity.name);
    const parts = listParts(entity);
    const texts = records.flatMap((record) => {
      const hashes = this.#hashes(entity.name, record.fields);
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
        await this.#upsert(trx, {
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

  async #upsert(trx: Kysely<Database>, row: Database['text_translations']): Promise<void> {
    const { source_hash, text, updated_at, updated_by } = row;
    await trx
      .insertInto('text_translations')
      .values(row)
      .onConflict((conflict) =>
        conflict
          .columns(['entity', 'entity_id', 'field', 'lang', 'kind'])
          .doUpdateSet({ source_hash, text, updated_at, updated_by }),
      )
      .execute();
  }

  /** Per field, the hash of the Italian its translations are stored against. */
  #hashes(entity: string, fields: Record<string, string>): Record<string, string> {
    const whole = this.#entities.get(entity)?.wholeRecord
      ? recordHash(Object.values(fields))
      : undefined;
    return Object.fromEntries(
      Object.entries(fields).map(([field, italian]) => [field, whole ?? sourceHash(italian)]),
    );
  }

  #rows(db: Kysely<Database>, entity: string, lang?: Lang, id?: number): Promise<Row[]> {
    let query = db
      .selectFrom('text_translations')
      .select(['entity_id', 'field', 'lang', 'kind', 'source_hash', 'text'])
      .where('entity', '=', entity);
    if (lang) query = query.where('lang', '=', lang);
    if (id !== undefined) query = query.where('entity_id', '=', id);
    return query.execute();
  }

  /**
   * Records in a language: per field staff's translation of the current
   * Italian, else the machine's, else the Italian. A record says "staff" if
   * any field shows staff's text, else "machine" if any shows the machine's.
   */
  async localize(
    entity: string,
    lang: Lang,
    records: readonly TranslatableRecord[],
    db: Kysely<Database> = this.#db,
  ): Promise<Map<number, LocalizedRecord>> {
    const localized = new Map<number, LocalizedRecord>();
    if (lang === 'it') {
      for (const record of records) {
        const none = Object.keys(record.fields).map((field) => [field, 'none'] as const);
        localized.set(record.id, {
          fields: { ...record.fields },
          translation: 'none',
          fieldTranslations: Object.fromEntries(none),
        });
      }
      return localized;
    }
    const byKey = new Map<string, Row[]>();
    for (const row of await this.#rows(db, entity, lang)) {
      const key = `${row.entity_id}\u0000${row.field}`;
      byKey.set(key, [...(byKey.get(key) ?? []), row]);
    }
    for (const record of records) {
      const fields: Record<string, string> = {};
      const fieldTranslations: Record<string, TranslationSource> = {};
      let translation: TranslationSource = 'none';
      const hashes = this.#hashes(entity, record.fields);
      for (const [field, italian] of Object.entries(record.fields)) {
        const current = (byKey.get(`${record.id}\u0000${field}`) ?? []).filter(
          (row) => row.source_hash === hashes[field],
        );
        const row =
          current.find((r) => r.kind === 'staff') ?? current.find((r) => r.kind === 'machine');
        fields[field] = row?.text ?? italian;
        fieldTranslations[field] = row?.kind ?? 'none';
        if (row?.kind === 'staff') translation = 'staff';
        else if (row?.kind === 'machine' && translation === 'none') translation = 'machine';
      }
      localized.set(record.id, { fields, translation, fieldTranslations });
    }
    return localized;
  }

  /** Every target language's machine and staff text of each field, for the review screen. */
  async review(entity: string, record: TranslatableRecord): Promise<LanguageFieldsReview[]> {
    return (await this.reviewRecords(entity, [record])).get(record.id)!;
  }

  /** `review` of several records of one entity (the closures' notes), in one read. */
  async reviewRecords(
    entity: string,
    records: readonly TranslatableRecord[],
  ): Promise<Map<number, LanguageFieldsReview[]>> {
    const ids = new Set(records.map((record) => record.id));
    const rows =
      records.length === 1
        ? await this.#rows(this.#db, entity, undefined, records[0]!.id)
        : (await this.#rows(this.#db, entity)).filter((row) => ids.has(row.entity_id));
    const reviews = new Map<number, LanguageFieldsReview[]>();
    for (const record of records) {
      const hashes = this.#hashes(entity, record.fields);
      const of = (lang: TargetLang, field: string, kind: 'machine' | 'staff') =>
        rows.find(
          (r) =>
            r.entity_id === record.id && r.lang === lang && r.field === field && r.kind === kind,
        );
      reviews.set(
        record.id,
        TARGET_LANGS.map((lang) => ({
          lang,
          fields: Object.fromEntries(
            Object.entries(record.fields).map(([field, italian]) => {
              const hash = hashes[field]!;
              const machine = of(lang, field, 'machine');
              const staff = of(lang, field, 'staff');
              const review: FieldReview = {
                italian,
                machine: machine?.source_hash === hash ? machine.text : null,
                staff: staff?.source_hash === hash ? staff.text : null,
                staffStale: staff !== undefined && staff.source_hash !== hash,
              };
              return [field, review];
            }),
          ),
        })),
      );
    }
    return reviews;
  }

  /**
   * Staff's own translation of some fields in one language, of the Italian
   * they were shown (`italian`, per field; every field for a record
   * translated whole). Refused if that Italian is not the current one (as
   * stored): it would be shown as the translation of a text it does not
   * describe. Runs in the caller's transaction (`trx`), with its audit entry.
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
  async saveStaffOfRecords(
    trx: Kysely<Database>,
    entity: string,
    parts: readonly {
      current: TranslatableRecord;
      texts: Record<string, string>;
      italian: Record<string, string>;
    }[],
    lang: TargetLang,
    actor: NonNullable<AuditActor>,
    audit: AuditEvent,
  ): Promise<'saved' | 'italian-changed'> {
    const checked = parts.map(({ current, texts, italian }) => {
      const fields = Object.keys(texts);
      const hashes = this.#hashes(entity, current.fields);
      // In the current record's field order: a whole record's hash depends on it.
      const shown = this.#hashes(
        entity,
        Object.fromEntries(
          Object.keys(current.fields)
            .filter((field) => italian[field] !== undefined)
            .map((field) => [field, italian[field]!]),
        ),
      );
      const same = fields.every(
        (field) => hashes[field] !== undefined && shown[field] === hashes[field],
      );
      return { current, texts, fields, hashes, same };
    });
    if (checked.some(({ same }) => !same)) return 'italian-changed';
    const now = nowIso();
    for (const { current, texts, fields, hashes } of checked) {
      for (const field of fields) {
        await this.#upsert(trx, {
          entity,
          entity_id: current.id,
          field,
          lang,
          kind: 'staff',
          source_hash: hashes[field]!,
          text: texts[field]!,
          updated_at: now,
          updated_by: actor.id,
        });
      }
    }
    await recordAudit(trx, actor, audit);
    return 'saved';
  }

  /** Back to the machine's text for one language, of one record or several; true if staff had one. */
  async removeStaff(
    trx: Kysely<Database>,
    entity: string,
    ids: number | readonly number[],
    lang: TargetLang,
  ): Promise<boolean> {
    const list = typeof ids === 'number' ? [ids] : ids;
    if (list.length === 0) return false;
    const deleted = await trx
      .deleteFrom('text_translations')
      .where('entity', '=', entity)
      .where('entity_id', 'in', list)
      .where('lang', '=', lang)
      .where('kind', '=', 'staff')
      .executeTakeFirst();
    return Number(deleted.numDeletedRows) > 0;
  }

  /** A record is gone: so are its translations (in the caller's transaction). */
  async forget(trx: Kysely<Database>, entity: string, id: number): Promise<void> {
    await trx
      .deleteFrom('text_translations')
      .where('entity', '=', entity)
      .where('entity_id', '=', id)
      .execute();
  }
}
