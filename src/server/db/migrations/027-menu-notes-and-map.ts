import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';

// A migration must not depend on today's `Database` type (see 001-initial.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

const TARGET_LANGS = ['en', 'fr', 'es', 'de'] as const;

/** Must match sourceHash in services/translation/source-hash.ts (a migration imports no service code). */
function sourceHash(text: string): string {
  return createHash('sha256').update(text.toWellFormed()).digest('hex');
}

/**
 * The menu's two notes as content/menu.ts held them when this migration was
 * written, printed in Italian in every language. Copied rather than imported:
 * the seed is what was true then.
 */
const MENU_NOTES = {
  'menu.notes.coverCharge': 'Coperto 2 €',
  'menu.notes.allergyNotice':
    'In presenza di allergie e intolleranze alimentari rivolgersi al personale.',
};

/** The map provider and zoom content/restaurant.ts named then; the coordinates are the row's. */
const MAP_EMBED = { url: 'https://maps.example/embed', zoom: 15 };

/**
 * The last of the restaurant's content in code moves to the database, so that
 * the owner changes it without a developer:
 * - the menu's notes (the cover charge, the allergy notice) become two page
 *   texts (src/shared/schemas/site-texts.ts), shown on /menu and printed on
 *   the menu's PDF. They were Italian in every language, so each language's
 *   translation is seeded as the Italian itself, marked staff-written as the
 *   shipped texts were (migration 015): a visitor reads what they read
 *   before, and once the owner changes the Italian, the translation engine
 *   takes over;
 * - the map's embed address joins the restaurant's facts: the address the
 *   home page's map showed, built from this row's coordinates as the page
 *   built it. The page's CSP allows that address's origin as a frame.
 */
export async function up(db: AnyDatabase): Promise<void> {
  await db.schema
    .alterTable('restaurant_facts')
    .addColumn('map_embed_url', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  const facts = (await db
    .selectFrom('restaurant_facts')
    .select(['latitude', 'longitude'])
    .where('id', '=', 1)
    .executeTakeFirst()) as { latitude: number; longitude: number } | undefined;
  if (facts) {
    // Written by JavaScript as the page wrote it, not by SQL (each database prints numbers its way).
    const embed = `${MAP_EMBED.url}?q=${Number(facts.latitude)},${Number(facts.longitude)}&z=${MAP_EMBED.zoom}`;
    await db
      .updateTable('restaurant_facts')
      .set({ map_embed_url: embed })
      .where('id', '=', 1)
      .execute();
  }

  const now = new Date().toISOString();
  const entries = Object.entries(MENU_NOTES);
  await db
    .insertInto('site_texts')
    .values(entries.map(([key, text]) => ({ key, text, updated_at: now })))
    .execute();
  await db
    .insertInto('text_translations')
    .values(
      entries.flatMap(([key, text]) =>
        TARGET_LANGS.map((lang) => ({
          entity: 'site_texts',
          entity_id: 1,
          field: key,
          lang,
          kind: 'staff',
          source_hash: sourceHash(text),
          text,
          updated_at: now,
          updated_by: null,
        })),
      ),
    )
    .execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  const keys = Object.keys(MENU_NOTES);
  await db
    .deleteFrom('text_translations')
    .where('entity', '=', 'site_texts')
    .where('field', 'in', keys)
    .execute();
  await db.deleteFrom('site_texts').where('key', 'in', keys).execute();
  await db.schema.alterTable('restaurant_facts').dropColumn('map_embed_url').execute();
}
