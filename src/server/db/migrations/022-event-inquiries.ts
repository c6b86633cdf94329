import { sql, type Kysely } from 'kysely';
import { autoIncrementId, type SqlDialect } from './columns.ts';

// A migration must not depend on today's `Database` type (see 001-initial.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/**
 * Guests' requests for an event (a wedding, a baptism…) and each request's
 * thread of replies. `date`/`alt_date` are days in Rome; `allergens` the
 * codes of src/shared/allergens.ts joined by commas, in the Annex's order;
 * `budget_cents` whole cents. `hold_covers` is what a confirmed event takes
 * from table reservations: a number of covers, -1 for every cover, null for
 * none. The guest's own notes are columns of the request, not a message: the
 * thread holds the replies that follow.
 */
export async function up(db: AnyDatabase, dialect: SqlDialect): Promise<void> {
  await db.schema
    .createTable('event_inquiries')
    .addColumn('id', 'integer', autoIncrementId(dialect))
    .addColumn('kind', 'text', (col) =>
      col
        .notNull()
        .check(
          sql`kind in ('baptism', 'communion', 'confirmation', 'wedding', 'birthday', 'business', 'other')`,
        ),
    )
    .addColumn('date', 'text', (col) => col.notNull())
    .addColumn('alt_date', 'text')
    .addColumn('service', 'text', (col) => col.notNull().check(sql`service in ('lunch', 'dinner')`))
    .addColumn('adults', 'integer', (col) => col.notNull().check(sql`adults >= 1`))
    .addColumn('children', 'integer', (col) => col.notNull().check(sql`children >= 0`))
    .addColumn('area', 'text', (col) =>
      col.notNull().check(sql`area in ('terrace', 'indoor', 'whole', 'any')`),
    )
    .addColumn('budget_cents', 'integer', (col) => col.check(sql`budget_cents >= 0`))
    .addColumn('allergens', 'text', (col) => col.notNull())
    .addColumn('dietary_notes', 'text', (col) => col.notNull())
    .addColumn('notes', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('lang', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('new')
        .check(sql`status in ('new', 'talking', 'confirmed', 'lost')`),
    )
    .addColumn('hold_covers', 'integer', (col) => col.check(sql`hold_covers >= -1`))
    .addColumn('privacy_accepted_at', 'text', (col) => col.notNull())
    .addColumn('client_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('event_inquiries_date')
    .on('event_inquiries')
    .columns(['date', 'service'])
    .execute();
  // A guest's data is found by e-mail whatever its case (services/guest-data.ts).
  await db.schema
    .createIndex('event_inquiries_email')
    .on('event_inquiries')
    .expression(sql`lower(email)`)
    .execute();

  await db.schema
    .createTable('event_messages')
    .addColumn('id', 'integer', autoIncrementId(dialect))
    .addColumn('inquiry_id', 'integer', (col) =>
      col.notNull().references('event_inquiries.id').onDelete('cascade'),
    )
    .addColumn('at', 'text', (col) => col.notNull())
    .addColumn('from', 'text', (col) => col.notNull().check(sql`"from" in ('guest', 'staff')`))
    .addColumn('text', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('event_messages_inquiry')
    .on('event_messages')
    .columns(['inquiry_id', 'id'])
    .execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.dropTable('event_messages').execute();
  await db.schema.dropTable('event_inquiries').execute();
}
