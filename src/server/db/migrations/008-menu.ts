import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { autoIncrementId, type SqlDialect } from './columns.ts';
import { INGREDIENTS, MENU, type MenuItem } from '../../../../content/menu.ts';
import type { Localized } from '../../../shared/languages.ts';

// A migration must not depend on today's `Database` type (see 001-initial.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

const TARGET_LANGS = ['en', 'fr', 'es', 'de'] as const;

/** Must match sourceHash in services/translation/source-hash.ts (a migration imports no service code). */
function sourceHash(text: string): string {
  return createHash('sha256').update(text.toWellFormed()).digest('hex');
}

/** "8", "8,50", "12.00" as whole cents. */
function cents(price: string): number {
  const [euros = '0', fraction = ''] = price.trim().split(/[.,]/);
  return Number(euros) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * The full menu moves into the database, and with it a store of translations
 * for any text (entity, id, field, language): the machine's and the one staff
 * typed, each tied to the hash of the Italian it translates.
 *
 * The menu of content/menu.ts is seeded as it is, every translation included
 * and marked as staff-written (people wrote them); from here on staff own it.
 * Sections keep the list's name as `key` (the carousel's pictures are chosen by
 * it); the starters' fried extras become a section shown under the one before.
 */
export async function up(db: AnyDatabase, dialect: SqlDialect): Promise<void> {
  const id = autoIncrementId(dialect);

  await db.schema
    .createTable('menu_sections')
    .addColumn('id', 'integer', id)
    .addColumn('key', 'text', (col) => col.unique())
    .addColumn('placement', 'text', (col) =>
      col.notNull().check(sql`placement in ('carousel', 'always', 'extras')`),
    )
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('menu_items')
    .addColumn('id', 'integer', id)
    .addColumn('section_id', 'integer', (col) =>
      col.notNull().references('menu_sections.id').onDelete('restrict'),
    )
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('ingredients', 'text', (col) => col.notNull())
    // A JSON list of allergen codes, or null while staff have not declared them.
    .addColumn('allergens', 'text')
    .addColumn('available', 'integer', (col) => col.notNull().check(sql`available in (0, 1)`))
    .addColumn('frozen', 'integer', (col) => col.notNull().check(sql`frozen in (0, 1)`))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('menu_items_section_index')
    .on('menu_items')
    .columns(['section_id', 'position'])
    .execute();

  await db.schema
    .createTable('menu_item_prices')
    .addColumn('item_id', 'integer', (col) =>
      col.notNull().references('menu_items.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('label', 'text', (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents >= 0`))
    .addPrimaryKeyConstraint('menu_item_prices_pk', ['item_id', 'position'])
    .execute();

  await db.schema
    .createTable('text_translations')
    .addColumn('entity', 'text', (col) => col.notNull())
    .addColumn('entity_id', 'integer', (col) => col.notNull())
    .addColumn('field', 'text', (col) => col.notNull())
    .addColumn('lang', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('machine', 'staff')`))
    .addColumn('source_hash', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'integer', (col) =>
      col.references('staff_users.id').onDelete('set null'),
    )
    .addPrimaryKeyConstraint('text_translations_pk', [
      'entity',
      'entity_id',
      'field',
      'lang',
      'kind',
    ])
    .execute();

  await seed(db);
}

async function seed(db: AnyDatabase): Promise<void> {
  const now = new Date().toISOString();
  const translations: Record<string, unknown>[] = [];
  const translate = (entity: string, entityId: number, field: string, text: Localized) => {
    if (text.it === '') return;
    for (const lang of TARGET_LANGS) {
      translations.push({
        entity,
        entity_id: entityId,
        field,
        lang,
        kind: 'staff',
        source_hash: sourceHash(text.it),
        text: text[lang],
        updated_at: now,
        updated_by: null,
      });
    }
  };

  const lists = MENU.flatMap((list) => [
    {
      key: list.id as string,
      placement: ['aperitifs', 'beverages'].includes(list.id) ? 'always' : 'carousel',
      title: list.title,
      items: list.items,
    },
    ...(list.extras
      ? [
          {
            key: `${list.id}Extras`,
            placement: 'extras',
            title: list.extras.title,
            items: list.extras.items,
          },
        ]
      : []),
  ]);
  for (const [position, list] of lists.entries()) {
    const section = await db
      .insertInto('menu_sections')
      .values({
        key: list.key,
        placement: list.placement,
        position,
        name: list.title.it,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    translate('menu_section', section.id, 'name', list.title);
    for (const [itemPosition, item] of (list.items as readonly MenuItem[]).entries()) {
      const ingredients = Object.fromEntries(
        (['it', ...TARGET_LANGS] as const).map((lang) => [
          lang,
          (item.ingredients ?? []).map((key) => INGREDIENTS[key][lang]).join(', '),
        ]),
      ) as Localized;
      const row = await db
        .insertInto('menu_items')
        .values({
          section_id: section.id,
          position: itemPosition,
          name: item.name.it,
          description: '',
          ingredients: ingredients.it,
          allergens: null,
          available: 1,
          frozen: 0,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('menu_item_prices')
        .values({ item_id: row.id, position: 0, label: '', amount_cents: cents(item.price) })
        .execute();
      translate('menu_item', row.id, 'name', item.name);
      translate('menu_item', row.id, 'ingredients', ingredients);
    }
  }
  // In slices: SQLite takes at most 32,766 bound values per statement.
  for (let start = 0; start < translations.length; start += 500) {
    await db
      .insertInto('text_translations')
      .values(translations.slice(start, start + 500))
      .execute();
  }
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.dropTable('text_translations').execute();
  await db.schema.dropTable('menu_item_prices').execute();
  await db.schema.dropTable('menu_items').execute();
  await db.schema.dropTable('menu_sections').execute();
}
