import { addDays, romeDate } from '../../../shared/opening-hours.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { takeawayDish } from '../takeaway.ts';
import { json, type Attempt, type Target, type WriteKind } from '../durability-writes.ts';
import { BOOKING_RULES, Bookings, HELD_AT_DINNER, type BookingDate } from './bookings.ts';
import { ContactPosts } from './contact-posts.ts';
import { EventRequests, holdDinner } from './event-requests.ts';
import { Guests } from './guests.ts';
import { MenuSaves } from './menu-saves.ts';
import { PhotoUploads, smallPictures } from './photo-uploads.ts';
import { TAKEAWAY_RULES, TakeawayOrders, type PickupSlot } from './takeaway-orders.ts';

/** The most dates bookings and event requests use (two cycles book each: bookings.ts). */
const BOOKING_DATES = 24;

/** Reads a JSON answer; throws when the setup cannot go on. */
async function setupCall(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) {
  const response = await fetch(url, init);
  if (!response.ok)
    throw new Error(
      `durability setup: ${init.method} ${url} answered ${response.status}: ${await response.text()}`,
    );
  return (await response.json()) as unknown;
}

/**
 * Before the first cycle, on the live server: the owner's settings with low
 * limits (a slot's covers, the oven's and the kitchen's places), the open
 * dates and pickup slots the stream uses, a confirmed event holding covers
 * on each booking date's dinner; then every kind of write, with its share of
 * the stream. A mail per contact post, two per booking and per event
 * request, one per order: the outbox delivers them one at a time.
 */
export async function prepareStream(
  target: Target,
  db: Kysely<Database>,
  cycles: number,
): Promise<WriteKind[]> {
  const { url, token } = target;
  await setupCall(`${url}/api/reservations/settings`, {
    method: 'PUT',
    headers: json(token),
    body: JSON.stringify(BOOKING_RULES),
  });
  await setupCall(`${url}/api/takeaway/settings`, {
    method: 'PUT',
    headers: json(token),
    body: JSON.stringify(TAKEAWAY_RULES),
  });

  const today = romeDate(new Date());
  const bookingDates: BookingDate[] = [];
  for (
    let ahead = 2;
    ahead < 120 && bookingDates.length < Math.min(BOOKING_DATES, Math.floor(cycles / 2) + 1);
    ahead += 1
  ) {
    const date = addDays(today, ahead);
    const answer = (await setupCall(`${url}/api/reservations/availability?date=${date}&party=1`, {
      method: 'GET',
      headers: {},
    })) as { slots: { time: string }[] };
    if (answer.slots.length > 0)
      bookingDates.push({ date, times: answer.slots.map((slot) => slot.time) });
  }
  if (bookingDates.length === 0) throw new Error('durability setup: no date open for bookings');

  const guests = new Guests();
  for (const { date } of bookingDates) await holdDinner(target, guests, date, HELD_AT_DINNER);

  const pizza = (await takeawayDish(db, 'pizza')).id;
  const course = (await takeawayDish(db, 'firstCourses')).id;
  const pickups: PickupSlot[] = [];
  for (let ahead = 1; ahead <= TAKEAWAY_RULES.horizonDays; ahead += 1) {
    const date = addDays(today, ahead);
    const answer = (await setupCall(`${url}/api/takeaway/slots?date=${date}&items=${pizza}*1`, {
      method: 'GET',
      headers: {},
    })) as { slots: { time: string; available: boolean }[] };
    for (const slot of answer.slots) if (slot.available) pickups.push({ date, time: slot.time });
  }
  if (pickups.length === 0) throw new Error('durability setup: no pickup slot open');

  const dates = bookingDates.map((entry) => entry.date);
  return [
    new MenuSaves(6),
    new ContactPosts(3, guests),
    new Bookings(3, guests, bookingDates),
    new TakeawayOrders(3, guests, pickups, { pizza, course }),
    new EventRequests(2, guests, dates),
    new PhotoUploads(1, await smallPictures()),
  ];
}

/** The answers a kind's attempts got that are neither acknowledged, nor a refusal for capacity, nor cut off. */
export function unexpectedAnswers(kind: WriteKind): Attempt[] {
  return kind.attempts.filter(
    (attempt) =>
      attempt.status !== undefined &&
      !(attempt.status >= 200 && attempt.status < 300) &&
      !(attempt.status === 409 && kind.refusalCodes.includes(attempt.code ?? '')),
  );
}
