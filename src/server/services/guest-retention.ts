import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Database } from '../db/database.ts';
import { romeDateTime } from '../../shared/opening-hours.ts';
import { recordAudit } from './audit-log.ts';
import { bumpBookingsVersion } from './reservations/rows.ts';
import { lockOrders } from './takeaway/order-rows.ts';
import { nowIso } from './tokens.ts';

/** The tables whose rows belong to a guest record. */
type GuestsTable = 'reservations' | 'takeaway_orders' | 'event_inquiries';

/** What one purge did: rows anonymised, and messages and records deleted. */
export interface Purged {
  /** Anonymised bookings, takeaway orders and event requests. */
  reservations: number;
  takeawayOrders: number;
  eventInquiries: number;
  /** Deleted contact messages and guest records. */
  contactMessages: number;
  guests: number;
}

/**
 * Anonymises or deletes what is older than `months`. Retention counts from
 * a guest's last visit or order (CONTRACT.md part four, "Guests"): a guest
 * record whose `last_seen_on` is that old goes, and all its guest's
 * bookings, takeaway orders and event requests are anonymised; while the
 * guest keeps coming, their rows stay. Rows without a record (a walk-in
 * who gave neither e-mail nor phone) keep their own rule: bookings and
 * takeaway orders whose time (an order's pickup, in Rome) has passed that
 * long ago, event requests whose day (in Rome) passed that long ago. Then
 * contact messages received that long ago, and the sent or failed mails
 * of either, are deleted. Safe to run on every instance at once.
 *
 * Anonymised, not deleted (docs/decisions/020-guest-records.md,
 * docs/security.md item 59): the owner's reports count what happened,
 * never who. Every column that names or describes the guest is emptied
 * (migration 032 lists them), the row no longer points at a record, an
 * event request's thread is deleted, and `anonymised_at` says when: an
 * anonymised row is never anonymised nor counted again.
 */
export async function retentionPurge(
  db: Kysely<Database>,
  nowMs: number,
  months: number,
): Promise<Purged> {
  const now = nowIso(nowMs);
  const cutoffMs = monthsBefore(nowMs, months);
  const cutoff = nowIso(cutoffMs);
  const pickupCutoff = romeDateTime(new Date(cutoffMs));
  return db.transaction().execute(async (trx) => {
    const expiredGuests = trx
      .selectFrom('guests')
      .select('id')
      .where('last_seen_on', '<', pickupCutoff.date);
    // A row is its guest's: it goes with them, or by its own date without a record.
    const expired =
      (ownRule: (eb: ExpressionBuilder<Database, GuestsTable>) => Expression<SqlBool>) =>
      (eb: ExpressionBuilder<Database, GuestsTable>) =>
        eb.and([
          eb('anonymised_at', 'is', null),
          eb.or([
            eb('guest_id', 'in', expiredGuests),
            eb.and([
              ownRule(eb),
              eb.or([
                eb('guest_id', 'is', null),
                eb('guest_id', 'not in', eb.selectFrom('guests').select('id')),
              ]),
            ]),
          ]),
        ]);
    const nobody = {
      name: '',
      email: '',
      phone: '',
      notes: '',
      guest_id: null,
      anonymised_at: now,
    };
    const reservations = await trx
      .updateTable('reservations')
      .set({ ...nobody, staff_message: null, client_key: null })
      .where(expired((eb) => eb('starts_at', '<', cutoff)))
      .executeTakeFirst();
    const orders = await trx
      .updateTable('takeaway_orders')
      .set({ ...nobody, message: '', client_key: null })
      .where(
        expired((eb) =>
          eb.or([
            eb('date', '<', pickupCutoff.date),
            eb.and([eb('date', '=', pickupCutoff.date), eb('time', '<', pickupCutoff.time)]),
          ]),
        ),
      )
      .executeTakeFirst();
    // A request's second choice may come later than its date: the later of the two.
    const expiredInquiries = expired((eb) =>
      eb.and([
        eb('date', '<', pickupCutoff.date),
        eb.or([eb('alt_date', 'is', null), eb('alt_date', '<', pickupCutoff.date)]),
      ]),
    );
    // The thread is the guest's and staff's words to each other: nothing a report counts.
    await trx
      .deleteFrom('event_messages')
      .where(
        'inquiry_id',
        'in',
        trx.selectFrom('event_inquiries').select('id').where(expiredInquiries),
      )
      .execute();
    const inquiries = await trx
      .updateTable('event_inquiries')
      .set({ ...nobody, dietary_notes: '', allergens: '', client_key: '' })
      .where(expiredInquiries)
      .executeTakeFirst();
    const guests = await trx
      .deleteFrom('guests')
      .where('last_seen_on', '<', pickupCutoff.date)
      .executeTakeFirst();
    const messages = await trx
      .deleteFrom('contact_messages')
      .where('created_at', '<', cutoff)
      .executeTakeFirst();
    await trx
      .deleteFrom('outbox')
      .where('created_at', '<', cutoff)
      .where('status', '<>', 'pending')
      .where((eb) => eb.or([eb('personal', '=', 1), eb('kind', '=', 'contact')]))
      .execute();
    const counts = {
      reservations: Number(reservations.numUpdatedRows),
      takeawayOrders: Number(orders.numUpdatedRows),
      eventInquiries: Number(inquiries.numUpdatedRows),
      contactMessages: Number(messages.numDeletedRows),
      guests: Number(guests.numDeletedRows),
    };
    if (Object.values(counts).some((count) => count > 0)) {
      await recordAudit(trx, null, {
        action: 'guest_data.retention',
        target: 'guest',
        summary: `Conservazione dei dati (${months} mesi): anonimizzati ${counts.reservations} prenotazioni, ${counts.takeawayOrders} ordini da asporto e ${counts.eventInquiries} richieste di evento più vecchi (restano nei resoconti, senza dati personali); eliminati ${counts.contactMessages} messaggi e ${counts.guests} schede cliente più vecchi.`,
      });
    }
    // Staff's lists of those days must read them again, without the names.
    if (counts.reservations) await bumpBookingsVersion(trx);
    if (counts.takeawayOrders) await lockOrders(trx);
    return counts;
  });
}

/** The instant `months` calendar months before `now` (the 31st falls back to the month's end). */
export function monthsBefore(now: number, months: number): number {
  const date = new Date(now);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
}
