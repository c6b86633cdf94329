import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { GuestData, GuestErased } from '../../shared/schemas/guest-data.ts';
import type { GuestKey } from '../../shared/schemas/guest.ts';
import { recordAudit, type AuditActor } from './audit-log.ts';
import { bumpBookingsVersion, toReservation } from './reservations/rows.ts';
import { sentMessage } from './contact-messages.ts';
import { guestsRows, sameEmail } from './guests/guest-match.ts';
import { nowIso } from './tokens.ts';
import { lockOrders } from './takeaway/order-rows.ts';
import { guestsInquiries } from './events/inquiry-rows.ts';
import { centsToAmount } from '../../shared/money.ts';
import { exportGuestRecords, guestRecordIds } from './guests/guest-privacy.ts';
import { retentionPurge, type Purged } from './guest-retention.ts';

type Actor = NonNullable<AuditActor>;

/**
 * Guests' personal data: their bookings, takeaway orders, event requests (with their threads)
 * and contact messages, and the mails
 * that carried them (docs/security.md item 39; GDPR articles 5(1)(e), 15 and 17).
 * - A guest may ask for their data (export) or for its erasure: staff find it
 *   by e-mail, whatever its case (`lower()` on both sides), or by phone,
 *   however it was written (its digits after a leading +).
 * - Once older than the retention period the owner set (reservation
 *   settings; 24 months at first), bookings, orders and event requests are
 *   anonymised (`purgeExpired`: the reports still count them), the rest is
 *   deleted; a guest's own request for erasure deletes everything.
 * The audit log says that it happened, never whose data it was: an erased
 * guest's address must not survive in the log.
 */
export class GuestDataService {
  readonly #db: Kysely<Database>;
  readonly #now: () => number;
  readonly #onBookingsChanged: () => void;
  readonly #onOrdersChanged: () => void;

  constructor(options: {
    db: Kysely<Database>;
    now?: () => number;
    /** After bookings were deleted or anonymised (committed): availability and staff's lists must be read again. */
    onBookingsChanged?: () => void;
    /** After takeaway orders were deleted or anonymised (committed): the slots' loads and the boards must be read again. */
    onOrdersChanged?: () => void;
  }) {
    this.#db = options.db;
    this.#now = options.now ?? Date.now;
    this.#onBookingsChanged = options.onBookingsChanged ?? (() => {});
    this.#onOrdersChanged = options.onOrdersChanged ?? (() => {});
  }

  async export(guest: GuestKey, actor: Actor): Promise<GuestData> {
    return this.#db.transaction().execute(async (trx) => {
      const [reservations, orders, inquiries, messages, records] = await Promise.all([
        trx
          .selectFrom('reservations')
          .selectAll()
          .where(guestsRows(guest))
          .orderBy('starts_at')
          .execute(),
        guestsOrders(trx, guest),
        guestsInquiries(trx, guest),
        'email' in guest
          ? trx
              .selectFrom('contact_messages')
              .selectAll()
              .where(sameEmail('email', guest.email))
              .orderBy('created_at')
              .execute()
          : [], // the contact form asks for no phone
        exportGuestRecords(trx, await guestRecordIds(trx, guest)),
      ]);
      await recordAudit(trx, actor, {
        action: 'guest_data.export',
        target: 'guest',
        summary: `Esportati i dati di un cliente: ${reservations.length} prenotazioni, ${orders.length} ordini da asporto, ${inquiries.length} richieste di evento, ${messages.length} messaggi, ${records.length} schede cliente.`,
      });
      return {
        ...guest,
        exportedAt: nowIso(this.#now()),
        reservations: reservations.map(toReservation),
        contactMessages: messages.map(sentMessage),
        takeawayOrders: orders,
        eventInquiries: inquiries,
        guests: records,
      };
    });
  }

  /**
   * Deletes a guest's bookings, takeaway orders (their lines go with them:
   * migration 020 cascades), event requests (and their threads: migration
   * 022 cascades), messages and every mail to or from them, sent
   * or not, and their guest records (guest-privacy.ts `guestRecordIds`:
   * found before the rows that point at them go). Found by phone: the bookings and orders with that phone, and the
   * mails to or from the e-mails they carry, unless another booking, order
   * or message still uses that e-mail (a family sharing one address with two
   * phones: the other's confirmation and reminder must still go out). Erased
   * orders count the orders' version up, so that every kitchen board drops
   * them.
   */
  async erase(guest: GuestKey, actor: Actor): Promise<GuestErased> {
    const erased = await this.#db.transaction().execute(async (trx) => {
      const emailsOf = async (table: 'reservations' | 'takeaway_orders' | 'event_inquiries') =>
        (
          await trx
            .selectFrom(table)
            .select('email')
            .distinct()
            .where(guestsRows(guest))
            .where('email', '<>', '')
            .execute()
        ).map((row) => row.email);
      const emails =
        'email' in guest
          ? [guest.email]
          : [
              ...new Set([
                ...(await emailsOf('reservations')),
                ...(await emailsOf('takeaway_orders')),
                ...(await emailsOf('event_inquiries')),
              ]),
            ];
      const recordIds = await guestRecordIds(trx, guest);
      const reservations = await trx
        .deleteFrom('reservations')
        .where(guestsRows(guest))
        .executeTakeFirst();
      const orders = await trx
        .deleteFrom('takeaway_orders')
        .where(guestsRows(guest))
        .executeTakeFirst();
      const inquiries = await trx
        .deleteFrom('event_inquiries')
        .where(guestsRows(guest))
        .executeTakeFirst();
      const messages =
        'email' in guest
          ? await trx
              .deleteFrom('contact_messages')
              .where(sameEmail('email', guest.email))
              .executeTakeFirst()
          : { numDeletedRows: 0n };
      const records =
        recordIds.length === 0
          ? { numDeletedRows: 0n }
          : await trx.deleteFrom('guests').where('id', 'in', recordIds).executeTakeFirst();
      // A row found by neither (another phone of an e-mail's guest) no longer has a record.
      for (const table of ['reservations', 'takeaway_orders', 'event_inquiries'] as const) {
        if (recordIds.length === 0) break;
        await trx
          .updateTable(table)
          .set({ guest_id: null })
          .where('guest_id', 'in', recordIds)
          .execute();
      }
      let mails = 0;
      for (const email of 'email' in guest ? emails : await unusedEmails(trx, emails)) {
        const deleted = await trx
          .deleteFrom('outbox')
          .where((eb) =>
            eb.or([sameEmail('recipient', email)(eb), sameEmail('reply_to', email)(eb)]),
          )
          .executeTakeFirst();
        mails += Number(deleted.numDeletedRows);
      }
      const counts = {
        ...guest,
        reservations: Number(reservations.numDeletedRows),
        contactMessages: Number(messages.numDeletedRows),
        takeawayOrders: Number(orders.numDeletedRows),
        eventInquiries: Number(inquiries.numDeletedRows),
        mails,
        guests: Number(records.numDeletedRows),
      };
      await recordAudit(trx, actor, {
        action: 'guest_data.erase',
        target: 'guest',
        summary: `Cancellati su richiesta i dati di un cliente: ${counts.reservations} prenotazioni, ${counts.takeawayOrders} ordini da asporto, ${counts.eventInquiries} richieste di evento, ${counts.contactMessages} messaggi, ${counts.mails} e-mail, ${counts.guests} schede cliente.`,
      });
      // An event request may hold covers from the bookings (held-covers.ts): gone with it.
      if (counts.reservations || counts.eventInquiries) await bumpBookingsVersion(trx);
      if (counts.takeawayOrders) await lockOrders(trx);
      return counts;
    });
    if (erased.reservations || erased.eventInquiries) this.#onBookingsChanged();
    if (erased.takeawayOrders) this.#onOrdersChanged();
    return erased;
  }

  /**
   * Anonymises or deletes what is older than `months` (guest-retention.ts
   * `retentionPurge`), then tells the instance's caches.
   */
  async purgeExpired(months: number): Promise<Purged> {
    const purged = await retentionPurge(this.#db, this.#now(), months);
    if (purged.reservations) this.#onBookingsChanged();
    if (purged.takeawayOrders) this.#onOrdersChanged();
    return purged;
  }
}

/** The takeaway orders of `guest` with their lines, as their data answers them, oldest pickup first. */
async function guestsOrders(
  db: Kysely<Database>,
  guest: GuestKey,
): Promise<GuestData['takeawayOrders']> {
  const orders = await db
    .selectFrom('takeaway_orders')
    .selectAll()
    .where(guestsRows(guest))
    .orderBy('date')
    .orderBy('time')
    .orderBy('id')
    .execute();
  const lines = orders.length
    ? await db
        .selectFrom('takeaway_order_lines')
        .selectAll()
        .where(
          'order_id',
          'in',
          orders.map((order) => order.id),
        )
        .orderBy('order_id')
        .orderBy('position')
        .execute()
    : [];
  return orders.map((order) => ({
    id: order.id,
    name: order.name,
    email: order.email,
    phone: order.phone,
    lang: order.lang,
    pickup: { date: order.date, time: order.time },
    status: order.status,
    notes: order.notes,
    source: order.source,
    total: centsToAmount(order.total_cents),
    createdAt: order.created_at,
    lines: lines
      .filter((line) => line.order_id === order.id)
      .map((line) => ({
        id: line.item_id,
        name: line.name,
        label: line.label,
        quantity: line.quantity,
        amount: centsToAmount(line.amount_cents),
      })),
  }));
}

/** Those of `emails` that no booking, takeaway order, event request or contact message left in the database carries. */
async function unusedEmails(db: Kysely<Database>, emails: string[]): Promise<string[]> {
  const unused: string[] = [];
  for (const email of emails) {
    const users = await Promise.all(
      (['reservations', 'takeaway_orders', 'event_inquiries', 'contact_messages'] as const).map(
        (table) =>
          db.selectFrom(table).select('id').where(sameEmail('email', email)).executeTakeFirst(),
      ),
    );
    if (users.every((row) => row === undefined)) unused.push(email);
  }
  return unused;
}
