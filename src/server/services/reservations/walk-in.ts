import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { romeDateTime, type Schedule } from '../../../shared/opening-hours.ts';
import type { WalkInBody } from '../../../shared/schemas/floor.ts';
import type { Reservation } from '../../../shared/schemas/reservations.ts';
import { recordAudit } from '../audit-log.ts';
import { decideUnderLock, type Refusal } from '../capacity.ts';
import { nowIso } from '../tokens.ts';
import { seatedBetween } from './availability.ts';
import { tableMode } from './floor-plan-rows.ts';
import { lockBookings } from './lock.ts';
import { judgeTables, storeTables, tableNames, type TablesRefusal } from './moves.ts';
import {
  bumpBookingsVersion,
  coverCapacity,
  MINUTE_MS,
  readSettingsRow,
  toReservation,
  toSettings,
  type Actor,
} from './rows.ts';
import { bestSeat } from './seating.ts';
import { seatRequest, turnMs } from './table-booking.ts';
import { readTableDay } from './table-state.ts';
import { fits } from './slots.ts';
import { attachGuest } from '../guests/guest-records.ts';

/** The name a walk-in gets when staff type none. */
export const WALK_IN_NAME = 'Cliente senza prenotazione';

export type WalkInOutcome =
  { ok: true; reservation: Reservation } | Refusal<'slot-full'> | TablesRefusal;

/**
 * A party seated as it walks in (CONTRACT.md part four): now, whatever the
 * opening hours say, its turn starting at this instant. In table mode on
 * the tables staff chose (judged like a move: free and seating the party,
 * or past that with `override`, shown as a conflict), else on the best
 * table free for its turn (seating.ts `bestSeat`, staff's: every table,
 * not only the online ones); none free is 409 `slot-full`. In covers mode
 * it is seated when its covers fit the capacity from now for a turn, or
 * past it with `override` (marked over capacity), as a phone booking is.
 * Decided under the bookings' lock (`decideUnderLock`): a refusal writes nothing.
 */
export async function seatWalkIn(
  db: Kysely<Database>,
  body: WalkInBody,
  actor: Actor,
  context: { schedule: Schedule; now: number },
): Promise<WalkInOutcome> {
  const { now } = context;
  const { date, time } = romeDateTime(new Date(now));
  type Done = { ok: true; reservation: Reservation };
  type Refused = Exclude<WalkInOutcome, Done>;
  return decideUnderLock<Refused['reason'], Done, Refused>(db, {
    lock: lockBookings,
    decide: async (trx) => {
      const settings = toSettings(await readSettingsRow(trx));
      const override = body.override === true;
      const day = await readTableDay(trx, { date, schedule: context.schedule, settings, now });
      let tableIds: readonly number[] = [];
      let endsAt = now + settings.turnMinutes * MINUTE_MS;
      let overCapacity = false;
      let where = '';
      if (tableMode(day.plan)) {
        endsAt = now + turnMs(body.party, settings);
        if (body.tableIds) {
          const judged = await judgeTables(
            trx,
            { date, party: body.party, startsAt: now, endsAt, tableIds: body.tableIds, override },
            { schedule: context.schedule, settings, now },
          );
          if (!judged.ok) return judged;
          tableIds = body.tableIds;
          overCapacity = judged.conflict;
        } else {
          const request = seatRequest(body.party, now, settings, { online: false, area: null });
          const seat = bestSeat(day.plan, day.index, request);
          if (!seat) return { ok: false, reason: 'slot-full' };
          tableIds = seat.tableIds;
        }
        where = ` ${tableIds.length > 1 ? 'ai tavoli' : 'al tavolo'} ${tableNames(day.plan, tableIds)}`;
      } else {
        if (body.tableIds) {
          return { ok: false, reason: 'bad-tables', description: 'La pianta non ha tavoli.' };
        }
        const seated = await seatedBetween(trx, now, endsAt);
        const room = fits(seated, now, body.party, {
          turnMinutes: settings.turnMinutes,
          capacity: coverCapacity(settings),
        });
        if (!room && !override) return { ok: false, reason: 'slot-full' };
        overCapacity = !room;
      }
      const stamp = nowIso(now);
      const guestId = await attachGuest(
        trx,
        { name: body.name || WALK_IN_NAME, email: '', phone: body.phone ?? '', lang: 'it', date },
        now,
      );
      const row = await trx
        .insertInto('reservations')
        .values({
          guest_id: guestId,
          name: body.name || WALK_IN_NAME,
          email: '',
          phone: body.phone ?? '',
          party: body.party,
          date,
          time,
          starts_at: stamp,
          ends_at: nowIso(endsAt),
          status: 'seated',
          notes: '',
          lang: 'it',
          source: 'walk-in',
          over_capacity: overCapacity ? 1 : 0,
          privacy_accepted_at: null,
          invited: 0,
          created_by: actor.id,
          client_key: null,
          arrived_at: stamp,
          seated_at: stamp,
          created_at: stamp,
          updated_at: stamp,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await storeTables(trx, row.id, tableIds);
      await bumpBookingsVersion(trx);
      await recordAudit(
        trx,
        actor,
        {
          action: 'reservation.walk-in',
          target: `reservation:${row.id}`,
          summary: `Cliente senza prenotazione n. ${row.id}: ${row.party} persone alle ${row.time}${where}${overCapacity ? ', nonostante un conflitto' : ''}.`,
        },
        stamp,
      );
      const reservation = { ...toReservation(row), tableIds: [...tableIds] };
      return {
        ok: true,
        reservation: { ...reservation, conflict: overCapacity && tableIds.length > 0 },
      };
    },
  });
}
