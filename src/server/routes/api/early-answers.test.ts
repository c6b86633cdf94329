import { type AddressInfo, connect } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { collectRoutes } from '../../../../scripts/api-reference.ts';
import { PHOTO_MAX_BYTES } from '../../../shared/schemas/photos.ts';
import { BODY_LIMIT_BYTES } from '../../app.ts';
import { createStaff, login, testApp } from '../../testing/app.ts';
import { type RawAnswer, rawRequest } from '../../testing/raw-http.ts';

// Who you are before what you send (docs/security.md item 49, the third
// review's H1): on a real listening server, with a plain Node `http` client
// writing its bodies in chunks, as a script or a phone's upload does.
let harness: Awaited<ReturnType<typeof testApp>>;
let port: number;
let token: string;

async function start(
  options: { requestTimeoutMs?: number; drainDeadlineMs?: number; bodyTimeoutMs?: number } = {},
) {
  harness = await testApp({}, { pages: false, ...options });
  await createStaff(harness.app);
  token = await login(harness.app);
  await harness.app.listen({ host: '127.0.0.1', port: 0 });
  port = (harness.app.server.address() as AddressInfo).port;
}
afterEach(() => harness.close());

const MB = 1024 * 1024;
const staff = () => ({ authorization: `Bearer ${token}` });

/** The answer arrived whole: its status, and a JSON body in the API's `{message}` shape, with no socket error. */
function expectWhole(answer: RawAnswer, status: number) {
  expect(answer.error?.code, `${answer.error?.message}`).toBeUndefined();
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(JSON.parse(answer.body)).toEqual({ message: expect.any(String) });
}

/** A deadline for something that must happen: the test fails with `what` instead of hanging. */
function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing after ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

describe('the review’s H1, on a listening server', () => {
  it(
    'an anonymous PATCH /api/photos/hero with a 4 MB image/png body: a 401 under 10 KB, and /api/health keeps answering meanwhile (half its answers under 100 ms, none over 500 ms)',
    { timeout: 60_000 },
    async () => {
      await start();
      // The first call of a route pays for its first compilation: that is not the event loop's lateness.
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      // How late the event loop (server and client share it) runs, throughout.
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      let done = false;
      const upload = rawRequest({
        port,
        method: 'PATCH',
        path: '/api/photos/hero',
        headers: { 'content-type': 'image/png' },
        bodyBytes: 4 * MB,
        chunkBytes: 256 * 1024,
      }).finally(() => (done = true));
      // The health probe, again and again until the upload is over (five times at least).
      const latencies: number[] = [];
      do {
        const started = performance.now();
        const health = await fetch(`http://127.0.0.1:${port}/api/health`);
        await health.text();
        latencies.push(performance.now() - started);
        expect(health.status).toBe(200);
      } while (!done || latencies.length < 5);
      const answer = await upload;
      loop.disable();
      // The review measured 1.28 s for /api/health, the event loop blocked for
      // 2.2 s. Typically the probe takes a few ms here; on a machine shared by
      // many test runs, the scheduler alone can delay one by a couple of hundred.
      const shown = `health ${latencies.map(Math.round).join(', ')} ms; event loop late by ${Math.round(loop.max / 1e6)} ms at most`;
      const sorted = latencies.toSorted((a, b) => a - b);
      expect(sorted[Math.floor((sorted.length - 1) / 2)], shown).toBeLessThan(100);
      expect(sorted.at(-1), shown).toBeLessThan(500);
      expect(loop.max / 1e6, shown).toBeLessThan(500);
      expectWhole(answer, 401);
      expect(answer.written).toBe(4 * MB);
      expect(Buffer.byteLength(answer.body)).toBeLessThan(10 * 1024);
    },
  );

  it(
    '20 slow anonymous 19 MB uploads at once: the server’s memory stays flat',
    { timeout: 60_000 },
    async () => {
      await start();
      const memory = () => {
        const { rss, heapUsed, arrayBuffers } = process.memoryUsage();
        return { rss, held: heapUsed + arrayBuffers };
      };
      // What the process holds, not the garbage it has yet to collect: a full
      // collection before each reading (the read chunks are garbage at once).
      const collect = collector();
      collect();
      const before = memory();
      const peak = { ...before };
      // Twenty bodies trickle in in step: no client writes its next 64 KB
      // before every other one wrote its last, so all twenty are under way
      // together from their first byte to their last, as slow uploads are.
      // Every 16 steps (1 MB a client), the memory is read.
      const clients = new Lockstep(20, (step) => {
        if (step % 16 !== 0) return;
        collect();
        const now = memory();
        peak.rss = Math.max(peak.rss, now.rss);
        peak.held = Math.max(peak.held, now.held);
      });
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          rawRequest({
            port,
            method: 'PUT',
            path: '/api/photos/hero?alt=x',
            headers: { 'content-type': 'image/jpeg' },
            bodyBytes: 19 * MB,
            beforeChunk: async () => {
              await clients.step();
              return true;
            },
          }).finally(() => clients.leave()),
        ),
      );
      for (const answer of answers) expectWhole(answer, 401);
      expect(clients.steps).toBeGreaterThanOrEqual(19 * 16);
      // Twenty bodies held would be 380 MB (the review measured 408 MB).
      const grown = { rss: peak.rss - before.rss, held: peak.held - before.held };
      const told = `RSS grew ${Math.round(grown.rss / MB)} MB, heap and buffers ${Math.round(grown.held / MB)} MB`;
      // (Alone on a quiet machine they grow by 20-40 MB: sockets, the parser's
      // chunks in flight; before the fix, by 290 MB.)
      expect(grown.held, told).toBeLessThan(100 * MB);
      expect(grown.rss, told).toBeLessThan(150 * MB);
    },
  );
});

/** A full garbage collection, made available to this test process. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** Clients that take each step together: `step()` resolves once every client still going has called it. */
class Lockstep {
  /** How many steps all the clients took together. */
  steps = 0;
  private arrived = 0;
  private release: (() => void)[] = [];
  private going: number;
  private onStep: (step: number) => void;
  constructor(clients: number, onStep: (step: number) => void) {
    this.going = clients;
    this.onStep = onStep;
  }

  step(): Promise<void> {
    this.arrived += 1;
    const next = new Promise<void>((resolve) => this.release.push(resolve));
    this.open();
    return next;
  }

  /** A client that is done (or failed) no longer holds the others back. */
  leave() {
    this.going -= 1;
    this.open();
  }

  private open() {
    if (this.arrived < this.going) return;
    const waiting = this.release;
    this.release = [];
    this.arrived = 0;
    this.steps += 1;
    this.onStep(this.steps);
    for (const resolve of waiting) resolve();
  }
}

describe('every early answer reaches the client whole', () => {
  it('a staff upload over 20 MB: 413 read whole, with a content-length and chunked', async () => {
    await start();
    for (const chunked of [false, true]) {
      const answer = await rawRequest({
        port,
        method: 'PUT',
        path: '/api/photos/hero?alt=x',
        headers: { ...staff(), 'content-type': 'image/jpeg' },
        bodyBytes: 21 * MB,
        chunked,
      });
      expectWhole(answer, 413);
      expect(answer.written, `chunked: ${chunked}`).toBe(21 * MB);
    }
    expect(PHOTO_MAX_BYTES).toBe(20 * MB);
  });

  it('a JSON body of 100 KB + 1 byte on a normal route: 413 read whole, with a content-length and chunked', async () => {
    await start();
    for (const chunked of [false, true]) {
      const answer = await rawRequest({
        port,
        method: 'POST',
        path: '/api/contact',
        headers: { 'content-type': 'application/json' },
        bodyBytes: BODY_LIMIT_BYTES + 1,
        chunkBytes: 16 * 1024,
        chunked,
      });
      expectWhole(answer, 413);
    }
    expect(BODY_LIMIT_BYTES).toBe(100 * 1024);
  });

  it('an anonymous 4 MB upload, PUT and PATCH: 401 read whole, the body written to its end without a reset', async () => {
    await start();
    for (const method of ['PUT', 'PATCH']) {
      const answer = await rawRequest({
        port,
        method,
        path: '/api/photos/hero?alt=x',
        headers: { 'content-type': 'image/jpeg' },
        bodyBytes: 4 * MB,
        chunkBytes: 100_000,
      });
      expectWhole(answer, 401);
      expect(answer.written).toBe(4 * MB);
    }
  });

  it('a staff image sent to a photo route that takes none: 415, not a 20 MB read', async () => {
    await start();
    const answer = await rawRequest({
      port,
      method: 'PATCH',
      path: '/api/photos/hero',
      headers: { ...staff(), 'content-type': 'image/png' },
      bodyBytes: 4 * MB,
    });
    expectWhole(answer, 415);
  });
});

describe('a refused body holds no connection', () => {
  /** Headers announcing `announced` bytes, then `sent` of them and silence: what the client reads, and when the server closed. */
  function stallingSocket(path: string, headers: string, announced: number, sent: number) {
    const socket = connect({ host: '127.0.0.1', port });
    const parts: Buffer[] = [];
    socket.on('data', (part: Buffer) => parts.push(part));
    socket.on('error', () => {}); // a reset is a close too
    socket.write(
      `PUT ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\n${headers}content-length: ${announced}\r\n\r\n`,
    );
    socket.write(Buffer.alloc(sent));
    const closed = new Promise<string>((resolve) =>
      socket.on('close', () => resolve(Buffer.concat(parts).toString('latin1'))),
    );
    return { closed, destroy: () => socket.destroy() };
  }

  it('an anonymous upload that stalls after its 401: the connection is closed at the drain deadline, not the request timeout', async () => {
    await start({ drainDeadlineMs: 300 });
    const started = performance.now();
    const client = stallingSocket(
      '/api/photos/hero?alt=x',
      'content-type: image/jpeg\r\n',
      4 * MB,
      64 * 1024,
    );
    try {
      const read = await within(5000, 'the server closing a stalled refused body', client.closed);
      expect(read).toMatch(/^HTTP\/1\.1 401 /);
      expect(performance.now() - started).toBeGreaterThanOrEqual(300);
    } finally {
      client.destroy();
    }
  });

  it('the rest of a refused body is read up to the route’s own limit and a margin: 1 MB more on a 100 KB route, not 32 MB', async () => {
    await start();
    const answer = await rawRequest({
      port,
      method: 'POST',
      path: '/api/contact',
      headers: { 'content-type': 'application/json' },
      bodyBytes: 24 * MB,
      chunkBytes: 256 * 1024,
    });
    // Cut long before the end (the kernel's buffers hold a few MB of it).
    expect(answer.written).toBeLessThan(12 * MB);
    expect(answer.error?.code).toMatch(/^(EPIPE|ECONNRESET)$/);
  });
});

describe('a bearer is checked before the body is read', () => {
  it('every staff and owner route answers an anonymous or expired caller 401 while its body has not come', async () => {
    await start();
    const routes = await collectRoutes();
    const pathOf = (url: string) => url.replace(/:[a-z]+/gi, '1');
    // The routes whose hooks name `requireStaff` or `requireOwner` (what
    // `bearerFirst` keys on), and any other that answers an anonymous caller
    // 401 once its body came whole: a route guarded another way is tried too.
    const guarded = routes.filter(({ auth }) => auth !== 'public');
    for (const route of routes.filter(({ auth }) => auth === 'public')) {
      const anonymous = await harness.app.inject({
        method: route.method as 'GET',
        url: pathOf(route.url),
        ...(['GET', 'HEAD'].includes(route.method) ? {} : { payload: {} }),
      });
      if (anonymous.statusCode === 401) guarded.push(route);
    }
    expect(guarded.length).toBeGreaterThan(40);
    for (const { method, url } of guarded) {
      for (const authorization of [undefined, 'Bearer expired-or-never-was']) {
        const path = pathOf(url);
        // Headers announcing 50 KB, then nothing: a server that waits for the body never answers.
        const answer = await within(
          5000,
          `${method} ${url}`,
          rawRequest({
            port,
            method,
            path,
            headers: {
              'content-type': 'application/json',
              ...(authorization ? { authorization } : {}),
            },
            bodyBytes: 50_000,
            beforeChunk: () => false,
          }),
        );
        expect(answer.status, `${method} ${url}`).toBe(401);
      }
    }
  });
});

describe('a body that trickles', () => {
  it('is cut off once the request timeout passes: a staff upload that stalls gets 408 and its connection closed', async () => {
    await start({ requestTimeoutMs: 400 });
    const started = performance.now();
    const answer = await within(
      10_000,
      'a stalled upload',
      rawRequest({
        port,
        method: 'PUT',
        path: '/api/photos/hero?alt=x',
        headers: { ...staff(), 'content-type': 'image/jpeg' },
        bodyBytes: 4 * MB,
        // Two chunks, then silence.
        beforeChunk: (written) => written < 128 * 1024,
      }),
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(400);
    // Node answers 408 as it closes (the client, stalled, writes nothing a close could meet).
    expect(answer.error?.code, `${answer.error?.message}`).toBeUndefined();
    expect(answer.status).toBe(408);
    expect(await harness.app.db.selectFrom('photos').selectAll().execute()).toEqual([]);
  });
});

describe('a body has 30 s to arrive, the photo upload five minutes', () => {
  it('a JSON body trickling to a public route is cut off at the body deadline with 408, while a staff upload trickling alongside is not', async () => {
    await start({ bodyTimeoutMs: 300 });
    const started = performance.now();
    // The contact form's body: one chunk, then silence.
    const contact = rawRequest({
      port,
      method: 'POST',
      path: '/api/contact',
      headers: { 'content-type': 'application/json' },
      bodyBytes: 50_000,
      chunkBytes: 8 * 1024,
      beforeChunk: (written) => written === 0,
    });
    // The upload, started with it: one chunk, then the rest once the contact body was cut off.
    const upload = rawRequest({
      port,
      method: 'PUT',
      path: '/api/photos/hero?alt=x',
      headers: { ...staff(), 'content-type': 'image/jpeg' },
      bodyBytes: 256 * 1024,
      beforeChunk: async (written) => {
        if (written > 0) await contact;
        return true;
      },
    });
    const cut = await within(5000, 'a trickling contact body', contact);
    expect(cut.status).toBe(408);
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);
    // Zeros are no picture: the upload was read whole and refused for what it is.
    const uploaded = await within(5000, 'the trickling upload', upload);
    expect(uploaded.status).toBe(400);
    expect(JSON.parse(uploaded.body)).toMatchObject({ errors: [{ code: 'unsupported-image' }] });
    expect(uploaded.elapsedMs).toBeGreaterThanOrEqual(300);
  });
});

describe('a 400 never echoes its input', () => {
  it('names at most 20 errors, each in a few hundred characters, however many the body holds', async () => {
    await start();
    // 5,000 keys the route does not know: one error, which would name every one.
    const unknownKeys = Object.fromEntries(
      Array.from({ length: 5000 }, (_, i) => [`chiave-${String(i).padStart(5, '0')}`, 0]),
    );
    const patched = await harness.app.inject({
      method: 'PATCH',
      url: '/api/photos/hero',
      headers: staff(),
      payload: unknownKeys,
    });
    expect(patched.statusCode).toBe(400);
    expect(patched.body.length).toBeLessThan(2000);
    expect(patched.body).not.toContain('chiave-04999');
    // 4,000 wrong allergens: 4,000 errors, one a list item.
    const item = await harness.app.inject({
      method: 'POST',
      url: '/api/menu/items',
      headers: staff(),
      payload: { allergens: Array.from({ length: 4000 }, (_, i) => `allergene-${i}`) },
    });
    expect(item.statusCode).toBe(400);
    const { errors } = item.json<{ errors: Record<string, string[]> }>();
    expect(Object.values(errors).flat().length).toBeLessThanOrEqual(20);
    expect(item.body.length).toBeLessThan(10_000);
    expect(item.body).not.toContain('allergene-');
  });
});
