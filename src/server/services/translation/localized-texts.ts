import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Lang } from '../../../shared/languages.ts';
import { TARGET_LANGS, type TargetLang } from './provider.ts';
import { fieldHashes, storedTexts, type StoredText } from './stored-texts.ts';
import type {
  FieldReview,
  LanguageFieldsReview,
  LocalizedRecord,
  TranslatableRecord,
  TranslationSource,
} from './translatable.ts';

/*
 * What the stored translations (stored-texts.ts) make of an entity's records:
 * in a visitor's language, and side by side for staff's review screen.
 * `wholeRecord` is the entity's (translatable.ts).
 */

/**
 * Records in a language: per field staff's translation of the current
 * Italian, else the machine's, else the Italian. A record says "staff" if
 * any field shows staff's text, else "machine" if any shows the machine's.
 */
export async function localizeRecords(
  db: Kysely<Database>,
  entity: string,
  wholeRecord: boolean,
  lang: Lang,
  records: readonly TranslatableRecord[],
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
  const byKey = new Map<string, StoredText[]>();
  for (const row of await storedTexts(db, entity, lang)) {
    const key = `${row.entity_id}\u0000${row.field}`;
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  for (const record of records) {
    const fields: Record<string, string> = {};
    const fieldTranslations: Record<string, TranslationSource> = {};
    let translation: TranslationSource = 'none';
    const hashes = fieldHashes(wholeRecord, record.fields);
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

/** Every target language's machine and staff text of each field of some records, in one read. */
export async function reviewRecords(
  db: Kysely<Database>,
  entity: string,
  wholeRecord: boolean,
  records: readonly TranslatableRecord[],
): Promise<Map<number, LanguageFieldsReview[]>> {
  const ids = new Set(records.map((record) => record.id));
  const rows =
    records.length === 1
      ? await storedTexts(db, entity, undefined, records[0]!.id)
      : (await storedTexts(db, entity)).filter((row) => ids.has(row.entity_id));
  const reviews = new Map<number, LanguageFieldsReview[]>();
  for (const record of records) {
    const hashes = fieldHashes(wholeRecord, record.fields);
    const of = (lang: TargetLang, field: string, kind: 'machine' | 'staff') =>
      rows.find(
        (r) => r.entity_id === record.id && r.lang === lang && r.field === field && r.kind === kind,
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
