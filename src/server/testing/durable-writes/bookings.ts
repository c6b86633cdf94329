import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { romeInstant } from '../../../shared/opening-hours.ts';
import { mealServiceOf } from '../../../shared/meal-service.ts';
import {
  acknowledged,
  json,
  send,
  unique,
  type Attempt,
  type Findings,
  type Target,
  type WriteKind,
} from '../durability-writes.ts';
import { mailsByAddress, type Guests } from './guests.ts';

/** The owner's rules for the run: few covers, so that the stream fills its slots. */
export const BOOKING_RULES = {
  coversPerSlot: 8,
  turnMinutes: 90,
  minNoticeMinutes: 0,
  horizonDays: 365,
  maxPartyOnline: 6,
  autoConfirmMaxParty: 2,
  retentionMonths: 24,
};

/** The covers a confirmed event holds on each booking date's dinner (set up before the stream). */
export const HELD_AT_DINNER = 4;

/** An open date the stream books on, with every slot it has. */
export interface BookingDate {
  date: string;
  times: string[];
}

interface Booking {
  email: string;
  party: number;
  date: string;
  time: string;
}

/** A party at its table, from start to end (ms). */
interface Seat {
  party: number;
  startsAt: number;
  endsAt: number;
}

const MINUTE_MS = 60_000;

/**
 * The most covers seated at any moment of [from, to). Written here apart
 * from the server's own count (services/reservations/slots.ts), which it
 * checks: seating only rises when a party sits, so the moments to look at
 * are `from` and every start inside.
 */
function peakSeated(seats: readonly Seat[], from: number, to: number): number {
  const moments = [
    from,
    ...seats.map((seat) => seat.startsAt).filter((at) => from < at && at < to),
  ];
  let peak = 0;
  for (const moment of moments) {
    let seated = 0;
    for (const seat of seats)
      if (seat.startsAt <= moment && moment < seat.endsAt) seated += seat.party;
    peak = Math.max(peak, seated);
  }
  return peak;
}

/** Mails each online booking queues: the guest's (received or confirmed) and the restaurant's notice. */
const MAILS_PER_BOOKING = 2;

/**
 * Online table bookings (`POST /api/reservations`), each guest's name its
 * token. Every acknowledged booking is stored once under its id, with its
 * two mails; at every moment of every date the covers seated, with what
 * confirmed events hold, stay within the capacity; and every `slot-full`
 * is explained by what is stored.
 */
export class Bookings implements WriteKind {
  readonly name = 'bookings';
  readonly label = 'table bookings';
  readonly weight: number;
  readonly attempts: Attempt<Booking>[] = [];
  readonly refusalCodes = ['slot-full'];
  readonly #guests: Guests;
  readonly #dates: readonly BookingDate[];

  constructor(weight: number, guests: Guests, dates: readonly BookingDate[]) {
    this.weight = weight;
    this.#guests = guests;
    this.#dates = dates;
  }

  /**
   * Two cycles book one date, at one lunch and one dinner time, so that
   * their bookings meet at the capacity; the next two move on.
   */
  #pickSlot(target: Target): { date: string; time: string } {
    const index = Math.floor(target.cycle / 2) % this.#dates.length;
    const { date, times } = this.#dates[index]!;
    const lunch = times.filter((time) => mealServiceOf(time) === 'lunch');
    const dinner = times.filter((time) => mealServiceOf(time) === 'dinner');
    const choices = [lunch[index % (lunch.length || 1)], dinner[index % (dinner.length || 1)]];
    const time = choices.filter((choice) => choice !== undefined)[target.random() < 0.5 ? 0 : 1];
    return { date, time: time ?? times[0]! };
  }

  async send(target: Target): Promise<Attempt> {
    const key = `dur-c${target.cycle}-b${this.attempts.length}-${unique(target.random)}`;
    const guest = this.#guests.next(key);
    const party = 1 + Math.floor(target.random() * BOOKING_RULES.maxPartyOnline);
    const slot = this.#pickSlot(target);
    const attempt: Attempt<Booking> = {
      cycle: target.cycle,
      key,
      detail: { email: guest.email, party, ...slot },
    };
    this.attempts.push(attempt);
    await send(attempt, `${target.url}/api/reservations`, {
      method: 'POST',
      headers: json(undefined, target.nextClient()),
      body: JSON.stringify({ name: key, ...guest, party, ...slot, lang: 'it', privacy: true }),
    });
    return attempt;
  }

  async verify(db: Kysely<Database>, _cycle: number, findings: Findings) {
    const rows = await db
      .selectFrom('reservations')
      .select(['id', 'name', 'email', 'party', 'date', 'time'])
      .execute();
    const byEmail = new Map<string, typeof rows>();
    for (const row of rows) byEmail.set(row.email, [...(byEmail.get(row.email) ?? []), row]);
    const mails = await mailsByAddress(db);
    const sent = new Set(this.attempts.map((attempt) => attempt.detail.email));
    for (const attempt of this.attempts) {
      const stored = byEmail.get(attempt.detail.email) ?? [];
      const { party, date, time } = attempt.detail;
      const same = stored.filter(
        (row) =>
          row.name === attempt.key && row.party === party && row.date === date && row.time === time,
      );
      if (
        acknowledged(attempt) &&
        (stored.length !== 1 || same.length !== 1 || same[0]!.id !== attempt.id)
      ) {
        findings.note(
          findings.lost,
          attempt.key,
          `acknowledged booking ${attempt.key} (cycle ${attempt.cycle}, id ${attempt.id}) is stored ${stored.length} times (ids ${stored.map((row) => row.id).join(', ') || 'none'}) as asked ${same.length}`,
        );
      } else if (stored.length > 1 || stored.length !== same.length) {
        findings.note(
          findings.lost,
          attempt.key,
          `booking ${attempt.key} is stored ${stored.length} times, ${same.length} as asked`,
        );
      }
      if (stored.length === 1 && (mails.get(attempt.detail.email) ?? 0) !== MAILS_PER_BOOKING) {
        findings.note(
          findings.half,
          attempt.key,
          `booking ${attempt.key} is stored with ${mails.get(attempt.detail.email) ?? 0} mails, not ${MAILS_PER_BOOKING}`,
        );
      }
    }
    for (const row of rows) {
      if (!sent.has(row.email))
        findings.note(
          findings.lost,
          `row ${row.id}`,
          `a booking nobody made: #${row.id} ${row.name}`,
        );
    }
    for (const { date } of this.#dates) {
      const seats = await this.#seats(db, date);
      for (const seat of seats) {
        const seated = peakSeated(seats, seat.startsAt, seat.startsAt + 1);
        if (seated > BOOKING_RULES.coversPerSlot) {
          findings.note(
            findings.overLimit,
            `${date} ${seat.startsAt}`,
            `${seated} covers seated on ${date} at ${new Date(seat.startsAt).toISOString()}, with events' holds: over the capacity of ${BOOKING_RULES.coversPerSlot}`,
          );
        }
      }
    }
  }

  /** Loads only grow during the run: a slot refused as full must have no room for that party at the end. */
  async verifyRefusals(db: Kysely<Database>, findings: Findings) {
    const seatsOn = new Map<string, Seat[]>();
    for (const attempt of this.attempts.filter((attempt) => attempt.code === 'slot-full')) {
      const { date, time, party } = attempt.detail;
      if (!seatsOn.has(date)) seatsOn.set(date, await this.#seats(db, date));
      const at = romeInstant(date, time).getTime();
      const turnEnds = at + BOOKING_RULES.turnMinutes * MINUTE_MS;
      if (peakSeated(seatsOn.get(date)!, at, turnEnds) + party <= BOOKING_RULES.coversPerSlot) {
        findings.note(
          findings.wrongRefusals,
          attempt.key,
          `booking ${attempt.key} (party ${party}, ${date} ${time}) was refused slot-full, yet it fits what is stored`,
        );
      }
    }
  }

  /**
   * A date's seats as capacity counts them, worked out here from the rows
   * alone: each booking from its time for a turn, and each confirmed
   * event's hold from its service's first slot to a turn after its last
   * (docs/api.md, `PATCH /api/events/inquiries/:id`).
   */
  async #seats(db: Kysely<Database>, date: string): Promise<Seat[]> {
    const turn = BOOKING_RULES.turnMinutes * MINUTE_MS;
    const bookings = await db
      .selectFrom('reservations')
      .select(['party', 'time'])
      .where('date', '=', date)
      .where('status', 'in', ['pending', 'confirmed'])
      .execute();
    const seats: Seat[] = bookings.map((row) => {
      const startsAt = romeInstant(date, row.time).getTime();
      return { party: row.party, startsAt, endsAt: startsAt + turn };
    });
    const holds = await db
      .selectFrom('event_inquiries')
      .select(['service', 'hold_covers'])
      .where('date', '=', date)
      .where('status', '=', 'confirmed')
      .execute();
    const times = this.#dates.find((entry) => entry.date === date)?.times ?? [];
    for (const hold of holds) {
      const inService = times.filter((time) => mealServiceOf(time) === hold.service);
      if (!hold.hold_covers || inService.length === 0) continue;
      seats.push({
        // -1: every cover (migration 022)
        party: hold.hold_covers < 0 ? BOOKING_RULES.coversPerSlot : hold.hold_covers,
        startsAt: romeInstant(date, inService[0]!).getTime(),
        endsAt: romeInstant(date, inService.at(-1)!).getTime() + turn,
      });
    }
    return seats;
  }
}
