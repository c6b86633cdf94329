import type { Kysely } from 'kysely';

// A migration must not depend on today's `Database` type (see 001-initial.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/**
 * The founding year and the price range join the restaurant's facts (they
 * were content/restaurant.ts's until now: 1998 and "€€", the values the
 * existing row takes). The pages count "over N years" from the year; the
 * API checks both (src/shared/schemas/restaurant.ts).
 */
export async function up(db: AnyDatabase): Promise<void> {
  await db.schema
    .alterTable('restaurant_facts')
    .addColumn('founded_year', 'integer', (col) => col.notNull().defaultTo(1998))
    .execute();
  await db.schema
    .alterTable('restaurant_facts')
    .addColumn('price_range', 'text', (col) => col.notNull().defaultTo('€€'))
    .execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.alterTable('restaurant_facts').dropColumn('price_range').execute();
  await db.schema.alterTable('restaurant_facts').dropColumn('founded_year').execute();
}
