import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { recordAudit, type AuditActor, type AuditEvent } from '../audit-log.ts';
import { nowIso } from '../tokens.ts';
import type { TargetLang } from './provider.ts';
import { fieldHashes, upsertText } from './stored-texts.ts';
import type { TranslatableRecord } from './translatable.ts';

/*
 * Staff's own translations, and forgetting a record's: each in the caller's
 * transaction. `wholeRecord` is the entity's (translatable.ts).
 */

/** One record's fields staff translated, with the Italian they were shown. */
export interface StaffTextsOfRecord {
  current: TranslatableRecord;
  texts: Record<string, string>;
  italian: Record<string, string>;
}

/**
 * Staff's own translation of some fields of several records of one entity,
 * in one language, of the Italian they were shown (`italian`, per field;
 * every field for a record translated whole), with one audit entry. All of
 * it is saved, or none of it if any Italian shown is not the current one (as
 * stored): it would be shown as the translation of a text it does not describe.
 */
export async function saveStaffTexts(
  trx: Kysely<Database>,
  entity: string,
  wholeRecord: boolean,
  parts: readonly StaffTextsOfRecord[],
  lang: TargetLang,
  actor: NonNullable<AuditActor>,
  audit: AuditEvent,
): Promise<'saved' | 'italian-changed'> {
  const checked = parts.map(({ current, texts, italian }) => {
    const fields = Object.keys(texts);
    const hashes = fieldHashes(wholeRecord, current.fields);
    // In the current record's field order: a whole record's hash depends on it.
    const shown = fieldHashes(
      wholeRecord,
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
      await upsertText(trx, {
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

/** Back to the machine's text for one language, of some records; true if staff had one. */
export async function removeStaffTexts(
  trx: Kysely<Database>,
  entity: string,
  ids: readonly number[],
  lang: TargetLang,
): Promise<boolean> {
  if (ids.length === 0) return false;
  const deleted = await trx
    .deleteFrom('text_translations')
    .where('entity', '=', entity)
    .where('entity_id', 'in', ids)
    .where('lang', '=', lang)
    .where('kind', '=', 'staff')
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/** A record is gone: so are its translations. */
export async function forgetTexts(
  trx: Kysely<Database>,
  entity: string,
  id: number,
): Promise<void> {
  await trx
    .deleteFrom('text_translations')
    .where('entity', '=', entity)
    .where('entity_id', '=', id)
    .execute();
}
