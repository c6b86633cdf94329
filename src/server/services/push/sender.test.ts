import { createServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createStaff, login, testApp } from '../../testing/app.ts';
import { startPushService, type PushServiceDouble } from '../../testing/push-service.ts';
import { nowIso } from '../tokens.ts';
import { notifyNewBooking } from './notify.ts';
import { PushSender } from './sender.ts';

// The push sender against a push service that never answers (a tarpit):
// other devices' messages go out meanwhile, each send has its own timeout,
// and the tarpit's message is sent again later (docs/security.md item 47).
// Two doubles on loopback, both allowed by PUSH_ALLOWED_ORIGINS; the app's
// clock is moved, never waited for.
let harness: Awaited<ReturnType<typeof testApp>>;
let double: PushServiceDouble;
let tarpit: PushServiceDouble;
let token: string;
let staffId: number;
const cleanups: (() => Promise<void>)[] = [];
const START = Date.parse('2026-01-13T09:00:00Z');
let now = START;

async function start() {
  tarpit = await startPushService();
  double = await startPushService();
  harness = await testApp(
    { PUSH_ALLOWED_ORIGINS: `${tarpit.origin},${double.origin}` },
    { pages: false, now: () => now },
  );
  staffId = (await createStaff(harness.app)).id;
  token = await login(harness.app);
}
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  await harness?.close();
  await double?.stop();
  await tarpit?.stop();
  now = START;
});

async function subscribe(service: PushServiceDouble, as = token) {
  const subscription = service.subscription();
  const response = await harness.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { authorization: `Bearer ${as}` },
    payload: { ...subscription, topics: ['reservations'] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return subscription;
}

/** A new booking's message, queued for every device as a booking queues it. */
const booking = (time: string) =>
  harness.app.db
    .transaction()
    .execute((trx) =>
      notifyNewBooking(trx, { party: 2, date: '2026-01-14', time, source: 'online' }),
    );

const deliveries = () =>
  harness.app.db.selectFrom('push_deliveries').selectAll().orderBy('id').execute();

/** A sender of the test's own (the app's is stopped first, or it would race it). */
async function ownSender(options: {
  timeoutMs?: number;
  port?: number;
  resolve?: () => Promise<string[]>;
}) {
  await harness.app.pushSender.stop();
  const sender = new PushSender({
    db: harness.app.db,
    dialect: harness.app.dialect,
    log: harness.app.log,
    keys: () => harness.app.push.keys(),
    subject: async () => 'mailto:anna@trattoria.example',
    allowedOrigins: [tarpit.origin, double.origin],
    resolve: options.resolve ?? (async () => ['93.184.215.14']),
    now: () => now,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.port === undefined ? {} : { port: options.port }),
  });
  cleanups.push(() => sender.stop());
  return sender;
}

describe('the push sender', () => {
  it('sends to the other devices while one push service never answers, and that message later', async () => {
    await start();
    // The tarpit's device first: its message is the oldest in the queue.
    await subscribe(tarpit);
    const phone = await subscribe(double);
    tarpit.hangNext();
    await booking('20:00');
    harness.app.pushSender.kick();
    // The phone has its message while the tarpit holds the other (the send's timeout is 15 s).
    await expect.poll(() => double.received.length, { timeout: 5_000 }).toBe(1);
    expect(double.received[0]!.endpoint).toBe(phone.endpoint);
    expect(tarpit.requests).toBe(1);
    expect(tarpit.received).toEqual([]);
    // And the next booking's too: the loop does not wait for the tarpit either.
    await booking('21:00');
    harness.app.pushSender.kick();
    await expect.poll(() => double.received.length, { timeout: 5_000 }).toBe(2);
    // The tarpit's device gets one send at a time: its second message waits, unsent.
    expect(tarpit.requests).toBe(1);
    await expect
      .poll(async () => (await deliveries()).map(({ attempts }) => attempts))
      .toEqual([1, 0]);
    // It lets go: both its messages are kept for a retry, then delivered.
    tarpit.down();
    await expect
      .poll(async () => (await deliveries()).map(({ last_error }) => Boolean(last_error)))
      .toEqual([true, true]);
    tarpit.up();
    now += 11 * 60 * 1000;
    harness.app.pushSender.kick();
    await expect.poll(() => tarpit.received.length).toBe(2);
    expect(tarpit.received.map(({ payload }) => payload.body).sort()).toEqual([
      '2 persone, mercoledì 14 gennaio alle 20:00',
      '2 persone, mercoledì 14 gennaio alle 21:00',
    ]);
    await expect.poll(deliveries).toEqual([]);
    expect([...double.problems, ...tarpit.problems]).toEqual([]);
  });

  it('lets one push service hold two sends at most: a tarpit with ten devices blocks no one else', async () => {
    await start();
    // One person's ten devices (PUSH_DEVICES_MAX), all on the tarpit, queued before the phone.
    for (let i = 0; i < 10; i += 1) {
      await subscribe(tarpit);
      tarpit.hangNext();
    }
    // A colleague's phone.
    await createStaff(harness.app, { email: 'marco@trattoria.example', username: 'marco' });
    const phone = await subscribe(double, await login(harness.app, 'marco@trattoria.example'));
    await booking('20:00');
    harness.app.pushSender.kick();
    // More sends at once than the sender's slots would keep the phone waiting 15 s per round.
    await expect.poll(() => double.received.length, { timeout: 5_000 }).toBe(1);
    expect(double.received[0]!.endpoint).toBe(phone.endpoint);
    expect(tarpit.requests).toBe(2);
    // The tarpit lets go: its messages are kept for a retry.
    tarpit.down();
    await expect
      .poll(async () => (await deliveries()).filter(({ last_error }) => last_error).length)
      .toBeGreaterThanOrEqual(2);
    expect(double.problems).toEqual([]);
  });

  it('gives up on a push service that never answers after its timeout, and sends again later', async () => {
    await start();
    await subscribe(tarpit);
    const sender = await ownSender({ timeoutMs: 300 });
    tarpit.hangNext();
    await booking('20:00');
    expect(await sender.drain()).toBe(0);
    const [waiting] = await deliveries();
    expect(waiting).toMatchObject({ attempts: 1, last_error: 'TimeoutError' });
    expect(Date.parse(waiting!.next_attempt_at!)).toBeGreaterThan(now);
    now += 11 * 60 * 1000;
    expect(await sender.drain()).toBe(1);
    expect(tarpit.received).toHaveLength(1);
    expect(await deliveries()).toEqual([]);
  });

  it('checks the port again before each send: a device stored for another one is never sent to', async () => {
    await start();
    let connections = 0;
    const server = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    // Stored before the rule (or by an origin the operator no longer allows).
    const endpoint = `https://localhost:${(server.address() as AddressInfo).port}/push/x`;
    await harness.app.db
      .insertInto('push_subscriptions')
      .values({
        user_id: staffId,
        endpoint,
        ...tarpit.subscription().keys,
        topics: 'reservations',
        browser: 'Chrome su Android',
        created_at: nowIso(now),
      })
      .execute();
    // A name whose owner answers public, then loopback: whatever it answers, nothing is asked.
    let asked = 0;
    const sender = await ownSender({
      resolve: async () => ((asked += 1) === 1 ? ['93.184.215.14'] : ['127.0.0.1']),
    });
    await booking('20:00');
    expect(await sender.drain()).toBe(0);
    expect({ asked, connections }).toEqual({ asked: 0, connections: 0 });
    // A URL refused stays refused: the message is dropped, not tried for hours.
    expect(await deliveries()).toEqual([]);
  });
});
