import { test, expect, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { e2eProject } from './support/project.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { createStaffAccount, logInThroughApi } from './support/staff.ts';
import type { TestDatabase } from '../src/server/testing/database.ts';
import { createE2eDatabase } from './support/database.ts';
import { startSmtpServer } from '../src/server/testing/smtp.ts';
import type { PhotoView } from '../src/shared/schemas/photos.ts';

// Two server processes behind one PostgreSQL database. What lives in
// a process today (the page cache, the outbox worker, lockouts and limits,
// the photo files kept in memory) must hold across both (docs/decisions/002-multiple-instances.md).

// Runs in the `postgres` project (playwright.config.ts), which exists when
// TEST_POSTGRES_URL names a PostgreSQL database (README "PostgreSQL").
test.skip(() => e2eProject().database !== 'postgres', 'needs PostgreSQL: the postgres project');
test.describe.configure({ mode: 'serial' });

let database: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let a: TestServer;
let b: TestServer;

test.beforeAll(async () => {
  database = await createE2eDatabase();
  smtp = await startSmtpServer();
  const env = {
    DATABASE_URL: database.url,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'no-reply@trattoria.example',
    CONTACT_EMAIL: 'staff@trattoria.example',
    // Each test request names its own client in X-Forwarded-For: the contact
    // limit (5 per 10 minutes per address, shared by both) is not under test.
    TRUST_PROXY: 'loopback',
  };
  // One after the other: the first migrates, the second finds it done.
  a = await startTestServer(env);
  b = await startTestServer(env);
});

test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await smtp?.stop();
  await database?.drop();
});

async function homeHtml(request: APIRequestContext, server: TestServer): Promise<string> {
  const response = await request.get(`${server.url}/?lng=it`);
  expect(response.status()).toBe(200);
  return response.text();
}

test('log in on A, save on B: both serve the new daily menu within a second', async ({
  request,
}) => {
  const account = await createStaffAccount(database.url, 'multi');
  const session = await logInThroughApi(request, account, a.url);

  // Both home pages are in their page caches (the second view is a cache hit).
  for (const server of [a, b]) {
    await homeHtml(request, server);
    const first = await request.get(`${server.url}/?lng=it`);
    const again = await request.get(`${server.url}/?lng=it`);
    expect(again.headers().etag).toBe(first.headers().etag);
  }

  const titolo = `Menu del giorno ${Date.now().toString(36)}`;
  const saved = await request.put(`${b.url}/api/daily-menu/1`, {
    headers: { Authorization: `Bearer ${session.token}` },
    data: {
      titolo,
      descrizione: 'Caponata, Busiate al pesto trapanese, Tonno alla marinara',
      infoAggiuntive: 'Acqua inclusa',
    },
  });
  expect(saved.status()).toBe(200);
  const savedAt = Date.now();

  const servedAt: Record<string, number> = {};
  await Promise.all(
    [a, b].map(async (server) => {
      await expect
        .poll(async () => (await homeHtml(request, server)).includes(titolo), {
          timeout: 1_000,
          intervals: [25],
        })
        .toBe(true);
      servedAt[server.url] = Date.now() - savedAt;
    }),
  );
  for (const [url, ms] of Object.entries(servedAt)) {
    expect(ms, `${url} served the new menu after ${ms} ms`).toBeLessThan(1_000);
  }
  for (const server of [a, b]) {
    const api = await request.get(`${server.url}/api/daily-menu/1`);
    expect((await api.json()).titolo).toBe(titolo);
  }
});

test('N contact messages posted to both instances make exactly N mails', async ({ request }) => {
  const count = 12;
  const started = smtp.received.length;
  const posts = Array.from({ length: count }, (_, i) =>
    request.post(`${(i % 2 ? b : a).url}/api/contact`, {
      headers: { 'X-Forwarded-For': `198.51.100.${i + 1}` },
      data: {
        firstName: 'Ospite',
        lastName: `Numero ${i}`,
        email: `ospite${i}@example.com`,
        message: `Messaggio numero ${i}: un tavolo per due, grazie.`,
        privacy: true,
      },
    }),
  );
  const responses = await Promise.all(posts);
  expect(responses.map((response) => response.status())).toEqual(Array(count).fill(202));

  await smtp.waitFor(started + count, 20_000);
  // Both workers poll every 2 s: give a duplicate every chance to show up.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const mails = smtp.received.slice(started);
  const subjects = mails.map((mail) => mail.header('subject'));
  expect(subjects).toHaveLength(count);
  expect(new Set(subjects).size).toBe(count);
  for (let i = 0; i < count; i += 1) {
    expect(subjects).toContain(`Nuovo messaggio dal sito da Ospite Numero ${i}`);
  }
});

test('a photo uploaded on A is listed, shown and served by B within a second', async ({
  request,
}) => {
  const account = await createStaffAccount(database.url, 'photos');
  const session = await logInThroughApi(request, account, a.url);
  // B has listed the photos and rendered its home page: both are in its caches.
  const before = (await (await request.get(`${b.url}/api/photos`)).json()) as PhotoView[];
  expect(before.find((photo) => photo.slot === 'hero')?.custom).toBe(false);
  await homeHtml(request, b);

  const alt = `Il pergolato a mezzogiorno ${Date.now().toString(36)}`;
  const photo = await sharp({
    create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  const saved = await request.put(`${a.url}/api/photos/hero?alt=${encodeURIComponent(alt)}`, {
    headers: { Authorization: `Bearer ${session.token}`, 'Content-Type': 'image/jpeg' },
    data: photo,
  });
  expect(saved.status()).toBe(200);
  const savedAt = Date.now();
  const uploaded = (await saved.json()) as PhotoView;
  expect(uploaded).toMatchObject({ slot: 'hero', custom: true, alt });

  const heroOnB = async () =>
    ((await (await request.get(`${b.url}/api/photos`)).json()) as PhotoView[]).find(
      (listed) => listed.slot === 'hero',
    );
  await expect.poll(heroOnB, { timeout: 1_000, intervals: [25] }).toEqual(uploaded);
  const firstFile = uploaded.sources[0]!.srcset.split(' ')[0]!;
  await expect
    .poll(async () => (await homeHtml(request, b)).includes(firstFile), {
      timeout: 1_000,
      intervals: [25],
    })
    .toBe(true);
  expect((await request.get(`${b.url}${firstFile}`)).status()).toBe(200);
  const servedAfter = Date.now() - savedAt;
  expect(servedAfter, `B served the upload after ${servedAfter} ms`).toBeLessThan(1_000);

  // Every file of every format, read by B from the database: A's bytes.
  for (const source of uploaded.sources) {
    for (const entry of source.srcset.split(', ')) {
      const path = entry.split(' ')[0]!;
      const [fromA, fromB] = await Promise.all([
        request.get(`${a.url}${path}`),
        request.get(`${b.url}${path}`),
      ]);
      expect(fromB.status(), path).toBe(200);
      expect(fromB.headers()['content-type']).toBe(source.type);
      expect(Buffer.compare(await fromB.body(), await fromA.body()), path).toBe(0);
    }
  }
});
