import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test, expect, hydrated, toast } from './fixtures.ts';
import { axeViolations } from './support/axe.ts';
import { pickUpWithKeyboard } from './support/keyboard-drag.ts';
import { e2eProject } from './support/project.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import {
  createStaffAccount,
  logInThroughApi,
  storeSession,
  type StaffSession,
} from './support/staff.ts';

// The evening view ("Sala") during service, at 390 px (a phone) and 1024 px
// (a tablet), in Italian: staff seat a walk-in on a free table in two taps,
// mark a seated party finished, move one booking by dragging it onto
// another table and another from the keyboard; a second instance's evening
// view shows each change within 2 s (on PostgreSQL a second server process
// on the same database; on SQLite, which one process serves, a second
// browser on the same server). axe is clean; screenshots of each width go
// to test-results/screenshots/ (or SCREENSHOT_DIR). The room is set up by
// API (PUT /api/floor, phone bookings), each width on servers of its own,
// their clock and the browsers' on Tuesday 10 November 2026 at 19:30.

const TUESDAY = '2026-11-10';
const CLOCK = '2026-11-10T19:30:00+01:00';
const WIDTHS = [
  { label: 'phone', viewport: { width: 390, height: 844 } },
  // A tablet upright (1024 × 1366): the day's timeline in sight without scrolling.
  { label: 'tablet', viewport: { width: 1024, height: 1366 } },
] as const;

test.describe.configure({ mode: 'serial' });

/** Six tables of two to four in "Sala", T1 first when a booking is seated, and T5 + T6 joined. */
const ROOM = {
  areas: [{ id: -1, name: 'Sala', onlineBookable: true }],
  tables: [1, 2, 3, 4, 5, 6].map((n) => ({
    id: -10 - n,
    name: `T${n}`,
    areaId: -1,
    minSeats: 2,
    maxSeats: 4,
    onlineBookable: true,
    priority: n - 1,
    shape: n % 2 ? 'round' : 'square',
    x: 8 + ((n - 1) % 3) * 30,
    y: n <= 3 ? 8 : 48,
    w: 18,
    h: 18,
  })),
  combinations: [
    { name: 'T5+T6', tableIds: [-15, -16], minSeats: 6, maxSeats: 8, onlineBookable: true },
  ],
};

async function api(
  request: APIRequestContext,
  server: TestServer,
  session: StaffSession,
  method: 'post' | 'put' | 'patch',
  path: string,
  data: unknown,
) {
  const response = await request[method](`${server.url}/api${path}`, {
    headers: { Authorization: `Bearer ${session.token}` },
    data,
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as { id: number };
}

const phoneBooking = (name: string, party: number, time: string) => ({
  name,
  phone: '+39 333 555 0101',
  email: '',
  party,
  date: TUESDAY,
  time,
  notes: '',
  lang: 'it',
});

/** Opens Sala on `server` with the session stored, the browser's clock at the servers'. */
async function openEvening(page: Page, server: TestServer, session: StaffSession) {
  await page.clock.setFixedTime(new Date(CLOCK));
  await storeSession(page, session, server.url);
  await page.goto(`${server.url}/dashboard/evening`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Sala' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Pianta: Sala' })).toBeVisible();
}

const mapTable = (page: Page, name: string) =>
  page
    .getByRole('group', { name: 'Pianta: Sala' })
    .getByRole('button', { name: new RegExp(`^Tavolo ${name},`) });
const row = (page: Page, name: string) => page.locator(`li.evening-row[data-table="${name}"]`);
const bar = (page: Page, table: string, guest: string) =>
  row(page, table).getByRole('button', {
    name: new RegExp(`^\\d\\d:\\d\\d-\\d\\d:\\d\\d ${guest},`),
  });

/** Within 2 s of `since`, on the second instance's view. */
async function seenWithin2s(since: number, check: () => Promise<void>) {
  await check();
  expect(Date.now() - since).toBeLessThanOrEqual(2_000);
}

async function screenshot(page: Page, name: string, fullPage = true) {
  const dir = process.env.SCREENSHOT_DIR ?? 'test-results/screenshots';
  // From the top: the header is fixed, and would cover the page scrolled under it.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${dir}/${name}-${e2eProject().database}.png`, fullPage });
}

/** Drags `handle` onto `target` with the mouse, and lets go once the page says it is over `table`. */
async function dragOnto(page: Page, handle: Locator, target: Locator, announced: string) {
  // Both in sight: the handle in the middle of the screen, its target a few rows below.
  await handle.evaluate((element) =>
    element.scrollIntoView({ block: 'center', inline: 'nearest' }),
  );
  const from = (await handle.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // A few pixels first: the drag starts after 6.
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 3 });
  const to = (await target.boundingBox())!;
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  // Where the target is now: the page may have scrolled under the pointer, or moved
  // as a toast or a poll redrew it, and only a pointer move over it says "over".
  const over = page.getByRole('status').filter({ hasText: announced });
  for (let nudge = 0; nudge < 4 && (await over.count()) === 0; nudge += 1) {
    const settled = (await target.boundingBox())!;
    await page.mouse.move(
      settled.x + settled.width / 2 + nudge * 3,
      settled.y + settled.height / 2,
      { steps: 2 },
    );
    await over.waitFor({ state: 'attached', timeout: 1_000 }).catch(() => undefined);
  }
  await expect(over).toBeAttached();
  // Let go only once the target stays put under the pointer (the drop is where the
  // pointer is when it is released, and the page may still be scrolling).
  await expect
    .poll(
      async () => {
        const box = (await target.boundingBox())!;
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        const after = (await target.boundingBox())!;
        return Math.abs(after.y - box.y) < 1 && (await over.count()) > 0;
      },
      { intervals: [100, 100, 200, 200, 400] },
    )
    .toBe(true);
  await page.mouse.up();
}

for (const { label, viewport } of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    let a: TestServer;
    let b: TestServer;
    let secondServer: TestServer | null = null;

    test.beforeAll(async () => {
      a = await startTestServer({ CLOCK_START: CLOCK });
      if (e2eProject().database === 'postgres') {
        secondServer = await startTestServer({ CLOCK_START: CLOCK, DATABASE_URL: a.databaseUrl });
        b = secondServer;
      } else {
        b = a;
      }
    });
    test.afterAll(async () => {
      await secondServer?.stop();
      await a?.stop();
    });

    test('a walk-in, a party finished, moves by drag and by keyboard; the other instance follows', async ({
      page,
      browser,
      request,
    }) => {
      test.setTimeout(90_000);
      const owner = await createStaffAccount(a.databaseUrl, `evening-${label}`, {}, 'owner');
      const session = await logInThroughApi(request, owner, a.url);
      await api(request, a, session, 'put', '/floor', ROOM);
      // Guests may book tonight (no notice), and parties of up to four are confirmed at once.
      const settings = await request.get(`${a.url}/api/reservations/settings`, {
        headers: { Authorization: `Bearer ${session.token}` },
      });
      const stored = (await settings.json()) as Record<string, unknown>;
      delete stored.calendarFeedUrl; // the answer's, not a setting
      await api(request, a, session, 'put', '/reservations/settings', {
        ...stored,
        minNoticeMinutes: 0,
        autoConfirmMaxParty: 4,
      });
      const giulia = await api(
        request,
        a,
        session,
        'post',
        '/reservations/staff',
        phoneBooking('Giulia Bianchi', 2, '19:45'),
      );
      await api(
        request,
        a,
        session,
        'post',
        '/reservations/staff',
        phoneBooking('Marco Neri', 2, '20:00'),
      );
      await api(
        request,
        a,
        session,
        'post',
        '/reservations/staff',
        phoneBooking('Sara Verdi', 3, '20:30'),
      );
      await api(request, a, session, 'patch', `/reservations/${giulia.id}`, { status: 'seated' });

      await page.setViewportSize(viewport);
      await openEvening(page, a, session);
      const other = await browser.newContext({ viewport });
      const second = await other.newPage();
      await openEvening(second, b, await logInThroughApi(request, owner, b.url));

      // The state of each table now, in words (and signs, and colours).
      await expect(mapTable(page, 'T1')).toHaveAccessibleName(/: Al tavolo, 19:45 Giulia Bianchi/);
      await expect(mapTable(page, 'T2')).toHaveAccessibleName(
        /: Prenotato entro un’ora, 20:00 Marco Neri/,
      );
      await expect(mapTable(page, 'T3')).toHaveAccessibleName(
        /: Prenotato entro un’ora, 20:30 Sara Verdi/,
      );
      await expect(mapTable(page, 'T6')).toHaveAccessibleName('Tavolo T6, 2-4 persone: Libero');
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `evening-${viewport.width}`);

      // A walk-in: tap the free table, then "Fai sedere" (the party is filled in).
      await mapTable(page, 'T6').click();
      const walkIn = page.getByRole('dialog', { name: 'Cliente senza prenotazione al tavolo T6' });
      await expect(walkIn.getByLabel('Persone')).toHaveValue('2');
      expect(await axeViolations(page)).toEqual([]);
      await walkIn.getByRole('button', { name: 'Fai sedere' }).click();
      await expect(toast(page, '2 persone al tavolo T6.')).toBeVisible();
      let since = Date.now();
      await expect(mapTable(page, 'T6')).toHaveAccessibleName(/: Al tavolo/);
      await seenWithin2s(since, () =>
        expect(mapTable(second, 'T6')).toHaveAccessibleName(/: Al tavolo/, { timeout: 2_000 }),
      );

      // Giulia's party is done: her booking's sheet, "Hanno finito".
      await bar(page, 'T1', 'Giulia Bianchi').click();
      const sheet = page.getByRole('dialog', { name: 'Giulia Bianchi · 2 persone' });
      await expect(sheet.getByText('T1', { exact: true })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      // The sheet as the screen shows it (it stays in the viewport).
      await screenshot(page, `evening-${viewport.width}-booking`, false);
      await sheet.getByRole('button', { name: 'Hanno finito' }).click();
      await expect(toast(page, 'Giulia Bianchi: hanno finito.')).toBeVisible();
      since = Date.now();
      await expect(mapTable(page, 'T1')).toHaveAccessibleName('Tavolo T1, 2-4 persone: Libero');
      await seenWithin2s(since, () =>
        expect(mapTable(second, 'T1')).toHaveAccessibleName('Tavolo T1, 2-4 persone: Libero', {
          timeout: 2_000,
        }),
      );

      // Marco Neri dragged from T2 onto T4.
      await dragOnto(
        page,
        row(page, 'T2').getByRole('button', { name: 'Trascina Marco Neri su un altro tavolo' }),
        row(page, 'T4').locator('.evening-row__name'),
        'Marco Neri sopra il tavolo T4.',
      );
      await expect(toast(page, 'Marco Neri spostati a T4.')).toBeVisible();
      since = Date.now();
      await expect(bar(page, 'T4', 'Marco Neri')).toBeVisible();
      await seenWithin2s(since, () =>
        expect(bar(second, 'T4', 'Marco Neri')).toBeAttached({ timeout: 2_000 }),
      );

      // Sara Verdi moved from the keyboard: space, down past T4 (taken now) to T5, space.
      const handle = row(page, 'T3').getByRole('button', {
        name: 'Trascina Sara Verdi su un altro tavolo',
      });
      await handle.focus();
      await pickUpWithKeyboard(page, 'Hai preso Sara Verdi.');
      await page.keyboard.press('ArrowDown');
      await expect(
        page.getByRole('status').filter({ hasText: 'Sara Verdi sopra il tavolo T4.' }),
      ).toBeAttached();
      await page.keyboard.press('ArrowDown');
      await expect(
        page.getByRole('status').filter({ hasText: 'Sara Verdi sopra il tavolo T5.' }),
      ).toBeAttached();
      await page.keyboard.press('Space');
      await expect(toast(page, 'Sara Verdi spostati a T5.')).toBeVisible();
      since = Date.now();
      await expect(bar(page, 'T5', 'Sara Verdi')).toBeVisible();
      await seenWithin2s(since, () =>
        expect(bar(second, 'T5', 'Sara Verdi')).toBeAttached({ timeout: 2_000 }),
      );

      // A guest books online, in English, for 21:00: seated on the best free table (T1,
      // free since Giulia's party finished, first by priority), on both instances' views.
      const guestContext = await browser.newContext({ viewport, locale: 'en-GB' });
      const guest = await guestContext.newPage();
      await guest.clock.setFixedTime(new Date(CLOCK));
      await guest.goto(`${a.url}/reservations?lng=en`);
      await hydrated(guest);
      await guest.getByLabel('Guests').selectOption('2');
      await guest.getByLabel('Day', { exact: true }).selectOption(TUESDAY);
      await guest.getByLabel('Time').selectOption('21:00');
      await guest.getByLabel('Full name').fill('Emma Clark');
      await guest.getByLabel('E-mail').fill('emma@example.co.uk');
      await guest.getByLabel('Phone').fill('+44 7700 900123');
      await guest.getByLabel('I have read and accept the privacy policy').check();
      await guest.getByRole('button', { name: 'Send my booking' }).click();
      await expect(guest.getByRole('heading', { name: 'Table confirmed' })).toBeVisible();
      since = Date.now();
      await expect(bar(page, 'T1', 'Emma Clark')).toBeAttached();
      await seenWithin2s(since, () =>
        expect(bar(second, 'T1', 'Emma Clark')).toBeAttached({ timeout: 2_000 }),
      );
      await guestContext.close();

      expect(await axeViolations(page)).toEqual([]);
      expect(await axeViolations(second)).toEqual([]);
      await screenshot(page, `evening-${viewport.width}-after`);
      await other.close();
    });
  });
}
