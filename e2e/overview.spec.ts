import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, hydrated } from './fixtures.ts';
import { axeViolations } from './support/axe.ts';
import { e2eProject } from './support/project.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import {
  createStaffAccount,
  logInThroughApi,
  storeSession,
  type StaffSession,
} from './support/staff.ts';

// The back office's first screen, at 390 px (a phone) and 1280 px, in
// Italian: "Stasera" shows tonight's covers against the room, the takeaway
// orders to make, the new event requests and the unread messages, each a
// tile that opens its section, for a staff member who is not the owner.
// Tonight is set up by API on a server of its own whose clock is Tuesday
// 10 November 2026 at 17:00: two phone bookings (2 + 4 covers), an event
// request, a contact message. axe is clean; screenshots of each width go to
// test-results/screenshots/ (or SCREENSHOT_DIR).
const TUESDAY = '2026-11-10';
const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1280, height: 900 };

let server: TestServer;
let session: StaffSession;

test.describe.configure({ mode: 'serial' });
test.use({ viewport: PHONE });

test.beforeAll(async ({ request }) => {
  server = await startTestServer({ CLOCK_START: '2026-11-10T17:00:00+01:00' });
  const staff = await createStaffAccount(server.databaseUrl, 'overview-staff', {}, 'staff');
  session = await logInThroughApi(request, staff, server.url);
  for (const [name, party, time] of [
    ['Giulia Bianchi', 2, '20:00'],
    ['Marco Neri', 4, '20:30'],
  ] as const) {
    await post(request, '/reservations/staff', {
      name,
      phone: '+39 333 555 0101',
      email: '',
      party,
      date: TUESDAY,
      time,
      notes: '',
      lang: 'it',
    });
  }
  await post(request, '/events/inquiries', {
    kind: 'birthday',
    date: '2026-12-12',
    service: 'dinner',
    adults: 30,
    children: 0,
    area: 'any',
    allergens: [],
    name: 'Mila Rossi',
    email: 'mila@example.it',
    phone: '+39 333 9876543',
    lang: 'it',
    privacy: true,
  });
  await post(request, '/contact', {
    firstName: 'Luca',
    lastName: 'Ferri',
    email: 'luca@example.it',
    message: 'Avete un seggiolone per stasera?',
    privacy: true,
  });
});

test.afterAll(async () => {
  await server?.stop();
});

async function post(request: APIRequestContext, path: string, data: unknown) {
  const response = await request.post(`${server.url}/api${path}`, {
    headers: { Authorization: `Bearer ${session.token}` },
    data,
  });
  expect(response.ok(), `POST ${path}: ${await response.text()}`).toBe(true);
}

async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR ?? 'test-results/screenshots';
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${dir}/${name}-${e2eProject().database}.png` });
}

async function openDashboard(page: Page) {
  await storeSession(page, session, server.url);
  await page.goto(`${server.url}/dashboard`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Ciao' })).toBeVisible();
}

const tonight = (page: Page) => page.getByRole('region', { name: 'Stasera' });

/** Each tile's link, as a screen reader reads it, and where it leads. */
const TILES = [
  ['6 su 40 Coperti stasera', '/dashboard/reservations', 'Prenotazioni'],
  ['0 Ordini d’asporto da preparare', '/dashboard/takeaway', 'Asporto'],
  ['1 Nuova richiesta di evento', '/dashboard/events', 'Eventi'],
  ['1 Messaggio non letto', '/dashboard/messages', 'Messaggi'],
] as const;

test('at 390 px: four tiles in a 2 × 2 grid under the greeting, each opening its section', async ({
  page,
}) => {
  await openDashboard(page);
  const links = tonight(page).getByRole('link');
  await expect(links).toHaveCount(4);
  for (const [index, [name, href]] of TILES.entries()) {
    await expect(links.nth(index)).toHaveAccessibleName(name);
    await expect(links.nth(index)).toHaveAttribute('href', href);
  }
  // Two by two, each at least a comfortable target.
  const boxes = await Promise.all(TILES.map((_, index) => links.nth(index).boundingBox()));
  const [first, second, third] = boxes.map((box) => box!);
  expect(Math.abs(first!.y - second!.y)).toBeLessThan(1);
  expect(third!.y).toBeGreaterThan(first!.y + first!.height);
  for (const box of boxes) {
    expect(box!.width).toBeGreaterThanOrEqual(150);
    expect(box!.height).toBeGreaterThanOrEqual(44);
  }
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'overview-390');

  for (const [name, href, heading] of TILES) {
    await tonight(page).getByRole('link', { name }).click();
    await expect(page).toHaveURL(`${server.url}${href}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.goBack();
    await expect(tonight(page).getByRole('link', { name })).toBeVisible();
  }
});

test('at 1280 px: the four tiles in one row', async ({ page }) => {
  await page.setViewportSize(WIDE);
  await openDashboard(page);
  const links = tonight(page).getByRole('link');
  await expect(links.first()).toHaveAccessibleName(TILES[0][0]);
  const boxes = await Promise.all(TILES.map((_, index) => links.nth(index).boundingBox()));
  for (const box of boxes) expect(Math.abs(box!.y - boxes[0]!.y)).toBeLessThan(1);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'overview-1280');
});
