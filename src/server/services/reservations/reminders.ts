import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { addDays, romeDate, romeInstant } from '../../../shared/opening-hours.ts';
import { nowIso } from '../tokens.ts';
import type { ReservationMailQueue } from './mail-queue.ts';

/** A reminder goes out at this time (Rome) on the day before the booking. */
const REMINDER_TIME = '10:00';

/** The guests' reminders, the day before their booking. */
export class Reminders {
  readonly #db: Kysely<Database>;
  readonly #mails: ReservationMailQueue;
  readonly #now: () => number;
  readonly #onMail: () => void;

  constructor(options: {
    db: Kysely<Database>;
    mails: ReservationMailQueue;
    now: () => number;
    onMail: () => void;
  }) {
    this.#db = options.db;
    this.#mails = options.mails;
    this.#now = options.now;
    this.#onMail = options.onMail;
  }

  /**
   * Queues the day-before reminder of every confirmed booking that is due
   * one. Each is claimed by an update that only succeeds while no reminder
   * was queued, in the same transaction as its mail: however many instances
   * run this, and across restarts, a booking gets one reminder.
   * A booking confirmed after the reminder time of its day before gets
   * none: its confirmation has just arrived.
   */
  async queue(): Promise<number> {
    const now = this.#now();
    const today = romeDate(new Date(now));
    const tomorrow = addDays(today, 1);
    const due = romeInstant(today, REMINDER_TIME).getTime();
    if (now < due) return 0;
    const candidates = await this.#db
      .selectFrom('reservations')
      .select('id')
      .where('status', '=', 'confirmed')
      .where('date', '=', tomorrow)
      .where('email', '<>', '')
      .where('reminder_queued_at', 'is', null)
      // Booked and confirmed before the reminder time: a later confirmation has just arrived.
      .where('updated_at', '<', nowIso(due))
      .execute();
    let queued = 0;
    for (const { id } of candidates) {
      const sent = await this.#db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('reservations')
          .set({ reminder_queued_at: nowIso(now) })
          .where('id', '=', id)
          .where('reminder_queued_at', 'is', null)
          .where('status', '=', 'confirmed')
          .returningAll()
          .executeTakeFirst();
        if (!claimed) return false;
        await this.#mails.toGuest(trx, 'reminder', claimed);
        return true;
      });
      if (sent) queued += 1;
    }
    if (queued) this.#onMail();
    return queued;
  }
}
