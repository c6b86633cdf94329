import { createServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createStaff, login, testApp } from '../../testing/app.ts';
import { startPushService, type PushServiceDouble } from '../../testing/push-service.ts';
import { takeawayDish } from '../../testing/takeaway.ts';
import type { ResolveHost } from './endpoints.ts';
import { notifyNewBooking } from './notify.ts';
import { PushSender } from './sender.ts';
import { PushSubscriptions } from './subscriptions.ts';

// Staff notifications by Web Push (docs/api.md, "Staff notifications"): a
// push service double on loopback, allowed by PUSH_ALLOWED_ORIGINS, decrypts
// every message and checks its VAPID JWT. The app's clock is moved, never
// waited for.
let harness: Awaited<ReturnType<typeof testApp>>;
let staffId: number;
let others: Awaited<ReturnType<typeof testApp>>[] = [];
/** What a test started besides the apps and the double, stopped first. */
const cleanups: (() => Promise<void>)[] = [];
let double: PushServiceDouble;
let token: string;
/** Tuesday 13 January 2026, 10:00 in Rome. */
const START = Date.parse('2026-01-13T09:00:00Z');
let now = START;

async function start() {
  double = await startPushService();
  harness = await testApp(
    { PUSH_ALLOWED_ORIGINS: double.origin },
    { pages: false, now: () => now },
  );
  staffId = (await createStaff(harness.app)).id;
  token = await login(harness.app);
}
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  for (const other of others) await other.close();
  others = [];
  await harness?.close();
  await double?.stop();
  now = START;
});

const WEDNESDAY = '2026-01-14';
let address = 0;
const nextAddress = () => `10.9.0.${++address}`;

const GUEST = { name: 'Jonas Weber', email: 'jonas@example.de', phone: '+49 170 1234567' };
/** A guest's booking from the site. */
const book = (overrides: Record<string, unknown> = {}) =>
  harness.app.inject({
    method: 'POST',
    url: '/api/reservations',
    payload: {
      ...GUEST,
      party: 4,
      date: WEDNESDAY,
      time: '20:30',
      notes: '',
      privacy: true,
      lang: 'de',
      ...overrides,
    },
    remoteAddress: nextAddress(),
  });

async function subscribe(topics: string[], bearer = token) {
  const subscription = double.subscription();
  const response = await harness.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { authorization: `Bearer ${bearer}` },
    payload: { ...subscription, topics },
  });
  expect(response.statusCode, response.body).toBe(201);
  return subscription;
}

const deliveries = () =>
  harness.app.db.selectFrom('push_deliveries').selectAll().orderBy('id').execute();
const subscriptions = () =>
  harness.app.db.selectFrom('push_subscriptions').selectAll().orderBy('id').execute();

/** Moves the clock past any retry's wait and looks at the queue. */
function later(minutes = 11) {
  now += minutes * 60 * 1000;
  harness.app.pushSender.kick();
}

describe('push messages', () => {
  it('tell the devices subscribed to the topic, in Italian, without the guest’s e-mail or phone', async () => {
    await start();
    const reservations = await subscribe(['reservations', 'messages']);
    const takeaway = await subscribe(['takeaway']);
    const response = await book();
    expect(response.statusCode, response.body).toBe(201);
    await expect.poll(() => double.received.length).toBe(1);
    const [message] = double.received;
    expect(message!.endpoint).toBe(reservations.endpoint);
    expect(message!.payload).toEqual({
      title: 'Nuova prenotazione',
      body: '4 persone, mercoledì 14 gennaio alle 20:30',
      url: '/dashboard/reservations?data=2026-01-14',
    });
    const text = JSON.stringify(message!.payload);
    for (const personal of [GUEST.email, GUEST.phone, '1234567', GUEST.name, 'Jonas']) {
      expect(text).not.toContain(personal);
    }
    // Signed with the database's VAPID key, for the double's origin.
    const { publicKey } = (await harness.app.inject({ method: 'GET', url: '/api/push/key' })).json<{
      publicKey: string;
    }>();
    expect(message!.publicKey).toBe(publicKey);
    expect(message!.claims.aud).toBe(double.origin);
    expect(message!.claims.sub).toMatch(/^mailto:.+@/);
    expect(message!.ttl).toBeGreaterThan(0);
    expect(double.problems).toEqual([]);
    expect(double.received.map(({ endpoint }) => endpoint)).not.toContain(takeaway.endpoint);
    await expect.poll(async () => (await deliveries()).length).toBe(0);
    const [device] = await subscriptions();
    expect(device!.last_used_at).toBe(new Date(now).toISOString());
  });

  it('open the right page for a new takeaway order, event request and contact message', async () => {
    await start();
    await subscribe(['takeaway', 'events', 'messages']);
    const pizza = await takeawayDish(harness.app.db, 'pizza');
    const order = await harness.app.inject({
      method: 'POST',
      url: '/api/takeaway/orders/staff',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        ...GUEST,
        lang: 'it',
        pickup: { date: WEDNESDAY, time: '20:00' },
        items: [{ id: pizza.id, quantity: 3 }],
      },
    });
    expect(order.statusCode, order.body).toBe(201);
    const inquiry = await harness.app.inject({
      method: 'POST',
      url: '/api/events/inquiries',
      payload: {
        kind: 'wedding',
        date: '2026-06-13',
        service: 'dinner',
        adults: 80,
        children: 10,
        area: 'any',
        allergens: [],
        dietaryNotes: '',
        notes: '',
        ...GUEST,
        lang: 'it',
        privacy: true,
      },
      remoteAddress: nextAddress(),
    });
    expect(inquiry.statusCode, inquiry.body).toBe(201);
    const contact = await harness.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        firstName: 'Giulia',
        lastName: 'Verdi',
        email: 'giulia@example.com',
        message: 'Il mio numero è +39 333 1234567',
        privacy: true,
      },
      remoteAddress: nextAddress(),
    });
    expect(contact.statusCode, contact.body).toBe(202);
    await expect.poll(() => double.received.length).toBe(3);
    expect(double.received.map(({ payload }) => payload)).toEqual([
      {
        title: 'Nuovo ordine telefonico',
        body: '3 piatti, ritiro mercoledì 14 gennaio alle 20:00',
        url: '/dashboard/takeaway?data=2026-01-14',
      },
      {
        title: 'Nuova richiesta per un evento',
        body: 'Matrimonio, 90 persone, sabato 13 giugno',
        url: `/dashboard/events?richiesta=${inquiry.json<{ id: number }>().id}`,
      },
      {
        title: 'Nuovo messaggio',
        body: 'È arrivato un messaggio dal modulo dei contatti.',
        url: '/dashboard/messages',
      },
    ]);
    // What the phones read: never the guests' names, e-mails or phone numbers (the endpoint's
    // random port may hold any digits, so only the messages are looked at).
    const read = JSON.stringify(double.received.map((received) => received.payload));
    expect(read).not.toMatch(/giulia|jonas|weber|1234567/i);
    expect(double.problems).toEqual([]);
  });

  it('delete a subscription the push service answers 410 or 404 for, with its queued messages', async () => {
    await start();
    for (const status of [410, 404]) {
      await subscribe(['reservations']);
      double.answerNext(status);
      expect(
        (await book({ email: `guest${status}@example.com`, phone: `+39 06 ${status}` })).statusCode,
      ).toBe(201);
      await expect.poll(async () => (await subscriptions()).length).toBe(0);
      expect(await deliveries()).toEqual([]);
    }
    expect(double.received).toEqual([]);
    // The system removed them: the audit log says so, with no actor.
    const gone = await harness.app.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'summary'])
      .where('action', 'like', 'push.%')
      .orderBy('id')
      .execute();
    expect(gone.map(({ action, actor_id }) => `${action} ${actor_id}`)).toEqual([
      `push.subscribe ${staffId}`,
      'push.gone null',
      `push.subscribe ${staffId}`,
      'push.gone null',
    ]);
    expect(gone[1]!.summary).toMatch(
      /^Dispositivo Browser \(dispositivo n\. \d+\) di anna@trattoria\.example rimosso: /,
    );
  });

  it('retry 429 and 503 with backoff, then deliver once', async () => {
    await start();
    await subscribe(['reservations']);
    double.answerNext(429);
    double.answerNext(503);
    expect((await book()).statusCode).toBe(201);
    await expect.poll(async () => (await deliveries())[0]?.last_error).toBe('HTTP 429');
    const [first] = await deliveries();
    const wait = Date.parse(first!.next_attempt_at!) - now;
    expect(wait).toBeGreaterThanOrEqual(2_500);
    expect(wait).toBeLessThanOrEqual(5_000);
    later();
    await expect.poll(async () => (await deliveries())[0]?.last_error).toBe('HTTP 503');
    expect((await deliveries())[0]!.attempts).toBe(2);
    later();
    await expect.poll(() => double.received.length).toBe(1);
    await expect.poll(async () => (await deliveries()).length).toBe(0);
    expect(double.requests).toBe(3);
    expect(double.problems).toEqual([]);
  });

  it('from two instances on one database are each sent once', async () => {
    await start();
    await subscribe(['reservations']);
    const second = await testApp(
      { PUSH_ALLOWED_ORIGINS: double.origin },
      { pages: false, sharedDatabase: harness.database, now: () => now },
    );
    others.push(second);
    const times = ['12:00', '12:15', '12:30', '12:45', '13:00', '13:15', '19:00', '19:15'];
    await harness.app.db.transaction().execute(async (trx) => {
      for (const time of times) {
        await notifyNewBooking(trx, { party: 2, date: WEDNESDAY, time, source: 'online' });
      }
    });
    harness.app.pushSender.kick();
    second.app.pushSender.kick();
    await Promise.all([harness.app.pushSender.drain(), second.app.pushSender.drain()]);
    await expect.poll(() => double.received.length).toBe(times.length);
    await Promise.all([harness.app.pushSender.drain(), second.app.pushSender.drain()]);
    const bodies = double.received.map(({ payload }) => payload.body).sort();
    expect(new Set(bodies).size).toBe(times.length);
    expect(double.requests).toBe(times.length);
    // The last answer may still be on its way back to its sender, which then deletes the row.
    await expect.poll(deliveries).toEqual([]);
  });

  it('that hang or are down delay neither the booking nor a mail, and are retried later', async () => {
    await start();
    await subscribe(['reservations']);
    double.hangNext();
    const answered = await book();
    expect(answered.statusCode, answered.body).toBe(201);
    // The sender waits on the push service meanwhile.
    await expect.poll(() => double.requests).toBe(1);
    expect((await deliveries())[0]).toMatchObject({ attempts: 1 });
    // Mail goes out all the same (no SMTP_URL: the log transport "sends" it).
    await expect
      .poll(async () =>
        (await harness.app.db.selectFrom('outbox').select('status').execute()).map(
          ({ status }) => status,
        ),
      )
      .toEqual(['sent', 'sent']);
    // Down: the hanging request fails, and so does every try until it is up.
    double.down();
    await expect.poll(async () => (await deliveries())[0]?.last_error).toBeTruthy();
    expect(
      (await book({ time: '21:00', email: 'b@example.com', phone: '+39 06 1234 5678' })).statusCode,
    ).toBe(201);
    // Both tried once and failed (a send still under way would miss the clock's move below).
    await expect
      .poll(async () =>
        (await deliveries()).map(({ attempts, last_error }) => [attempts, Boolean(last_error)]),
      )
      .toEqual([
        [1, true],
        [1, true],
      ]);
    expect(double.received).toEqual([]);
    double.up();
    later();
    await expect.poll(() => double.received.length).toBe(2);
    expect(double.problems).toEqual([]);
  });

  it('never follow a redirect: the message is dropped', async () => {
    await start();
    await subscribe(['reservations']);
    double.redirectNext();
    expect((await book()).statusCode).toBe(201);
    await expect.poll(() => double.requests).toBe(1);
    await expect.poll(async () => (await deliveries()).length).toBe(0);
    expect(double.redirectsFollowed).toBe(0);
    expect(double.received).toEqual([]);
    expect(await subscriptions()).toHaveLength(1);
  });

  it('connect only to the addresses checked: a name that turns to loopback after the check reaches nothing', async () => {
    await start();
    // This test's own sender sends; the app's would race it for the message.
    await harness.app.pushSender.stop();
    let connections = 0;
    const loopback = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => loopback.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => loopback.close(() => resolve())));
    /** An attacker's name server: a public address when first asked, loopback ever after. */
    const rebinding = (): ResolveHost => {
      let asked = 0;
      return async () => ((asked += 1) === 1 ? ['93.184.215.14'] : ['127.0.0.1']);
    };
    // `localhost`: the system's resolver, which the connection would ask on its own,
    // answers loopback too, so a connection made without the checked addresses reaches it.
    // Its random port stands in for 443, which the rule would hold it to.
    const { port } = loopback.address() as AddressInfo;
    const endpoint = `https://localhost:${port}/push/x`;
    const subscribed = await new PushSubscriptions({
      db: harness.app.db,
      dialect: harness.app.dialect,
      allowedOrigins: [],
      resolve: rebinding(),
      port,
    }).subscribe(
      { id: staffId, email: 'anna@trattoria.example' },
      // Keys of a real device, which web-push needs to encrypt: the double makes them.
      { endpoint, keys: double.subscription().keys, topics: ['reservations'] },
      undefined,
    );
    expect(subscribed).toEqual({ ok: true });
    const sender = new PushSender({
      db: harness.app.db,
      dialect: harness.app.dialect,
      log: harness.app.log,
      keys: () => harness.app.push.keys(),
      subject: async () => 'mailto:anna@trattoria.example',
      allowedOrigins: [],
      resolve: rebinding(),
      port,
      now: () => now,
    });
    cleanups.push(() => sender.stop());
    await harness.app.db
      .transaction()
      .execute((trx) =>
        notifyNewBooking(trx, { party: 2, date: WEDNESDAY, time: '20:00', source: 'online' }),
      );
    expect(await sender.drain()).toBe(0);
    expect(connections).toBe(0);
    expect(await deliveries()).toMatchObject([{ attempts: 1, last_error: 'EPUSHNOTPUBLIC' }]);
    expect(await subscriptions()).toHaveLength(1);
  });
});
