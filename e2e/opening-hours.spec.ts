import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, hydrated } from './fixtures.ts';
import { axeViolations } from './support/axe.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { createStaffAccount, logInThroughApi } from './support/staff.ts';
import type { TestDatabase } from '../src/server/testing/database.ts';
import { createE2eDatabase } from './support/database.ts';
import { startFakeDeepL, type FakeTranslator } from '../src/server/testing/fake-translators.ts';

// Staff close the restaurant for tomorrow and for the winter through the API;
// visitors see the notice in German and English, search engines the closures
// in the JSON-LD, and once the closure is over the notice is gone. Time moves
// by starting a server on the same database with its clock elsewhere
// (CLOCK_START), never by waiting. The closure notes are translated by the
// server through a DeepL stand-in ("[DE] …").

test.describe.configure({ mode: 'serial' });

/** Tuesday 10 November 2026 in Rome, mid-morning. */
const TODAY = '2026-11-10T10:00:00+01:00';
const TOMORROW = '2026-11-11T10:00:00+01:00';
const IN_THE_WINTER = '2027-01-15T10:00:00+01:00';
/** Tuesday 2 March 2027: the closure ended on Sunday 28 February, Monday is the rest day. */
const AFTER_THE_WINTER = '2027-03-02T10:00:00+01:00';

const LUNCH = { open: '12:00', close: '15:00' };
const DINNER = { open: '19:00', close: '23:30' };
const SEEDED_WEEK = [2, 3, 4, 5, 6, 7].map((day) => ({ day, ranges: [LUNCH, DINNER] }));
const CLOSURES = [
  { from: '2026-11-11', to: '2026-11-11', note: 'Chiuso per un evento privato' },
  { from: '2026-11-16', to: '2027-02-28', note: "Chiuso per l'inverno" },
];
const closedAllDay = (from: string, to: string) => ({
  '@type': 'OpeningHoursSpecification',
  validFrom: from,
  validThrough: to,
  opens: '00:00',
  closes: '00:00',
});

let database: TestDatabase;
let deepl: FakeTranslator;

test.beforeAll(async () => {
  database = await createE2eDatabase();
  deepl = await startFakeDeepL('e2e-hours-key');
});
test.afterAll(async () => {
  await deepl?.close();
  await database?.drop();
});

/** A server on the shared database whose clock starts at `clockStart`; stopped after `use`. */
async function withServerAt(clockStart: string, use: (server: TestServer) => Promise<void>) {
  const server = await startTestServer({
    DATABASE_URL: database.url,
    CLOCK_START: clockStart,
    DEEPL_API_KEY: 'e2e-hours-key',
    DEEPL_SERVER_URL: deepl.url,
  });
  try {
    await use(server);
  } finally {
    await server.stop();
  }
}

/** The notice's lines, on a page the browser has hydrated. */
async function noticeLines(page: Page, url: string) {
  await page.goto(url);
  await hydrated(page);
  return page.locator('.closed-notice p');
}

async function specialHours(page: Page) {
  const json = await page.locator('script[type="application/ld+json"]').textContent();
  return (JSON.parse(json ?? '{}') as { specialOpeningHoursSpecification: unknown })
    .specialOpeningHoursSpecification;
}

async function notesTranslated(request: APIRequestContext, server: TestServer) {
  for (const lang of ['de', 'en']) {
    const response = await request.get(`${server.url}/api/opening-hours?lang=${lang}`);
    const { closures } = (await response.json()) as { closures: { note: string | null }[] };
    if (!closures.every((closure) => closure.note?.startsWith('['))) return false;
  }
  return true;
}

test('staff close tomorrow and for the winter: today the page opens as usual, the JSON-LD announces both', async ({
  page,
  request,
  consoleErrors,
}) => {
  await withServerAt(TODAY, async (server) => {
    await page.goto(`${server.url}/?lng=en`);
    expect(await specialHours(page)).toEqual([]);

    const account = await createStaffAccount(database.url, 'hours');
    const session = await logInThroughApi(request, account, server.url);
    const saved = await request.put(`${server.url}/api/opening-hours`, {
      headers: { Authorization: `Bearer ${session.token}` },
      data: { weekly: SEEDED_WEEK, closures: CLOSURES },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await expect.poll(() => notesTranslated(request, server)).toBe(true);

    const notice = await noticeLines(page, `${server.url}/?lng=de`);
    await expect(notice).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Auf einen Blick' })).toContainText(
      'Ruhetag: Montag',
    );
    expect(await specialHours(page)).toEqual([
      closedAllDay('2026-11-11', '2026-11-11'),
      closedAllDay('2026-11-16', '2027-02-28'),
    ]);
  });
  expect(consoleErrors).toEqual([]);
});

test('tomorrow: closed today, then the staff note, then the reopening, in German and English', async ({
  page,
  consoleErrors,
}) => {
  await withServerAt(TOMORROW, async (server) => {
    await expect(await noticeLines(page, `${server.url}/?lng=de`)).toHaveText([
      'Heute geschlossen: [DE] Chiuso per un evento privato. Wir öffnen wieder am Donnerstag, 12. November, um 12:00 Uhr.',
    ]);
    await expect(await noticeLines(page, `${server.url}/contact?lng=en`)).toHaveText([
      'Closed today: [EN-GB] Chiuso per un evento privato. Open again on Thursday 12 November from 12:00.',
    ]);
    const week = page.getByRole('region', { name: 'Opening hours' });
    await expect(week.getByRole('term')).toHaveText(['Monday', 'Tuesday to Sunday']);
    await expect(week.getByRole('definition')).toHaveText([
      'Closed',
      '12:00–15:00 and 19:00–23:30',
    ]);
    expect(await axeViolations(page)).toEqual([]);
  });
  expect(consoleErrors).toEqual([]);
});

test('in the winter: closed until the day before the reopening, the note, the first day open again', async ({
  page,
  consoleErrors,
}) => {
  await withServerAt(IN_THE_WINTER, async (server) => {
    const home = await noticeLines(page, `${server.url}/?lng=de`);
    await expect(home).toHaveText([
      "Geschlossen bis Montag, 1. März: [DE] Chiuso per l'inverno. Wir öffnen wieder am Dienstag, 2. März, um 12:00 Uhr.",
    ]);
    expect(await axeViolations(page)).toEqual([]);
    // Tomorrow's closure is over: search engines hear of the winter alone.
    expect(await specialHours(page)).toEqual([closedAllDay('2026-11-16', '2027-02-28')]);
    await expect(await noticeLines(page, `${server.url}/contact?lng=en`)).toHaveText([
      "Closed until Monday 1 March: [EN-GB] Chiuso per l'inverno. Open again on Tuesday 2 March from 12:00.",
    ]);
    expect(await axeViolations(page)).toEqual([]);
  });
  expect(consoleErrors).toEqual([]);
});

test('after the winter: no notice, and nothing special for search engines', async ({
  page,
  consoleErrors,
}) => {
  await withServerAt(AFTER_THE_WINTER, async (server) => {
    await expect(await noticeLines(page, `${server.url}/?lng=de`)).toHaveCount(0);
    expect(await specialHours(page)).toEqual([]);
    await expect(await noticeLines(page, `${server.url}/contact?lng=en`)).toHaveCount(0);
  });
  expect(consoleErrors).toEqual([]);
});
