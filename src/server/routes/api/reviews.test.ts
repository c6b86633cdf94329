import { afterEach, describe, expect, it } from 'vitest';
import { createStaff, login, testApp } from '../../testing/app.ts';
import { startSmtpServer } from '../../testing/smtp.ts';
import { takeawayDish } from '../../testing/takeaway.ts';

// Review requests (CONTRACT.md part four, "Guests"; docs/security.md): the
// morning after a booking marked seated or finished, or a takeaway order
// collected, one mail in the guest's language with the owner's https
// address and a stop link; never after a no-show, a cancellation or a
// decline; at most once in 180 days; held back by staff's "non inviare".
// The app's clock is set, never waited for; mails are read in the outbox
// (the worker stopped) unless delivery is the point.
let harness: Awaited<ReturnType<typeof testApp>>;
let others: Awaited<ReturnType<typeof testApp>>[] = [];
let owner: string;
/** Wednesday 14 January 2026, 10:00 in Rome (UTC+1). */
const START = Date.parse('2026-01-14T09:00:00Z');
let now = START;
const WEDNESDAY = '2026-01-14';
/** Thursday 15 January 2026, 09:00 in Rome: the morning after. */
const THURSDAY_9 = Date.parse('2026-01-15T08:00:00Z');
const REVIEW_URL = 'https://g.page/r/CabcDEF123/review';

async function start(env: Record<string, string> = {}, { sending = false } = {}) {
  harness = await testApp(env, { pages: false, now: () => now });
  if (!sending) await harness.app.outbox.stop();
  await createStaff(harness.app, { role: 'owner' });
  owner = await login(harness.app);
}
afterEach(async () => {
  for (const other of others) await other.close();
  others = [];
  await harness?.close();
  now = START;
});

const asOwner = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  harness.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${owner}` },
  });

const settingsBody = (reviews: object) => ({
  coversPerSlot: 40,
  turnMinutes: 120,
  minNoticeMinutes: 120,
  horizonDays: 365,
  maxPartyOnline: 8,
  autoConfirmMaxParty: null,
  retentionMonths: 24,
  reviews,
});
async function enableReviews(url = REVIEW_URL) {
  const response = await asOwner(
    'PUT',
    '/api/reservations/settings',
    settingsBody({ enabled: true, url }),
  );
  expect(response.statusCode, response.body).toBe(200);
}

/** A phone booking with the guest's e-mail and language, marked through `statuses`; its id. */
async function visit(
  statuses: string[] = ['finished'],
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const booked = await asOwner('POST', '/api/reservations/staff', {
    name: 'Jonas Weber',
    phone: '+49 170 1234567',
    email: 'jonas@example.de',
    party: 2,
    date: WEDNESDAY,
    time: '20:00',
    lang: 'de',
    notes: 'MARKER-booking-note',
    ...overrides,
  });
  expect(booked.statusCode, booked.body).toBe(201);
  const { id } = booked.json<{ id: number }>();
  for (const status of statuses) {
    const marked = await asOwner('PATCH', `/api/reservations/${id}`, { status });
    expect(marked.statusCode, marked.body).toBe(200);
  }
  return id;
}

const reviewMails = () =>
  harness.app.db
    .selectFrom('outbox')
    .selectAll()
    .where('kind', '=', 'review-request')
    .orderBy('id')
    .execute();
const queue = (app = harness.app) => app.reviewRequests.queue();
const tokenOf = (link: string | null) => new URL(link!).searchParams.get('token')!;

describe('the owner settings', () => {
  it('need an https link when on, refused by field in Italian; saved and audited', async () => {
    await start();
    for (const [reviews, message] of [
      [{ enabled: true, url: '' }, 'Link per le recensioni: serve per inviare le richieste.'],
      [
        { enabled: true, url: 'http://g.page/r/abc/review' },
        'Link per le recensioni: un indirizzo web che inizia con https://, come https://www.example.com/pagina.',
      ],
    ] as const) {
      const refused = await asOwner('PUT', '/api/reservations/settings', settingsBody(reviews));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ errors: { 'reviews.url': [message] } });
    }
    await enableReviews();
    const read = await asOwner('GET', '/api/reservations/settings');
    expect(read.json().reviews).toEqual({ enabled: true, url: REVIEW_URL });
    const audit = await harness.app.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'reservations.settings')
      .executeTakeFirstOrThrow();
    expect(audit.summary).toContain(`richieste di recensione no → sì (${REVIEW_URL})`);
  });
});

describe('the review request, the morning after', () => {
  it('goes at 09:00 for a finished booking, once, in the guest language, with the address and a stop link', async () => {
    await start();
    await enableReviews();
    await visit(['finished']);
    // Staff's notes on the guest never reach a mail (docs/security.md).
    const [guest] = await harness.app.db.selectFrom('guests').select('key').execute();
    await harness.app.db
      .updateTable('guests')
      .set({ notes: 'MARKER-staff-note', tags: '["MARKER-tag"]' })
      .where('key', '=', guest!.key)
      .execute();
    now = THURSDAY_9 - 60_000; // 08:59
    expect(await queue()).toBe(0);
    now = THURSDAY_9;
    expect(await queue()).toBe(1);
    expect(await queue()).toBe(0);
    const [mail, ...more] = await reviewMails();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ recipient: 'jonas@example.de', personal: 1 });
    expect(mail!.subject).toBe('Danke für Ihren Besuch bei Trattoria La Tonnara');
    expect(mail!.text_body).toContain(REVIEW_URL);
    expect(mail!.html_body).toContain(`href="${REVIEW_URL}"`);
    expect(mail!.text_body).toContain('{{secret-link}}');
    expect(mail!.secret_link).toMatch(
      /^https:\/\/www\.trattoria\.example\/reviews\/stop\?token=[\w-]{16}\.[\w-]{43}&lng=de$/,
    );
    for (const body of [mail!.text_body, mail!.html_body, mail!.subject]) {
      expect(body).not.toContain('MARKER');
    }
    const row = await harness.app.db
      .selectFrom('guests')
      .select(['review_asked_at'])
      .executeTakeFirstOrThrow();
    expect(row.review_asked_at).toBe(new Date(THURSDAY_9).toISOString());
  });

  it('goes for a seated booking and for a collected takeaway order, each in its language', async () => {
    await start();
    await enableReviews();
    await visit(['seated']);
    const pizza = await takeawayDish(harness.app.db, 'pizza');
    const ordered = await asOwner('POST', '/api/takeaway/orders/staff', {
      name: 'Claire Martin',
      phone: '+33 6 12 34 56 78',
      email: 'claire@example.fr',
      lang: 'fr',
      pickup: { date: WEDNESDAY, time: '20:00' },
      items: [{ id: pizza.id, quantity: 2 }],
      notes: 'MARKER-order-note',
    });
    expect(ordered.statusCode, ordered.body).toBe(201);
    const { id } = ordered.json<{ id: number }>();
    for (const status of ['accepted', 'ready', 'collected']) {
      const marked = await asOwner('PATCH', `/api/takeaway/orders/${id}`, { status });
      expect(marked.statusCode, marked.body).toBe(200);
    }
    now = THURSDAY_9 + 5 * 60_000;
    expect(await queue()).toBe(2);
    const mails = await reviewMails();
    expect(mails.map((mail) => [mail.recipient, mail.subject])).toEqual([
      ['jonas@example.de', 'Danke für Ihren Besuch bei Trattoria La Tonnara'],
      ['claire@example.fr', 'Merci de votre visite chez Trattoria La Tonnara'],
    ]);
    expect(mails[1]!.secret_link).toMatch(/&lng=fr$/);
    expect(mails[1]!.text_body).not.toContain('MARKER');
  });

  it('never after a no-show, a cancellation or a decline, nor when off, nor without an e-mail', async () => {
    await start();
    await visit(['no-show']);
    await visit(['cancelled'], { email: 'anna@example.it', phone: '+39 333 1000001' });
    await visit(['finished'], { email: '', phone: '+39 333 1000002' });
    const online = await harness.app.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: {
        name: 'Marta Bianchi',
        email: 'marta@example.it',
        phone: '+39 333 1000003',
        party: 2,
        date: WEDNESDAY,
        time: '21:00',
        privacy: true,
        lang: 'it',
      },
      remoteAddress: '10.9.0.1',
    });
    expect(online.statusCode, online.body).toBe(201);
    const declined = await asOwner('PATCH', `/api/reservations/${online.json().id}`, {
      status: 'declined',
    });
    expect(declined.statusCode).toBe(200);
    const finished = await visit(['finished'], {
      email: 'luigi@example.it',
      phone: '+39 333 1000004',
    });
    now = THURSDAY_9;
    // Off: nothing is decided, so that turning it on the same morning still asks.
    expect(await queue()).toBe(0);
    const decided = await harness.app.db
      .selectFrom('reservations')
      .select('id')
      .where('review_decided_at', 'is not', null)
      .execute();
    expect(decided).toEqual([]);
    await enableReviews();
    expect(await queue()).toBe(1);
    expect((await reviewMails()).map((mail) => mail.recipient)).toEqual(['luigi@example.it']);
    const held = await harness.app.db
      .selectFrom('reservations')
      .select('review_decided_at')
      .where('id', '=', finished)
      .executeTakeFirstOrThrow();
    expect(held.review_decided_at).not.toBeNull();
  });

  it('asks a guest at most once in 180 days', async () => {
    await start();
    await enableReviews();
    await visit(['finished']);
    now = THURSDAY_9;
    expect(await queue()).toBe(1);
    // Back a month later: no second request.
    now = Date.parse('2026-02-11T09:00:00Z');
    await visit(['finished'], { date: '2026-02-11' });
    now = Date.parse('2026-02-12T08:30:00Z');
    expect(await queue()).toBe(0);
    // 181 days after the first request: asked again.
    const later = THURSDAY_9 + 181 * 24 * 60 * 60 * 1000; // 15 July 2026, 10:00 in Rome (summer time)
    now = later - 24 * 60 * 60 * 1000;
    await visit(['finished'], { date: '2026-07-14' });
    now = later;
    expect(await queue()).toBe(1);
    expect(await reviewMails()).toHaveLength(2);
  });
});

describe('the stop link', () => {
  it('shows without stopping on GET, stops for good on POST (twice is fine), and refuses a bad token', async () => {
    await start({}, {});
    await enableReviews();
    await visit(['finished']);
    now = THURSDAY_9;
    expect(await queue()).toBe(1);
    const token = tokenOf((await reviewMails())[0]!.secret_link);
    expect(await harness.app.reviewRequests.view(token)).toEqual({ valid: true, stopped: false });
    const stopped = () =>
      harness.app.db.selectFrom('guests').select('reviews_stopped_at').executeTakeFirstOrThrow();
    expect((await stopped()).reviews_stopped_at).toBeNull();
    for (let press = 0; press < 2; press++) {
      now = THURSDAY_9 + press * 60_000;
      const response = await harness.app.inject({
        method: 'POST',
        url: '/api/guests/stop-reviews',
        payload: { token },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ stopped: true });
    }
    // The first press's time is kept.
    expect((await stopped()).reviews_stopped_at).toBe(new Date(THURSDAY_9).toISOString());
    expect(await harness.app.reviewRequests.view(token)).toEqual({ valid: true, stopped: true });

    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [tampered, 'nonsense', `${token}x`]) {
      const response = await harness.app.inject({
        method: 'POST',
        url: '/api/guests/stop-reviews',
        payload: { token: bad },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].code).toBe('invalid-token');
    }

    // A year later, a new visit: no request.
    now = Date.parse('2027-01-13T09:00:00Z');
    await visit(['finished'], { date: '2027-01-13' });
    now = Date.parse('2027-01-14T08:00:00Z');
    expect(await queue()).toBe(0);
    expect(await reviewMails()).toHaveLength(1);
  });

  it('is limited per client address like the cancel link', async () => {
    await start();
    const press = () =>
      harness.app.inject({
        method: 'POST',
        url: '/api/guests/stop-reviews',
        payload: { token: 'nonsense' },
        remoteAddress: '10.7.0.1',
      });
    for (let count = 0; count < 20; count++) expect((await press()).statusCode).toBe(400);
    const limited = await press();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors[0].code).toBe('rate-limited');
  });

  it('is delivered working through SMTP', async () => {
    const smtp = await startSmtpServer();
    try {
      await start({ SMTP_URL: smtp.url }, { sending: true });
      await enableReviews();
      await visit(['finished']);
      now = THURSDAY_9;
      expect(await queue()).toBe(1);
      const reviews = () => smtp.received.filter((m) => m.text.includes(REVIEW_URL));
      // The booking's confirmation, then the review request.
      await smtp.waitFor(2);
      const [mail] = reviews();
      expect(mail!.to).toEqual(['jonas@example.de']);
      expect(mail!.text).toContain(REVIEW_URL);
      const link = /https:\/\/www\.trattoria\.example\/reviews\/stop\?token=\S+/.exec(mail!.text);
      expect(link).not.toBeNull();
      const response = await harness.app.inject({
        method: 'POST',
        url: '/api/guests/stop-reviews',
        payload: { token: tokenOf(link![0]) },
      });
      expect(response.json()).toEqual({ stopped: true });
      // The sent mail keeps no usable token.
      await expect.poll(async () => (await reviewMails())[0]!.secret_link).toBeNull();
    } finally {
      await harness?.close();
      await smtp.stop();
    }
  });
});

describe('"non inviare" (PATCH /api/reservations/{id} {noReview})', () => {
  it('holds the request back, for good once the morning decided it; after that 409', async () => {
    await start();
    await enableReviews();
    const id = await visit(['finished']);
    const held = await asOwner('PATCH', `/api/reservations/${id}`, { noReview: true });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toMatchObject({ id, status: 'finished', noReview: true });
    const audit = await harness.app.db
      .selectFrom('audit_log')
      .select(['action', 'summary'])
      .where('action', '=', 'reservation.review_hold')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.summary).toContain('non inviare');
    now = THURSDAY_9;
    expect(await queue()).toBe(0);
    now = THURSDAY_9 + 24 * 60 * 60 * 1000;
    expect(await queue()).toBe(0);
    expect(await reviewMails()).toEqual([]);
    const late = await asOwner('PATCH', `/api/reservations/${id}`, { noReview: false });
    expect(late.statusCode).toBe(409);
    expect(late.json().errors[0].code).toBe('review-decided');
    const missing = await asOwner('PATCH', '/api/reservations/999999', { noReview: true });
    expect(missing.statusCode).toBe(404);
  });

  it('let go again before the morning, the request goes', async () => {
    await start();
    await enableReviews();
    const id = await visit(['finished']);
    expect((await asOwner('PATCH', `/api/reservations/${id}`, { noReview: true })).statusCode).toBe(
      200,
    );
    const freed = await asOwner('PATCH', `/api/reservations/${id}`, { noReview: false });
    expect(freed.json()).toMatchObject({ noReview: false });
    now = THURSDAY_9;
    expect(await queue()).toBe(1);
  });
});

describe('instances', () => {
  it('two apps on one database, running the job at the same moment, queue each mail once', async () => {
    await start();
    await enableReviews();
    await visit(['finished']);
    await visit(['finished'], { email: 'anna@example.it', phone: '+39 333 1000001', lang: 'it' });
    const other = await testApp(
      {},
      { pages: false, sharedDatabase: harness.database, now: () => now },
    );
    others.push(other);
    await other.app.outbox.stop();
    now = THURSDAY_9;
    // On PostgreSQL the two instances race; on SQLite (one writer per file, and a
    // synchronous driver that would hold this one process's event loop) they take turns.
    const counts =
      harness.database.dialect === 'postgres'
        ? await Promise.all([queue(), queue(other.app), queue(), queue(other.app)])
        : [await queue(), await queue(other.app)];
    expect(counts.reduce((a, b) => a + b)).toBe(2);
    expect((await reviewMails()).map((mail) => mail.recipient).sort()).toEqual([
      'anna@example.it',
      'jonas@example.de',
    ]);
  });

  it('a second instance started with CLOCK_START on the next morning sends exactly one review mail', async () => {
    await start();
    await enableReviews();
    await visit(['finished']);
    // The first instance, still on Wednesday, asks nothing.
    expect(await queue()).toBe(0);
    const other = await testApp(
      { CLOCK_START: '2026-01-15T09:30:00+01:00' },
      { pages: false, sharedDatabase: harness.database },
    );
    others.push(other);
    await other.app.outbox.stop();
    // Its scheduler ran the job as it started (scheduler.ts); its next runs find it done.
    await expect.poll(async () => (await reviewMails()).length).toBe(1);
    expect(await queue(other.app)).toBe(0);
    now = THURSDAY_9 + 60 * 60 * 1000;
    expect(await queue()).toBe(0);
    expect(await reviewMails()).toHaveLength(1);
  });
});
