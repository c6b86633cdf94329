import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
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

/** Mails each request queues: the guest's acknowledgement and the restaurant's notice. */
const MAILS_PER_REQUEST = 2;

interface Request {
  email: string;
  date: string;
}

const requestBody = (
  key: string,
  guest: { email: string; phone: string },
  date: string,
  service: 'lunch' | 'dinner',
  adults: number,
) => ({
  kind: 'birthday',
  date,
  service,
  adults,
  children: 0,
  area: 'any',
  allergens: [],
  name: key,
  ...guest,
  lang: 'it',
  privacy: true,
});

/**
 * Before the stream: a confirmed event holding `covers` of `date`'s
 * dinner, as staff confirm one (`PATCH /api/events/inquiries/:id`), so that
 * the bookings of that dinner share the capacity with it.
 */
export async function holdDinner(
  target: Target,
  guests: Guests,
  date: string,
  covers: number,
): Promise<void> {
  const key = `dur-hold-${date}`;
  const attempt: Attempt = { cycle: 0, key, detail: undefined };
  await send(attempt, `${target.url}/api/events/inquiries`, {
    method: 'POST',
    headers: json(undefined, target.nextClient()),
    body: JSON.stringify(requestBody(key, guests.next(key), date, 'dinner', 20)),
  });
  if (attempt.status !== 201)
    throw new Error(`durability: the event request for ${date} answered ${attempt.status}`);
  const confirm: Attempt = { cycle: 0, key, detail: undefined };
  await send(confirm, `${target.url}/api/events/inquiries/${attempt.id}`, {
    method: 'PATCH',
    headers: json(target.token),
    body: JSON.stringify({ status: 'confirmed', holdCovers: covers }),
  });
  if (confirm.status !== 200)
    throw new Error(`durability: confirming the event of ${date} answered ${confirm.status}`);
}

/**
 * Guests' event requests (`POST /api/events/inquiries`), each guest's name
 * its token. Every acknowledged request is stored once under its id, with
 * both its mails (one transaction). A request holds no cover until staff
 * confirm it: the covers events hold are the ones `holdDinner` set up,
 * which the bookings' capacity check counts (bookings.ts).
 */
export class EventRequests implements WriteKind {
  readonly name = 'events';
  readonly label = 'event requests';
  readonly weight: number;
  readonly attempts: Attempt<Request>[] = [];
  readonly refusalCodes = [];
  readonly #guests: Guests;
  readonly #dates: readonly string[];
  /** Setup's requests (their names start `dur-hold-`), which the stream did not send. */
  readonly #setUp = /^dur-hold-/;

  constructor(weight: number, guests: Guests, dates: readonly string[]) {
    this.weight = weight;
    this.#guests = guests;
    this.#dates = dates;
  }

  async send(target: Target): Promise<Attempt> {
    const key = `dur-c${target.cycle}-e${this.attempts.length}-${unique(target.random)}`;
    const guest = this.#guests.next(key);
    const date = this.#dates[Math.floor(target.random() * this.#dates.length)]!;
    const attempt: Attempt<Request> = {
      cycle: target.cycle,
      key,
      detail: { email: guest.email, date },
    };
    this.attempts.push(attempt);
    const service = target.random() < 0.5 ? 'lunch' : 'dinner';
    const adults = 10 + Math.floor(target.random() * 60);
    await send(attempt, `${target.url}/api/events/inquiries`, {
      method: 'POST',
      headers: json(undefined, target.nextClient()),
      body: JSON.stringify(requestBody(key, guest, date, service, adults)),
    });
    return attempt;
  }

  async verify(db: Kysely<Database>, _cycle: number, findings: Findings) {
    const rows = await db
      .selectFrom('event_inquiries')
      .select(['id', 'name', 'email', 'date'])
      .execute();
    const byEmail = new Map<string, typeof rows>();
    for (const row of rows) byEmail.set(row.email, [...(byEmail.get(row.email) ?? []), row]);
    const mails = await mailsByAddress(db);
    for (const attempt of this.attempts) {
      const stored = byEmail.get(attempt.detail.email) ?? [];
      const same = stored.filter(
        (row) => row.name === attempt.key && row.date === attempt.detail.date,
      );
      if (
        acknowledged(attempt) &&
        (stored.length !== 1 || same.length !== 1 || same[0]!.id !== attempt.id)
      ) {
        findings.note(
          findings.lost,
          attempt.key,
          `acknowledged event request ${attempt.key} (cycle ${attempt.cycle}, id ${attempt.id}) is stored ${stored.length} times (ids ${stored.map((row) => row.id).join(', ') || 'none'}), ${same.length} as asked`,
        );
      } else if (stored.length > 1 || stored.length !== same.length) {
        findings.note(
          findings.lost,
          attempt.key,
          `event request ${attempt.key} is stored ${stored.length} times, ${same.length} as asked`,
        );
      }
      if (stored.length === 1 && (mails.get(attempt.detail.email) ?? 0) !== MAILS_PER_REQUEST) {
        findings.note(
          findings.half,
          attempt.key,
          `event request ${attempt.key} is stored with ${mails.get(attempt.detail.email) ?? 0} mails, not ${MAILS_PER_REQUEST}`,
        );
      }
    }
    const sent = new Set(this.attempts.map((attempt) => attempt.detail.email));
    for (const row of rows) {
      if (!sent.has(row.email) && !this.#setUp.test(row.name)) {
        findings.note(
          findings.lost,
          `row ${row.id}`,
          `an event request nobody sent: #${row.id} ${row.name}`,
        );
      }
    }
  }
}
