import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PhotoView } from '../shared/schemas/photos.ts';
import { createStaff, login, STAFF_PASSWORD, testApp } from './testing/app.ts';
import { takeawayDish } from './testing/takeaway.ts';

// The kept answers sent before Fastify (front-answers.ts) are the answers
// Fastify sends from the same memory: the same status, headers and bytes, for
// every encoding, a 304, and a request that came through a trusted proxy
// over HTTPS; and everything they must not answer goes to Fastify.
type Harness = Awaited<ReturnType<typeof testApp>>;
let harness: Harness;
let other: Harness | undefined;
// The content version is read again past CONTENT_VERSION_MAX_AGE_MS on
// `performance.now()`, by the next request through Fastify: these tests hold
// that clock still, so that a kept answer stays the front's to send, and move
// it where a read is the point.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['performance'] });
});
afterEach(async () => {
  vi.useRealTimers();
  await other?.close();
  other = undefined;
  await harness.close();
});

interface Answer {
  status: number;
  /** (Node's incoming headers are of this type too.) */
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/** A request over the app's socket (what goes through the front), with exactly these headers. */
async function overHttp(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
): Promise<Answer> {
  const { port } = harness.app.server.address() as AddressInfo;
  return await new Promise((resolve, reject) => {
    const sent = httpRequest(
      { host: '127.0.0.1', port, path: url, method, headers, agent: false },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () =>
          resolve({
            status: answer.statusCode!,
            headers: answer.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

/** The same request through Fastify (`inject` never reaches the server's request event). */
async function throughFastify(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const answer = await harness.app.inject({ method: 'GET', url, headers });
  return { status: answer.statusCode, headers: answer.headers, body: answer.rawPayload };
}

/** The headers that belong to the connection or the moment, not to the answer. */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
const answerHeaders = (headers: OutgoingHttpHeaders) =>
  Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !CONNECTION_HEADERS.has(name))
      .sort(([a], [b]) => a.localeCompare(b)),
  );

async function listening(
  env: Record<string, string> = {},
  { now, pages = false }: { now?: () => number; pages?: boolean } = {},
): Promise<Harness> {
  const started = await testApp(env, { pages, ...(now ? { now } : {}) });
  await started.app.listen({ port: 0, host: '127.0.0.1' });
  return started;
}

/**
 * `url` sent by the front as Fastify sends it: for each encoding asked, a
 * 304 and not, and over HTTPS behind the trusted proxy.
 */
async function expectSameAsFastify(url: string, etag: string) {
  const variants: Record<string, string>[] = [
    {},
    { 'accept-encoding': 'br' },
    { 'accept-encoding': 'gzip, deflate' },
    { 'accept-encoding': 'br;q=0, gzip' },
    { 'if-none-match': etag },
    { 'if-none-match': '"something else"' },
    { 'x-forwarded-proto': 'https' },
    { 'x-forwarded-proto': 'http, https', 'accept-encoding': 'br' },
  ];
  for (const headers of variants) {
    const label = `${url} ${JSON.stringify(headers)}`;
    const before = harness.app.frontAnswers.answered;
    const front = await overHttp(url, headers);
    expect(harness.app.frontAnswers.answered, label).toBe(before + 1);
    const fastify = await throughFastify(url, headers);
    expect(front.status, label).toBe(fastify.status);
    expect(answerHeaders(front.headers), label).toEqual(answerHeaders(fastify.headers));
    expect(front.body.equals(fastify.body), label).toBe(true);
  }
}

const URLS = [
  '/api/daily-menu/1?lang=en',
  '/api/menu?lang=de',
  '/api/menu',
  '/api/opening-hours?lang=fr',
  '/api/photos?lang=es',
  '/api/site-texts?lang=it',
  '/api/restaurant',
];

describe('the answers sent before Fastify', () => {
  it('are the answers Fastify sends from memory: headers and bytes, each encoding, 304, HTTPS behind a trusted proxy', async () => {
    harness = await listening({ TRUST_PROXY: 'loopback' });
    for (const url of URLS) {
      const first = await overHttp(url); // kept by the route on its way out
      expect(first.status, url).toBe(200);
      await expectSameAsFastify(url, String(first.headers.etag));
    }
    // Behind the proxy it trusts, HTTPS is said so: HSTS.
    const https = await overHttp('/api/menu', { 'x-forwarded-proto': 'https' });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('send the photo files kept in memory as Fastify does, 304 included', async () => {
    harness = await listening({ TRUST_PROXY: 'loopback' });
    await createStaff(harness.app);
    const pixels = Buffer.alloc(600 * 400 * 3, 0).map((_, i) => (i * 7919) % 251);
    const uploaded = await harness.app.inject({
      method: 'PUT',
      url: '/api/photos/hero?alt=La%20terrazza',
      payload: await sharp(pixels, { raw: { width: 600, height: 400, channels: 3 } })
        .jpeg()
        .toBuffer(),
      headers: {
        authorization: `Bearer ${await login(harness.app)}`,
        'content-type': 'image/jpeg',
      },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const files = uploaded
      .json<PhotoView>()
      .sources.flatMap((source) => source.srcset.split(', ').map((entry) => entry.split(' ')[0]!));
    expect(files.length).toBeGreaterThan(2);
    for (const url of files) {
      const first = await overHttp(url); // read from the database, kept on the way out
      expect(first.status, url).toBe(200);
      await expectSameAsFastify(url, String(first.headers.etag));
    }
    // Not a file's plain address: Fastify's (its 404, or the file for a query it ignores).
    for (const url of [`${files[0]}?v=1`, '/photos/0123456789abcdef01234567.avif']) {
      const before = harness.app.frontAnswers.answered;
      await overHttp(url);
      expect(harness.app.frontAnswers.answered, url).toBe(before);
    }
  });

  it('send the kept pages as Fastify does, in the language each visitor is answered in', async () => {
    harness = await listening({ TRUST_PROXY: 'loopback' }, { pages: true });
    const visitors: Record<string, string>[] = [
      {},
      { 'accept-language': 'de-DE,de;q=0.9' },
      { cookie: 'i18next=fr' },
      { 'accept-encoding': 'br', 'accept-language': 'es' },
      { 'accept-encoding': 'gzip', 'x-forwarded-proto': 'https' },
    ];
    for (const url of ['/', '/menu?lng=en', '/about-us', '/contact?lng=de']) {
      for (const headers of visitors) {
        const label = `${url} ${JSON.stringify(headers)}`;
        await overHttp(url, headers); // rendered and kept, or already kept
        const before = harness.app.frontAnswers.answered;
        const front = await overHttp(url, headers);
        expect(harness.app.frontAnswers.answered, label).toBe(before + 1);
        const fastify = await throughFastify(url, headers);
        expect(front.status, label).toBe(200);
        expect(answerHeaders(front.headers), label).toEqual(answerHeaders(fastify.headers));
        expect(front.body.equals(fastify.body), label).toBe(true);
        const notModified = await overHttp(url, {
          ...headers,
          'if-none-match': String(front.headers.etag),
        });
        expect(notModified.status, label).toBe(304);
      }
    }
    // A variant of a kept page's address is the page's redirect, never the page.
    const before = harness.app.frontAnswers.answered;
    for (const variant of ['/menu?', '/menu/', '/MENU?lng=en', '/menu?lng=en&lng=en']) {
      expect((await overHttp(variant)).status, variant).toBe(301);
    }
    expect(harness.app.frontAnswers.answered).toBe(before);
  });

  it('believe no X-Forwarded-Proto from a proxy they do not trust, as Fastify', async () => {
    harness = await listening();
    await overHttp('/api/menu');
    const front = await overHttp('/api/menu', { 'x-forwarded-proto': 'https' });
    const fastify = await throughFastify('/api/menu', { 'x-forwarded-proto': 'https' });
    expect(front.headers['strict-transport-security']).toBeUndefined();
    expect(answerHeaders(front.headers)).toEqual(answerHeaders(fastify.headers));
  });

  it('leave to Fastify a HEAD, a GET with a body, an address with no kept answer, and a closing server', async () => {
    harness = await listening();
    await overHttp('/api/menu');
    const counted = () => harness.app.frontAnswers.answered;
    const before = counted();
    expect((await overHttp('/api/menu', {}, 'HEAD')).status).toBe(200);
    const withBody = await overHttp(
      '/api/menu',
      { 'content-type': 'text/plain', 'content-length': '5' },
      'GET',
      'hello',
    );
    expect(withBody.status).toBe(200);
    // Never answered, so never kept: the route's own 400 and 404.
    expect((await overHttp('/api/menu?lang=xx')).status).toBe(400);
    expect((await overHttp('/api/daily-menu/999999')).status).toBe(404);
    expect((await overHttp('/api/menu?lang=xx')).status).toBe(400);
    expect(counted()).toBe(before);
    // Kept, and answered here.
    expect((await overHttp('/api/menu')).status).toBe(200);
    expect(counted()).toBe(before + 1);
  });

  it('show an edit made on this instance at once, and on another within a second', async () => {
    harness = await listening();
    other = await testApp({}, { pages: false, sharedDatabase: harness.database });
    await createStaff(other.app, { email: 'there@trattoria.example', username: 'there' });
    const there = await login(other.app, 'there@trattoria.example', STAFF_PASSWORD, '10.8.0.2');
    const url = '/api/menu?lang=en';
    type Menu = { sections: { items: { id: number; available: boolean }[] }[] };
    const dishOf = (answer: Answer) =>
      (JSON.parse(answer.body.toString('utf8')) as Menu).sections[0]!.items[0]!;
    const before = await overHttp(url);
    const dish = dishOf(before);
    expect(dish.available).toBe(true);
    const answered = harness.app.frontAnswers.answered;
    expect((await overHttp(url)).body.equals(before.body)).toBe(true);
    expect(harness.app.frontAnswers.answered).toBe(answered + 1); // from the front
    const saved = await other.app.inject({
      method: 'PATCH',
      url: `/api/menu/items/${dish.id}`,
      payload: { available: false },
      headers: { authorization: `Bearer ${there}` },
    });
    expect(saved.statusCode).toBe(200);
    vi.advanceTimersByTime(1000);
    const after = await overHttp(url);
    expect(dishOf(after).available).toBe(false);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('answer afresh on a new day in Rome', async () => {
    let now = Date.parse('2026-03-10T22:59:00Z'); // 23:59 in Rome
    harness = await listening({}, { now: () => now });
    const url = '/api/opening-hours?lang=en';
    const today = (answer: Answer) =>
      (JSON.parse(answer.body.toString('utf8')) as { today: { date: string } }).today.date;
    expect(today(await overHttp(url))).toBe('2026-03-10');
    const answered = harness.app.frontAnswers.answered;
    expect(today(await overHttp(url))).toBe('2026-03-10');
    expect(harness.app.frontAnswers.answered).toBe(answered + 1);
    now += 60_000;
    expect(today(await overHttp(url))).toBe('2026-03-11');
  });
});

describe("the guests' availability and pickup times sent before Fastify", () => {
  /** Tuesday 13 January 2026, 10:00:00.250 in Rome (UTC+1). */
  const START = Date.parse('2026-01-13T09:00:00.250Z');
  let now = START;
  const pickupTimes = async () => {
    const pizza = (await takeawayDish(harness.app.db, 'pizza')).id;
    return `/api/takeaway/slots?date=2026-01-13&items=${pizza}*2`;
  };
  const availability = (date: string, party: number) =>
    `/api/reservations/availability?date=${date}&party=${party}`;
  const fromTheFront = async (url: string, headers: Record<string, string> = {}) => {
    const before = harness.app.frontAnswers.answered;
    const answer = await overHttp(url, headers);
    return { ...answer, front: harness.app.frontAnswers.answered === before + 1 };
  };

  it('are the answers Fastify sends, in each encoding, within the second they were worked out in', async () => {
    now = START;
    harness = await listening({ TRUST_PROXY: 'loopback' }, { now: () => now });
    const urls = [
      availability('2026-01-13', 2),
      availability('2026-01-14', 6),
      availability('2027-01-14', 2), // past the horizon: no slot
      await pickupTimes(),
    ];
    for (const url of urls) {
      const first = await fromTheFront(url); // worked out by Fastify, kept on the way out
      expect(first.status, url).toBe(200);
      expect(first.front, url).toBe(false);
      await expectSameAsFastify(url, String(first.headers.etag));
    }
    expect(JSON.parse((await overHttp(urls[1]!)).body.toString()).slots.length).toBeGreaterThan(0);
    // The next second is worked out again (a slot closes on a whole minute).
    now += 750;
    for (const url of urls) expect((await fromTheFront(url)).front, url).toBe(false);
    for (const url of urls) expect((await fromTheFront(url)).front, url).toBe(true);
  });

  it("follow a booking made here at once, and another instance's within a second", async () => {
    now = START;
    harness = await listening({}, { now: () => now });
    other = await testApp({}, { pages: false, now: () => now, sharedDatabase: harness.database });
    await createStaff(other.app, { email: 'there@trattoria.example', username: 'there' });
    const there = await login(other.app, 'there@trattoria.example', STAFF_PASSWORD, '10.8.0.2');
    await createStaff(harness.app);
    const here = await login(harness.app);
    const book = (app: Harness['app'], token: string, party: number) =>
      app.inject({
        method: 'POST',
        url: '/api/reservations/staff',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          ...{ name: 'Ospite', phone: '+39 333 1234567', lang: 'it', override: true },
          ...{ party, date: '2026-01-14', time: '20:00' },
        },
      });
    const url = availability('2026-01-14', 8);
    const at20 = (answer: Answer) =>
      (
        JSON.parse(answer.body.toString()) as { slots: { time: string; available: boolean }[] }
      ).slots.find((slot) => slot.time === '20:00')!.available;
    await overHttp(url);
    const before = await fromTheFront(url);
    expect(before.front).toBe(true);
    expect(at20(before)).toBe(true);
    // Another instance fills 20:00: the front's answer stands until the version is read again.
    for (let i = 0; i < 4; i += 1) expect((await book(other.app, there, 12)).statusCode).toBe(201);
    expect((await fromTheFront(url)).body.equals(before.body)).toBe(true);
    vi.advanceTimersByTime(1000);
    const after = await fromTheFront(url);
    expect(after.front).toBe(false);
    expect(at20(after)).toBe(false);
    expect((await fromTheFront(url)).front).toBe(true);
    // A booking made here is shown at once: the front leaves the next request to Fastify.
    const six = availability('2026-01-14', 1);
    await overHttp(six);
    expect((await fromTheFront(six)).front).toBe(true);
    expect((await book(harness.app, here, 12)).statusCode).toBe(201);
    const afterHere = await fromTheFront(six);
    expect(afterHere.front).toBe(false);
    expect(afterHere.body.toString()).toBe((await throughFastify(six)).body.toString());
  });

  it("end with a pause of the orders, and never send staff's own pickup times", async () => {
    now = START;
    harness = await listening({}, { now: () => now });
    await createStaff(harness.app);
    const auth = { authorization: `Bearer ${await login(harness.app)}` };
    const url = await pickupTimes();
    const times = (answer: Answer) =>
      (JSON.parse(answer.body.toString()) as { slots: unknown[] }).slots.length;
    const paused = await harness.app.inject({
      method: 'POST',
      url: '/api/takeaway/pause',
      headers: auth,
      payload: { minutes: 1 },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    // 150 ms before the pause ends, in the second it ends in.
    now = START + 60_000 - 100;
    expect(times(await overHttp(url))).toBe(0);
    const during = await fromTheFront(url);
    expect(during.front).toBe(true);
    expect(times(during)).toBe(0);
    now = START + 60_000 + 50;
    const over = await fromTheFront(url);
    expect(over.front).toBe(false);
    expect(times(over)).toBeGreaterThan(0);
    // Staff's times (takeaway on whatever the pause) need a session: always Fastify's.
    const phone = url.replace('/slots?', '/phone-slots?');
    expect((await fromTheFront(phone, auth)).front).toBe(false);
    const again = await fromTheFront(phone, auth);
    expect(again.status).toBe(200);
    expect(again.front).toBe(false);
    const stranger = await fromTheFront(phone);
    expect(stranger.status).toBe(401);
    expect(stranger.front).toBe(false);
  });
});
