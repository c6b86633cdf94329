import { randomBytes } from 'node:crypto';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/database.ts';
import { guestIdentity, type GuestSummary } from '../../../shared/schemas/guest-records.ts';
import { nowIso } from '../tokens.ts';

/**
 * The guest records' common ground (CONTRACT.md part four, "Guests"): how a
 * new booking, order or event request finds or makes its guest's record,
 * and what "came" means, once for visits, the cards and the reports.
 */

/** What a booking, an order or an event request tells of its guest. */
export interface GuestContact {
  name: string;
  email: string;
  phone: string;
  lang: string;
  /** The day the row is about (YYYY-MM-DD): a guest's `last_seen_on` is their newest. */
  date: string;
}

/** What a search looks in: lower-case name and e-mail, the phone's digits, one per line. */
export const searchText = (guest: { name: string; email: string; phone: string }) =>
  [guest.name.toLowerCase(), guest.email.toLowerCase(), guest.phone.replace(/\D/g, '')].join('\n');

/** A record's key in addresses: 16 characters, opaque (shared/schemas/guest-records.ts `guestKeyParams`). */
export const newGuestKey = () => randomBytes(12).toString('base64url');

/**
 * The record of `contact`'s guest, made or brought up to date in `trx` (the
 * newest name, language and contact win; `last_seen_on` only moves
 * forward): its id, to store on the row, or null when the row names no
 * e-mail and no phone (a walk-in who gave nothing). Two instances making
 * one guest's first record at once make one: the second insert updates
 * the first's row instead (or, without a phone, does nothing and then
 * updates it).
 */
export async function attachGuest(
  trx: Kysely<Database>,
  contact: GuestContact,
  nowMs: number,
): Promise<number | null> {
  return (await attachGuests(trx, [{ contact, nowMs }]))[0]!;
}

/**
 * `attachGuest` for many rows at once: each row's guest's id, in the order
 * given. The contacts with a phone (every order's, every guest's from the
 * site) in one statement, as one after the other would leave them: a guest
 * named twice gets the later contact and the later of the dates. Then those
 * without a phone (staff's bookings for an e-mail's guest), one by one, so
 * that a guest named both ways in one call keeps the contact without a
 * phone even when it came first (a turn of orders, each with a phone, never
 * does). A turn of the orders' lock links its orders so (takeaway/orders.ts).
 */
export async function attachGuests(
  trx: Kysely<Database>,
  rows: readonly { contact: GuestContact; nowMs: number }[],
): Promise<(number | null)[]> {
  const ids = new Map<string, number>();
  // By identity, the later row's record: as the upserts one after the other would leave it.
  const whole = new Map<string, ReturnType<typeof guestValues>>();
  for (const { contact, nowMs } of rows) {
    const identity = guestIdentity(contact);
    if (identity === null || contact.phone.trim() === '') continue;
    const values = guestValues(identity, contact, nowMs);
    const earlier = whole.get(identity);
    if (earlier) {
      // Made by the first row, brought up to date by the later one.
      values.key = earlier.key;
      values.created_at = earlier.created_at;
      if (earlier.last_seen_on > values.last_seen_on) values.last_seen_on = earlier.last_seen_on;
    }
    whole.set(identity, values);
  }
  if (whole.size > 0) {
    // The contact is whole: made or brought up to date in one statement.
    const stored = await trx
      .insertInto('guests')
      .values([...whole.values()])
      .onConflict((conflict) =>
        conflict.column('identity').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          email: eb.ref('excluded.email'),
          phone: eb.ref('excluded.phone'),
          lang: eb.ref('excluded.lang'),
          search_text: eb.ref('excluded.search_text'),
          last_seen_on: eb
            .case()
            .when('excluded.last_seen_on', '>', eb.ref('guests.last_seen_on'))
            .then(eb.ref('excluded.last_seen_on'))
            .else(eb.ref('guests.last_seen_on'))
            .end(),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .returning(['id', 'identity'])
      .execute();
    for (const { id, identity } of stored) ids.set(identity, id);
  }
  const attached: (number | null)[] = [];
  for (const { contact, nowMs } of rows) {
    const identity = guestIdentity(contact);
    if (identity === null) attached.push(null);
    else if (contact.phone.trim() !== '') attached.push(ids.get(identity)!);
    else attached.push(await attachWithoutPhone(trx, identity, contact, nowMs));
  }
  return attached;
}

const guestValues = (identity: string, contact: GuestContact, nowMs: number) => {
  const now = nowIso(nowMs);
  return {
    key: newGuestKey(),
    identity,
    name: contact.name,
    email: contact.email,
    phone: contact.phone,
    lang: contact.lang,
    search_text: searchText(contact),
    last_seen_on: contact.date,
    created_at: now,
    updated_at: now,
  };
};

/** A phone booking for an e-mail's guest may give no phone: the one known stays. */
async function attachWithoutPhone(
  trx: Kysely<Database>,
  identity: string,
  contact: GuestContact,
  nowMs: number,
): Promise<number> {
  await trx
    .insertInto('guests')
    .values(guestValues(identity, contact, nowMs))
    .onConflict((conflict) => conflict.column('identity').doNothing())
    .execute();
  const stored = await trx
    .selectFrom('guests')
    .select(['id', 'phone', 'last_seen_on'])
    .where('identity', '=', identity)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('guests')
    .set({
      name: contact.name,
      email: contact.email,
      phone: stored.phone,
      lang: contact.lang,
      search_text: searchText({ ...contact, phone: stored.phone }),
      last_seen_on: contact.date > stored.last_seen_on ? contact.date : stored.last_seen_on,
      updated_at: nowIso(nowMs),
    })
    .where('id', '=', stored.id)
    .execute();
  return stored.id;
}

/**
 * "Came" (CONTRACT.md part four), as a condition on `reservations`: marked
 * seated or finished, and, while the plan has no table, also confirmed
 * with its time passed (`nowIso`).
 */
export const cameCondition = (tableMode: boolean, now: string): Expression<SqlBool> =>
  tableMode
    ? sql<SqlBool>`reservations.status in ('seated', 'finished')`
    : sql<SqlBool>`(reservations.status in ('seated', 'finished') or (reservations.status = 'confirmed' and reservations.starts_at <= ${now}))`;

/** Whether the plan has a table (table mode): "came" reads differently without. */
export async function inTableMode(db: Kysely<Database>): Promise<boolean> {
  return (
    (await db.selectFrom('floor_tables').select('id').limit(1).executeTakeFirst()) !== undefined
  );
}

/**
 * Each guest's summary as a card shows it (visits; no-shows, of bookings and
 * of takeaway orders; cancellations; collected orders; notes and tags), for the records `guestIds`, counted by the
 * database in two grouped queries.
 */
export async function guestSummaries(
  db: Kysely<Database>,
  guestIds: readonly number[],
  nowMs: number,
  /** Whether the plan has a table, when the caller read it already (`inTableMode`). */
  tableMode?: boolean,
): Promise<Map<number, GuestSummary>> {
  const ids = [...new Set(guestIds)];
  const summaries = new Map<number, GuestSummary>();
  if (ids.length === 0) return summaries;
  const came = cameCondition(tableMode ?? (await inTableMode(db)), nowIso(nowMs));
  const [guests, bookings, orders] = await Promise.all([
    db.selectFrom('guests').select(['id', 'key', 'notes', 'tags']).where('id', 'in', ids).execute(),
    db
      .selectFrom('reservations')
      .select((eb) => [
        'guest_id',
        eb.fn.sum<number>(sql`case when ${came} then 1 else 0 end`).as('visits'),
        eb.fn.sum<number>(sql`case when status = 'no-show' then 1 else 0 end`).as('no_shows'),
        eb.fn
          .sum<number>(sql`case when status = 'cancelled' then 1 else 0 end`)
          .as('cancellations'),
      ])
      .where('guest_id', 'in', ids)
      .groupBy('guest_id')
      .execute(),
    db
      .selectFrom('takeaway_orders')
      .select((eb) => [
        'guest_id',
        eb.fn.sum<number>(sql`case when status = 'collected' then 1 else 0 end`).as('orders'),
        eb.fn.sum<number>(sql`case when status = 'no-show' then 1 else 0 end`).as('no_shows'),
      ])
      .where('guest_id', 'in', ids)
      .groupBy('guest_id')
      .execute(),
  ]);
  const bookingCounts = new Map(bookings.map((row) => [row.guest_id, row]));
  const orderCounts = new Map(orders.map((row) => [row.guest_id, row]));
  for (const guest of guests) {
    const counted = bookingCounts.get(guest.id);
    const ordered = orderCounts.get(guest.id);
    summaries.set(guest.id, {
      key: guest.key,
      visits: Number(counted?.visits ?? 0),
      // A booking or an order nobody came for: both are what staff are warned of.
      noShows: Number(counted?.no_shows ?? 0) + Number(ordered?.no_shows ?? 0),
      cancellations: Number(counted?.cancellations ?? 0),
      orders: Number(ordered?.orders ?? 0),
      notes: guest.notes,
      tags: JSON.parse(guest.tags) as string[],
    });
  }
  return summaries;
}
