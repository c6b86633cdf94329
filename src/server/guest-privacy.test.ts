import { afterEach, describe, expect, it } from 'vitest';
import { createStaff, login, testApp } from './testing/app.ts';
import { startPushService, type PushServiceDouble } from './testing/push-service.ts';
import { startSmtpServer } from './testing/smtp.ts';
import { takeawayDish } from './testing/takeaway.ts';

// docs/security.md item 55: staff's notes on a guest (allergies are health
// data) and the owner's tags never reach a mail, a push message or a log
// line. A whole evening of one guest with a marker in their notes and tags:
// a booking online (received, confirmed), the reminder and its "I'll be
// there", a takeaway order collected, an event request, a contact message,
// the party seated and finished, the review request the next morning; every
// mail over real SMTP, every push through a push service on loopback, every
// log line the server writes. The marker is where staff read it (so it was
// really there), and nowhere else.
const MARKER = 'MARCATORE-ALLERGIA-7731';
const TAG = 'ETICHETTA-7731';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

let harness: Awaited<ReturnType<typeof testApp>> | undefined;
let push: PushServiceDouble | undefined;
let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
afterEach(async () => {
  await harness?.close();
  await push?.stop();
  await smtp?.stop();
});

/** Sunday 11 January 2026, 10:00 in Rome: Anna books for Tuesday. */
let now = Date.parse('2026-01-11T09:00:00Z');
const at = (iso: string) => {
  now = Date.parse(iso);
};

describe('a guest record’s notes and tags', () => {
  it('appear in no mail, push message or log line of a whole evening', async () => {
    const logged: string[] = [];
    smtp = await startSmtpServer();
    push = await startPushService();
    harness = await testApp(
      { SMTP_URL: smtp.url, PUSH_ALLOWED_ORIGINS: push.origin },
      { pages: false, now: () => now, logStream: { write: (line) => void logged.push(line) } },
    );
    const { app } = harness;
    await createStaff(app, { role: 'owner' });
    const owner = await login(app);
    const staff = (method: 'GET' | 'PUT' | 'PATCH' | 'POST', url: string, payload?: object) =>
      app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${owner}`, 'user-agent': ANDROID_CHROME },
        ...(payload ? { payload } : {}),
      });
    let address = 0;
    const guest = (url: string, payload: object) =>
      app.inject({ method: 'POST', url, payload, remoteAddress: `10.7.0.${(address += 1)}` });
    const ok = async <Answer extends { statusCode: number; body: string }>(
      response: Promise<Answer>,
    ) => {
      const answered = await response;
      expect(answered.statusCode, answered.body).toBeLessThan(300);
      return answered;
    };

    // The owner's phone rings for everything; review requests are on.
    const device = push.subscription();
    await ok(
      staff('POST', '/api/push/subscriptions', {
        endpoint: device.endpoint,
        keys: device.keys,
        topics: ['reservations', 'takeaway', 'events', 'messages'],
      }),
    );
    const settings = (await staff('GET', '/api/reservations/settings')).json<
      Record<string, unknown>
    >();
    delete settings.calendarFeedUrl;
    await ok(
      staff('PUT', '/api/reservations/settings', {
        ...settings,
        reviews: { enabled: true, url: 'https://g.page/r/latonnara/review' },
      }),
    );
    await ok(staff('PUT', '/api/guests/tags', { tags: [TAG] }));

    // Anna books for Tuesday evening; staff note her allergy, tag her and confirm.
    const anna = { name: 'Anna Russo', email: 'anna@example.it', phone: '+39 333 1234567' };
    const booking = (
      await ok(
        guest('/api/reservations', {
          ...anna,
          party: 2,
          date: '2026-01-13',
          time: '20:00',
          privacy: true,
          lang: 'it',
        }),
      )
    ).json<{ id: number }>();
    const [record] = (await staff('GET', '/api/guests?q=anna')).json<{ key: string }[]>();
    await ok(staff('PATCH', `/api/guests/${record!.key}`, { notes: MARKER, tags: [TAG] }));
    await ok(staff('PATCH', `/api/reservations/${booking.id}`, { status: 'confirmed' }));

    // Monday 10:05: the reminder, and Anna's "I'll be there".
    at('2026-01-12T09:05:00Z');
    await app.scheduler.runNow();
    const reminder = await app.db
      .selectFrom('outbox')
      .select('secret_link')
      .where('kind', '=', 'reservation-reminder')
      .executeTakeFirstOrThrow();
    const attendUrl = reminder.secret_link!.split('\n').find((url) => url.includes('/confirm?'))!;
    const token = new URL(attendUrl).searchParams.get('token')!;
    await ok(guest('/api/reservations/attend', { token }));

    // Tuesday: her order for the evening, collected; an event request; a message.
    at('2026-01-13T07:30:00Z');
    const pizza = await takeawayDish(app.db, 'pizza');
    const order = (
      await ok(
        guest('/api/takeaway/orders', {
          ...anna,
          lang: 'it',
          pickup: { date: '2026-01-13', time: '19:30' },
          items: [{ id: pizza.id, quantity: 1 }],
          privacy: true,
        }),
      )
    ).json<{ id: number }>();
    for (const status of ['accepted', 'ready', 'collected']) {
      await ok(staff('PATCH', `/api/takeaway/orders/${order.id}`, { status }));
    }
    await ok(
      guest('/api/events/inquiries', {
        ...anna,
        kind: 'birthday',
        date: '2026-06-20',
        service: 'dinner',
        adults: 20,
        children: 0,
        area: 'terrace',
        allergens: [],
        lang: 'it',
        privacy: true,
      }),
    );
    await ok(
      guest('/api/contact', {
        firstName: 'Anna',
        lastName: 'Russo',
        email: anna.email,
        message: 'Grazie per la serata!',
        privacy: true,
      }),
    );

    // The evening: seated, finished.
    at('2026-01-13T19:00:00Z');
    await ok(staff('PATCH', `/api/reservations/${booking.id}`, { status: 'seated' }));
    at('2026-01-13T21:00:00Z');
    await ok(staff('PATCH', `/api/reservations/${booking.id}`, { status: 'finished' }));

    // Wednesday 09:05: the review request.
    at('2026-01-14T08:05:00Z');
    await app.scheduler.runNow();
    const review = await app.db
      .selectFrom('outbox')
      .select('kind')
      .where('kind', 'like', 'review%')
      .execute();
    expect(review).toHaveLength(1);

    // Staff read the marker where they meet Anna...
    expect((await staff('GET', '/api/reservations?date=2026-01-13')).body).toContain(MARKER);
    expect((await staff('GET', '/api/takeaway/board?date=2026-01-13')).body).toContain(MARKER);
    // ... and it went nowhere else.
    while ((await app.outbox.drain()) > 0);
    while ((await app.pushSender.drain()) > 0);
    const mails = smtp.received.map((mail) => mail.raw);
    // received, confirmed, reminder, the order's four, the event's acknowledgement,
    // the restaurant's notices, the review request
    expect(mails.length).toBeGreaterThan(8);
    for (const raw of mails) {
      expect(raw).not.toContain(MARKER);
      expect(raw).not.toContain(TAG);
    }
    expect(push.received.length).toBeGreaterThanOrEqual(4);
    for (const message of push.received) {
      expect(JSON.stringify(message.payload)).not.toContain(MARKER);
      expect(JSON.stringify(message.payload)).not.toContain(TAG);
    }
    expect(logged.length).toBeGreaterThan(20);
    expect(logged.join('')).not.toContain(MARKER);
    expect(logged.join('')).not.toContain(TAG);
  });
});
