import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Lang } from '../../../shared/languages.ts';
import { recordHash, sourceHash } from './source-hash.ts';

/*
 * The rows of `text_translations` as the translation engine
 * (text-translations.ts) and its staff side (staff-texts.ts) read and write
 * them: one text of one field of one record, in one language, by the machine
 * or by staff, stored against the hash of the Italian it translates.
 */

export type StoredText = Pick<
  Database['text_translations'],
  'entity_id' | 'field' | 'lang' | 'kind' | 'source_hash' | 'text'
>;

/** An entity's stored texts, of one language and one record if given. */
export function storedTexts(
  db: Kysely<Database>,
  entity: string,
  lang?: Lang,
  id?: number,
): Promise<StoredText[]> {
  let query = db
    .selectFrom('text_translations')
    .select(['entity_id', 'field', 'lang', 'kind', 'source_hash', 'text'])
    .where('entity', '=', entity);
  if (lang) query = query.where('lang', '=', lang);
  if (id !== undefined) query = query.where('entity_id', '=', id);
  return query.execute();
}

/** Stores one text, replacing the one of the same field, language and kind. */
export async function upsertText(
  trx: Kysely<Database>,
  row: Database['text_translations'],
): Promise<void> {
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

/**
 * Per field, the hash of the Italian its translations are stored against:
 * the field's own, or the whole record's for an entity translated whole.
 */
export function fieldHashes(
  wholeRecord: boolean,
  fields: Record<string, string>,
): Record<string, string> {
  const whole = wholeRecord ? recordHash(Object.values(fields)) : undefined;
  return Object.fromEntries(
    Object.entries(fields).map(([field, italian]) => [field, whole ?? sourceHash(italian)]),
  );
}
