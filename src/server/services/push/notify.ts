import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PushTopic } from '../../../shared/schemas/push.ts';
import { EVENT_KIND_LABELS, type EventKind } from '../../../shared/schemas/events.ts';
import { nowIso } from '../tokens.ts';
import { writeAtTurnEnd, type TurnEndWrite } from '../turn.ts';

/**
 * What staff phones are told, one function per kind of news, each called in
 * the transaction that stores the news: it queues one message for every
 * device whose owner chose the topic (one insert), and the push sender
 * (sender.ts) delivers them after the commit. A message says what happened
 * and which back-office page shows it, and never carries a guest's e-mail or
 * phone (docs/security.md item 47): not even their name.
 */

export interface PushMessage {
  title: string;
  body: string;
  /** The back-office page the notification opens, a path on the site. */
  url: string;
}

/**
 * Made once: building an Intl.DateTimeFormat costs far more than formatting
 * with it (a third of a millisecond, in every booking's and order's
 * transaction; docs/performance.md, "200-request bursts").
 */
const ITALIAN_DAY = new Intl.DateTimeFormat('it-IT', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

/** Each date's words, kept: a burst of orders names the same day or two again and again. */
const italianDays = new Map<string, string>();

/** "sabato 17 gennaio" for "2026-01-17". */
function dayInItalian(date: string): string {
  let day = italianDays.get(date);
  if (day === undefined) {
    if (italianDays.size >= 1024) italianDays.clear();
    day = ITALIAN_DAY.format(new Date(`${date}T00:00:00Z`));
    italianDays.set(date, day);
  }
  return day;
}

const people = (count: number) => (count === 1 ? '1 persona' : `${count} persone`);

/**
 * Queues `message` for every device subscribed to `topic`, in the caller's
 * transaction; a booking's or an order's, with its turn's others just before
 * its commit (turn.ts `writeAtTurnEnd`).
 */
function enqueuePush(trx: Kysely<Database>, topic: PushTopic, message: PushMessage): Promise<void> {
  return writeAtTurnEnd(trx, insertPushes, { topic, message, createdAt: nowIso() });
}

interface QueuedPush {
  topic: PushTopic;
  message: PushMessage;
  createdAt: string;
}

/** Each message queued for every device subscribed to its topic: one statement for all. */
const insertPushes: TurnEndWrite<QueuedPush> = async (db, pushes) => {
  const forSubscribers = ({ topic, message, createdAt }: QueuedPush) =>
    db
      .selectFrom('push_subscriptions')
      .select((inner) => [
        'id',
        inner.val(message.title).as('title'),
        inner.val(message.body).as('body'),
        inner.val(message.url).as('url'),
        inner.val(createdAt).as('created_at'),
      ])
      // Topics are stored joined by commas: `,reservations,takeaway,`.
      .where(sql<string>`',' || topics || ','`, 'like', `%,${topic},%`);
  const [first, ...others] = pushes;
  if (!first) return;
  await db
    .insertInto('push_deliveries')
    // No `next_attempt_at`: a message never tried is due at once, whatever the sender's clock.
    .columns(['subscription_id', 'title', 'body', 'url', 'created_at'])
    .expression(
      others.reduce((query, push) => query.unionAll(forSubscribers(push)), forSubscribers(first)),
    )
    .execute();
};

/** A new booking, a guest's from the site or one staff took by phone. */
export function notifyNewBooking(
  trx: Kysely<Database>,
  booking: { party: number; date: string; time: string; source: 'online' | 'staff' | 'walk-in' },
): Promise<void> {
  return enqueuePush(trx, 'reservations', {
    title: booking.source === 'staff' ? 'Nuova prenotazione telefonica' : 'Nuova prenotazione',
    body: `${people(booking.party)}, ${dayInItalian(booking.date)} alle ${booking.time}`,
    url: `/dashboard/reservations?data=${booking.date}`,
  });
}

/** A new takeaway order, from the site or by phone. */
export function notifyNewOrder(
  trx: Kysely<Database>,
  order: { date: string; time: string; source: 'online' | 'phone'; dishes: number },
): Promise<void> {
  const dishes = order.dishes === 1 ? '1 piatto' : `${order.dishes} piatti`;
  return enqueuePush(trx, 'takeaway', {
    title: order.source === 'phone' ? 'Nuovo ordine telefonico' : 'Nuovo ordine da asporto',
    body: `${dishes}, ritiro ${dayInItalian(order.date)} alle ${order.time}`,
    url: `/dashboard/takeaway?data=${order.date}`,
  });
}

/** A guest's new request for an event. */
export function notifyNewInquiry(
  trx: Kysely<Database>,
  inquiry: { id: number; kind: EventKind; date: string; adults: number; children: number },
): Promise<void> {
  return enqueuePush(trx, 'events', {
    title: 'Nuova richiesta per un evento',
    body: `${EVENT_KIND_LABELS[inquiry.kind]}, ${people(inquiry.adults + inquiry.children)}, ${dayInItalian(inquiry.date)}`,
    url: `/dashboard/events?richiesta=${inquiry.id}`,
  });
}

/** A new message from the site's contact form (not one the honeypot caught). */
export function notifyNewMessage(trx: Kysely<Database>): Promise<void> {
  return enqueuePush(trx, 'messages', {
    title: 'Nuovo messaggio',
    body: 'È arrivato un messaggio dal modulo dei contatti.',
    url: '/dashboard/messages',
  });
}
