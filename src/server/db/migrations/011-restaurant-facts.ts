import { sql, type Kysely } from 'kysely';

// A migration must not depend on today's `Database` type (see 001-initial.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/**
 * The facts content/restaurant.ts held when this migration was written (its
 * placeholders: a fictional name, `example` domains). Copied rather than
 * imported: the seed is what was true then, whatever that file says later.
 */
const SEEDED_FACTS = {
  id: 1,
  name: 'Trattoria La Tonnara',
  mobile_phone: '+39 333 555 0187',
  landline_phone: '+39 0924 555 0142',
  email: 'info@latonnara.example',
  street: 'Via Lungomare 12',
  postal_code: '91014',
  locality: 'Scopello',
  region: 'TP',
  country: 'IT',
  latitude: 38.0712,
  longitude: 12.8203,
  map_url: 'https://maps.example/?q=38.0712,12.8203',
  instagram_url: 'https://www.instagram.example/latonnara',
  facebook_url: 'https://www.facebook.example/latonnara',
  privacy_policy_url: 'https://privacy.example/policies/latonnara',
};

/**
 * The restaurant's own facts move into the database, one row (id 1), so that
 * the owner changes them without a rebuild: name, the mobile that the
 * book-a-table buttons dial and an optional landline, e-mail, address,
 * coordinates, map link, optional Instagram and Facebook links, privacy
 * policy link. The API checks the formats; the table refuses a second row
 * and coordinates off the globe. `double precision` keeps a coordinate
 * exactly as sent on both databases (PostgreSQL's `real` would round it).
 */
export async function up(db: AnyDatabase): Promise<void> {
  await db.schema
    .createTable('restaurant_facts')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('mobile_phone', 'text', (col) => col.notNull())
    .addColumn('landline_phone', 'text')
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('street', 'text', (col) => col.notNull())
    .addColumn('postal_code', 'text', (col) => col.notNull())
    .addColumn('locality', 'text', (col) => col.notNull())
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('country', 'text', (col) => col.notNull())
    .addColumn('latitude', 'double precision', (col) =>
      col.notNull().check(sql`latitude between -90 and 90`),
    )
    .addColumn('longitude', 'double precision', (col) =>
      col.notNull().check(sql`longitude between -180 and 180`),
    )
    .addColumn('map_url', 'text', (col) => col.notNull())
    .addColumn('instagram_url', 'text')
    .addColumn('facebook_url', 'text')
    .addColumn('privacy_policy_url', 'text', (col) => col.notNull())
    .addCheckConstraint('restaurant_facts_single_row', sql`id = 1`)
    .execute();

  await db.insertInto('restaurant_facts').values(SEEDED_FACTS).execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.dropTable('restaurant_facts').execute();
}
