// Over 400 lines: a row in every table of the restaurant, each written out, so that an archive round trip has something of everything to carry.
import { sql, type Kysely } from 'kysely';
import { ARCHIVE_TABLES, LEFT_OUT_OF_ARCHIVES } from '../backup/archive-tables.ts';
import type { Database } from '../db/database.ts';
import { createStaff, login, testApp } from './app.ts';
import type { TestDatabase } from './database.ts';

/** Tuesday 13 January 2026, 10:00 in Rome: the archive tests' clock. */
export const ARCHIVE_CLOCK = Date.parse('2026-01-13T09:00:00Z');
const AT = new Date(ARCHIVE_CLOCK).toISOString();

/** Every byte value, so that a photo's bytes prove binary columns survive. */
export const IMAGE_BYTES = Uint8Array.from({ length: 512 }, (_, index) => index % 256);

/**
 * An app (outbox stopped) whose database holds a row in every table: a
 * guest's booking through the API, whose pending mail carries its cancel
 * link, a logged-in owner, and direct rows for the rest. A booking inserted
 * and deleted after it leaves the reservations' sequence past the largest id.
 */
export async function archiveRestaurant(options: { sharedDatabase?: TestDatabase } = {}) {
  const harness = await testApp({}, { pages: false, now: () => ARCHIVE_CLOCK, ...options });
  await harness.app.outbox.stop();
  const { app } = harness;
  const owner = await createStaff(app, { role: 'owner' });
  await login(app);
  const booking = await app.inject({
    method: 'POST',
    url: '/api/reservations',
    remoteAddress: '10.9.0.1',
    payload: {
      name: 'Jonas Weber',
      email: 'jonas@example.de',
      phone: '+49 170 1234567',
      party: 2,
      date: '2026-01-14',
      time: '20:00',
      notes: 'Ein Kinderstuhl, bitte',
      privacy: true,
      lang: 'de',
    },
  });
  if (booking.statusCode !== 201 && booking.statusCode !== 200) {
    throw new Error(`booking: ${booking.statusCode} ${booking.body}`);
  }
  const bookingId = booking.json<{ id: number }>().id;
  const link = await app.db
    .selectFrom('outbox')
    .select('secret_link')
    .where('kind', '=', 'reservation-received')
    .executeTakeFirstOrThrow();
  const cancelToken = new URL(link.secret_link!).searchParams.get('token')!;

  await addRowsToEveryTable(app.db, owner.id);
  await addPushRows(app.db, owner.id);
  await addFloorRows(app.db, bookingId);
  await app.db.insertInto('guest_tags').values({ name: 'Habitué', position: 0 }).execute();
  const { id: deleted } = await app.db
    .insertInto('reservations')
    .values({
      name: 'Cancellata',
      email: '',
      phone: '+39 333 0000000',
      party: 2,
      date: '2026-01-15',
      time: '13:00',
      starts_at: '2026-01-15T12:00:00.000Z',
      ends_at: '2026-01-15T14:00:00.000Z',
      status: 'confirmed',
      notes: '',
      lang: 'it',
      source: 'staff',
      created_at: AT,
      updated_at: AT,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.db.deleteFrom('reservations').where('id', '=', deleted).execute();

  const empty = [];
  for (const { name } of ARCHIVE_TABLES) {
    const row = await app.db.selectFrom(name).selectAll().limit(1).executeTakeFirst();
    if (row === undefined) empty.push(name);
  }
  if (empty.length > 0) throw new Error(`archiveRestaurant left tables empty: ${empty.join(', ')}`);
  return { ...harness, bookingId, cancelToken, deletedBookingId: deleted };
}

async function addRowsToEveryTable(db: Kysely<Database>, ownerId: number) {
  const later = '2026-01-20T09:00:00.000Z';
  await db
    .insertInto('password_resets')
    .values({ user_id: ownerId, token_hash: 'a'.repeat(64), created_at: AT, expires_at: later })
    .execute();
  // A leftover setup link (a staff account exists, so no server would issue one): archives leave it out.
  await db
    .insertInto('setup_token')
    .values({ id: 1, token_hash: 'd'.repeat(64), made_at: AT, expires_at: later })
    .execute();
  await db
    .insertInto('staff_invitations')
    .values({
      email: 'marco@trattoria.example',
      first_name: 'Marco',
      last_name: 'Bianchi',
      role: 'staff',
      token_hash: 'b'.repeat(64),
      invited_by: ownerId,
      created_at: AT,
      expires_at: later,
      accepted_at: null,
      revoked_at: null,
    })
    .execute();
  await db
    .insertInto('audit_log')
    .values({
      at: AT,
      actor_id: ownerId,
      actor_email: 'anna@trattoria.example',
      action: 'staff.invite',
      target: 'marco@trattoria.example',
      summary: 'Invito',
    })
    .execute();
  await db
    .insertInto('daily_menu_history')
    .values({
      version: 1,
      titolo: 'Menù del giorno',
      descrizione: 'Busiate al pesto trapanese',
      info_aggiuntive: '',
      saved_at: AT,
      saved_by: ownerId,
    })
    .execute();
  const { id: mailId } = await db
    .insertInto('outbox')
    .values({
      kind: 'contact',
      recipient: 'info@trattoria.example',
      reply_to: 'ada@example.com',
      subject: 'Messaggio',
      text_body: 'Ciao',
      html_body: '<p>Ciao</p>',
      status: 'sent',
      next_attempt_at: AT,
      last_error: null,
      created_at: AT,
      sent_at: AT,
      secret_link: null,
      secret_expires_at: null,
      calendar_method: null,
      calendar_ics: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('contact_messages')
    .values({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      message: 'Avete tavoli all’aperto? ✓',
      lang: 'en',
      privacy_accepted_at: AT,
      created_at: AT,
      read_at: null,
      outbox_id: mailId,
    })
    .execute();
  await db
    .insertInto('login_throttle')
    .values({ key: 'c'.repeat(64), failures: 2, locked_until: null, updated_at: AT })
    .execute();
  await db
    .insertInto('rate_limits')
    .values({ key: 'contact:10.9.0.2', count: 1, window_ends_at: later })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  await db
    .insertInto('opening_closures')
    .values({ from_date: '2026-02-01', to_date: '2026-02-10', note: 'Ferie' })
    .execute();
  await db
    .insertInto('opening_exception_ranges')
    .values({ date: '2026-02-14', position: 0, open_time: '19:00', close_time: '01:00' })
    .execute();
  const dish = await db
    .selectFrom('menu_items')
    .select(['id', 'name'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const { id: orderId } = await db
    .insertInto('takeaway_orders')
    .values({
      name: 'Lucia Ferro',
      phone: '+39 320 1111111',
      email: 'lucia@example.it',
      lang: 'it',
      date: '2026-01-13',
      time: '20:00',
      status: 'received',
      notes: '',
      source: 'online',
      total_cents: 1800,
      privacy_accepted_at: AT,
      client_key: '10.9.0.3',
      opened_at: null,
      created_at: AT,
      updated_at: AT,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('takeaway_order_lines')
    .values({
      order_id: orderId,
      position: 0,
      item_id: dish.id,
      name: dish.name,
      guest_name: dish.name,
      label: '',
      quantity: 2,
      amount_cents: 900,
      kitchen: 'oven',
    })
    .execute();
  // An order of 2023 that retention anonymised (migration 032): what reports count, no one's.
  const { id: anonymisedId } = await db
    .insertInto('takeaway_orders')
    .values({
      name: '',
      phone: '',
      email: '',
      lang: 'fr',
      date: '2023-11-02',
      time: '19:45',
      status: 'collected',
      notes: '',
      source: 'online',
      total_cents: 900,
      privacy_accepted_at: '2023-11-01T18:00:00.000Z',
      client_key: null,
      opened_at: '2023-11-02T17:00:00.000Z',
      created_at: '2023-11-01T18:00:00.000Z',
      updated_at: '2023-11-02T19:00:00.000Z',
      anonymised_at: AT,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('takeaway_order_lines')
    .values({
      order_id: anonymisedId,
      position: 0,
      item_id: dish.id,
      name: dish.name,
      label: '',
      quantity: 1,
      amount_cents: 900,
      kitchen: 'oven',
    })
    .execute();
  const { id: inquiryId } = await db
    .insertInto('event_inquiries')
    .values({
      kind: 'wedding',
      date: '2026-06-20',
      alt_date: null,
      service: 'dinner',
      adults: 40,
      children: 5,
      area: 'terrace',
      budget_cents: 6000,
      allergens: 'gluten',
      dietary_notes: '',
      notes: 'A long table by the sea',
      name: 'Emma Clarke',
      email: 'emma@example.co.uk',
      phone: '+44 7700 900123',
      lang: 'en',
      hold_covers: null,
      privacy_accepted_at: AT,
      client_key: '10.9.0.4',
      created_at: AT,
      updated_at: AT,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('event_messages')
    .values([
      {
        inquiry_id: inquiryId,
        at: AT,
        from: 'guest',
        text: 'Is the terrace free?',
        translation: null,
      },
      {
        inquiry_id: inquiryId,
        at: later,
        from: 'staff',
        text: 'Sì, la terrazza è libera.',
        translation: 'Yes, the terrace is free.',
      },
    ])
    .execute();
  await db
    .insertInto('photos')
    .values({
      slot: 'home-hero',
      alt: 'La sala',
      focus_x: 0.5,
      focus_y: 0.3333333333333333,
      width: 4000,
      height: 3000,
      updated_at: AT,
    })
    .execute();
  await db
    .insertInto('image_files')
    .values({
      name: 'abc123.webp',
      owner: 'home-hero',
      type: 'image/webp',
      width: 640,
      height: 480,
      bytes: IMAGE_BYTES,
    })
    .execute();
  // A daily backup's size past 2^31, which PostgreSQL's bigint must carry whole.
  await db
    .insertInto('backup_runs')
    .values([
      {
        day: '2026-01-15',
        started_at: AT,
        finished_at: AT,
        file: 'backup-2026-01-15T03-30-00.sqlite',
        bytes: 3_000_000_000,
        error: null,
      },
      {
        day: '2026-01-16',
        started_at: later,
        finished_at: later,
        file: null,
        bytes: null,
        error: 'EACCES',
      },
    ])
    .execute();
}

/** A device and a message queued for it, due long after any test, so that no sender touches it. */
async function addPushRows(db: Kysely<Database>, ownerId: number) {
  const { id } = await db
    .insertInto('push_subscriptions')
    .values({
      user_id: ownerId,
      endpoint: 'https://fcm.googleapis.com/fcm/send/archive-device',
      p256dh:
        'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
      topics: 'reservations,events',
      browser: 'Chrome su Android',
      created_at: AT,
      last_used_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('push_deliveries')
    .values({
      subscription_id: id,
      title: 'Nuova prenotazione',
      body: '2 persone, mercoledì 14 gennaio alle 20:00',
      url: '/dashboard/reservations?data=2026-01-14',
      attempts: 3,
      next_attempt_at: '2100-01-01T00:00:00.000Z',
      last_error: 'HTTP 503',
      created_at: AT,
    })
    .execute();
}

/** A terrace of two tables pushed together as one combination, the guest's booking at the first. */
async function addFloorRows(db: Kysely<Database>, bookingId: number) {
  const { id: areaId } = await db
    .insertInto('floor_areas')
    .values({ name: 'Terrazza', online_bookable: 1, position: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const table = (name: string, position: number) => ({
    area_id: areaId,
    name,
    min_seats: 2,
    max_seats: 4,
    online_bookable: position === 0 ? 1 : 0,
    priority: position,
    shape: 'square' as const,
    x: position * 20,
    y: 10,
    w: 15,
    h: 15,
    position,
  });
  const tables = await db
    .insertInto('floor_tables')
    .values([table('T1', 0), table('T2', 1)])
    .returning('id')
    .execute();
  const { id: combinationId } = await db
    .insertInto('floor_combinations')
    .values({ name: 'T1+T2', min_seats: 5, max_seats: 8, online_bookable: 1, position: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('floor_combination_tables')
    .values(tables.map(({ id }) => ({ combination_id: combinationId, table_id: id })))
    .execute();
  await db
    .insertInto('reservation_tables')
    .values({ reservation_id: bookingId, table_id: tables[0]!.id })
    .execute();
}

/** Every table's rows in key order, binary values as hex (SQLite and PostgreSQL read them differently). */
export async function everyTable(
  db: Kysely<Database>,
  options: { asArchived?: boolean } = {},
): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const { name, key } of ARCHIVE_TABLES) {
    let query = (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
      .selectFrom(name)
      .selectAll();
    // The rows an archive leaves out (reset and invitation links), when comparing with an archive's.
    const leftOut = options.asArchived ? LEFT_OUT_OF_ARCHIVES[name] : undefined;
    if (leftOut !== undefined) query = query.where(sql<boolean>`not (${sql.raw(leftOut)})`);
    for (const column of key) query = query.orderBy(column);
    const rows = await query.execute();
    tables[name] = rows.map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([column, value]) => [
          column,
          value instanceof Uint8Array ? Buffer.from(value).toString('hex') : value,
        ]),
      ),
    );
  }
  return tables;
}
