import { sql, type Kysely } from 'kysely';

// A migration must not depend on today's `Database` type (see 001-initial.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/** The seeded sections (by the `key` migration 008 gave them) whose dishes the oven or the kitchen makes. */
const OVEN_SECTIONS = ['pizza'];
const KITCHEN_SECTIONS = ['starters', 'startersExtras', 'firstCourses', 'meatDishes', 'fishDishes'];

/**
 * The seeded drinks poured at the bar, which cannot leave the restaurant as
 * they are served: draught beers, carafes of house wine, aperitifs by the
 * glass. Named as migration 008 seeded them, within their seeded section; a
 * dish staff renamed since keeps the default (orderable).
 */
const POURED: Record<string, readonly string[]> = {
  beerAndWines: [
    'Birra alla spina 0,30 l',
    'Birra alla spina 0,40 l',
    'Vino bianco della casa 0,50 l',
    'Vino bianco frizzante 0,50 l',
    'Vino rosso della casa 0,50 l',
    'Vino bianco della casa 1 l',
    'Vino rosso della casa 1 l',
  ],
  aperitifs: ['Prosecco', 'Prosecco Aperol', 'Martini Bianco', 'Campari Soda', 'Spritz'],
};

/**
 * Takeaway orders (docs/api.md, "Menu") count what the oven and the kitchen
 * must make, so each section says who makes its dishes (`kitchen`: `oven`,
 * `kitchen`, or `none` for what is handed over ready: desserts, salads,
 * drinks), and each dish whether it can be ordered for takeaway.
 *
 * Seeded: pizzas `oven`; starters, their fried extras, first and second
 * courses `kitchen`; the other seeded sections `none`. A section staff added
 * gets `kitchen`, the column's default, as the API gives a new section: its
 * dishes then count against the kitchen's limit until staff say otherwise,
 * which can fill a slot early but never overloads the kitchen. Every dish and
 * bottled or canned drink is orderable, the poured drinks above are not.
 */
export async function up(db: AnyDatabase): Promise<void> {
  await db.schema
    .alterTable('menu_sections')
    .addColumn('kitchen', 'text', (col) =>
      col
        .notNull()
        .defaultTo('kitchen')
        .check(sql`kitchen in ('oven', 'kitchen', 'none')`),
    )
    .execute();
  await db.schema
    .alterTable('menu_items')
    .addColumn('takeaway', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(1)
        .check(sql`takeaway in (0, 1)`),
    )
    .execute();

  await db
    .updateTable('menu_sections')
    .set({ kitchen: 'none' })
    .where('key', 'is not', null)
    .execute();
  await db
    .updateTable('menu_sections')
    .set({ kitchen: 'oven' })
    .where('key', 'in', OVEN_SECTIONS)
    .execute();
  await db
    .updateTable('menu_sections')
    .set({ kitchen: 'kitchen' })
    .where('key', 'in', KITCHEN_SECTIONS)
    .execute();

  for (const [key, names] of Object.entries(POURED)) {
    await db
      .updateTable('menu_items')
      .set({ takeaway: 0 })
      .where('name', 'in', names)
      .where('section_id', 'in', db.selectFrom('menu_sections').select('id').where('key', '=', key))
      .execute();
  }
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.alterTable('menu_items').dropColumn('takeaway').execute();
  await db.schema.alterTable('menu_sections').dropColumn('kitchen').execute();
}
