import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { recordAudit, type AuditActor } from '../audit-log.ts';
import { nowIso } from '../tokens.ts';

/**
 * The owner's list of guest tags (GET|PUT /api/guests/tags): staff tag
 * guests only with these. A tag is one name, whatever its case.
 */

/** The owner's tags, in the order shown. */
export async function readGuestTags(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('guest_tags').select('name').orderBy('position').execute();
  return rows.map((row) => row.name);
}

/**
 * `wanted` in the list's own spelling (`listed` decides a tag's case), and
 * those of `wanted` the list lacks.
 */
export function unlistedTags(
  listed: readonly string[],
  wanted: readonly string[],
): { tags: string[]; unlisted: string[] } {
  const byName = new Map(listed.map((tag) => [tag.toLowerCase(), tag]));
  const tags: string[] = [];
  const unlisted: string[] = [];
  for (const tag of wanted) {
    const known = byName.get(tag.toLowerCase());
    if (known === undefined) unlisted.push(tag);
    else tags.push(known);
  }
  return { tags, unlisted };
}

/**
 * Replaces the owner's list with `tags` (their order is the list's), in
 * `trx`: a tag no longer listed leaves every guest who had it, a tag spelt
 * anew takes its new spelling on them. Whether any guest's tags changed.
 */
export async function replaceGuestTags(
  trx: Kysely<Database>,
  tags: readonly string[],
  actor: NonNullable<AuditActor>,
  nowMs: number,
): Promise<boolean> {
  const before = await readGuestTags(trx);
  await trx.deleteFrom('guest_tags').execute();
  if (tags.length > 0) {
    await trx
      .insertInto('guest_tags')
      .values(tags.map((name, position) => ({ name, position })))
      .execute();
  }
  // Only guests who have a tag at all: most have none.
  const tagged = await trx
    .selectFrom('guests')
    .select(['id', 'tags'])
    .where('tags', '<>', '[]')
    .execute();
  let guestsChanged = false;
  for (const guest of tagged) {
    const kept = unlistedTags(tags, JSON.parse(guest.tags) as string[]).tags;
    const stored = JSON.stringify(kept);
    if (stored === guest.tags) continue;
    guestsChanged = true;
    await trx
      .updateTable('guests')
      .set({ tags: stored, updated_at: nowIso(nowMs) })
      .where('id', '=', guest.id)
      .execute();
  }
  const removed = before.filter(
    (tag) => !tags.some((name) => name.toLowerCase() === tag.toLowerCase()),
  ).length;
  await recordAudit(trx, actor, {
    action: 'guest_tags.update',
    target: 'guest_tags',
    summary: `Etichette degli ospiti: ${tags.length} nell'elenco, ${removed} tolte.`,
  });
  return guestsChanged;
}
