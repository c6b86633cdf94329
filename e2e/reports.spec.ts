import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, hydrated } from './fixtures.ts';
import { axeViolations } from './support/axe.ts';
import { e2eProject } from './support/project.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import {
  createStaffAccount,
  logInThroughApi,
  openSection,
  showSections,
  storeSession,
  type StaffAccount,
  type StaffSession,
} from './support/staff.ts';

// The owner's reports at 390 px and 1280 px, in Italian. A server of its
// own, its clock (and the browser's) on Monday 2 November 2026: a month of
// bookings taken online and by phone (some seated, some no-shows, one
// cancelled) and of takeaway orders is seeded through the API. The owner
// opens "Report" from the header, reads the month, goes to the month before
// and back, groups by week, and downloads the bookings' CSV; axe is clean.
// Staff who are not owners have no link, and the address says the reports
// are the owner's. Screenshots go to test-results/screenshots/ (or
// SCREENSHOT_DIR).

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1280, height: 900 };
const CLOCK = '2026-11-02T09:00:00+01:00';
const MARGHERITA = 56;
const DIAVOLA = 58;
let server: TestServer;
let owner: StaffAccount;
let staff: StaffAccount;
/** What was seeded for November: the covers of bookings not declined, per day. */
const covers = new Map<string, number>();

test.describe.configure({ mode: 'serial' });
test.use({ viewport: PHONE });

test.beforeAll(async () => {
  // Each online guest is a client address of their own (X-Forwarded-For from loopback).
  server = await startTestServer({ CLOCK_START: CLOCK, TRUST_PROXY: 'loopback' });
  owner = await createStaffAccount(server.databaseUrl, 'reports-owner', {}, 'owner');
  staff = await createStaffAccount(server.databaseUrl, 'reports-staff', {}, 'staff');
});

test.afterAll(async () => {
  await server?.stop();
});

const november = (day: number) => `2026-11-${String(day).padStart(2, '0')}`;

async function call(
  request: APIRequestContext,
  session: StaffSession | null,
  method: 'get' | 'post' | 'put' | 'patch',
  path: string,
  data?: unknown,
  visitor = '10.250.0.1',
) {
  const response = await request[method](`${server.url}/api${path}`, {
    headers: {
      ...(session ? { Authorization: `Bearer ${session.token}` } : {}),
      // Each online guest a client address of their own: the hourly limits count one guest.
      'X-Forwarded-For': visitor,
    },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * A month of service: on each evening of November open at 20:00, a phone
 * booking (seated and finished, or a no-show every fourth day), an online one
 * at 19:30, a cancellation every week, and a takeaway order collected.
 */
async function seedNovember(request: APIRequestContext, session: StaffSession) {
  const settings = await call(request, session, 'get', '/reservations/settings');
  delete settings.calendarFeedUrl; // the answer's, not a setting
  await call(request, session, 'put', '/reservations/settings', {
    ...settings,
    minNoticeMinutes: 0,
    autoConfirmMaxParty: 8,
  });
  for (let day = 2; day <= 30; day += 1) {
    const date = november(day);
    const { slots } = (await call(
      request,
      null,
      'get',
      `/reservations/availability?date=${date}&party=2`,
    )) as { slots: { time: string; available: boolean }[] };
    const open = (time: string) => slots.some((slot) => slot.time === time && slot.available);
    if (!open('20:00') || !open('19:30')) continue;
    const party = 2 + (day % 5);
    const phone = await call(request, session, 'post', '/reservations/staff', {
      name: `Ospite ${day}`,
      phone: `+39 333 555 ${String(1000 + day)}`,
      email: '',
      party,
      date,
      time: '20:00',
      notes: '',
      lang: 'it',
    });
    if (phone.status === 'pending') {
      await call(request, session, 'patch', `/reservations/${phone.id}`, { status: 'confirmed' });
    }
    const outcome = day % 4 === 0 ? ['no-show'] : ['seated', 'finished'];
    for (const status of outcome) {
      await call(request, session, 'patch', `/reservations/${phone.id}`, { status });
    }
    await call(
      request,
      null,
      'post',
      '/reservations',
      {
        name: `Guest ${day}`,
        email: `guest${day}@example.test`,
        phone: `+44 7700 900${String(100 + day)}`,
        party: 2,
        date,
        time: '19:30',
        notes: '',
        privacy: true,
        lang: day % 3 === 0 ? 'de' : 'en',
      },
      `10.251.${day}.1`,
    );
    covers.set(date, party + 2);
    if (day % 7 === 3) {
      const cancelled = await call(request, session, 'post', '/reservations/staff', {
        name: `Disdetta ${day}`,
        phone: `+39 333 666 ${String(1000 + day)}`,
        email: '',
        party: 4,
        date,
        time: '20:00',
        notes: '',
        lang: 'it',
      });
      await call(request, session, 'patch', `/reservations/${cancelled.id}`, {
        status: 'cancelled',
      });
      covers.set(date, party + 2 + 4);
    }
  }
  // A walk-in tonight, seated at once.
  await call(request, session, 'post', '/reservations/walk-in', { party: 3 });
  covers.set(november(2), (covers.get(november(2)) ?? 0) + 3);
  // Takeaway orders as far ahead as the settings allow (two weeks), at a few pickup times.
  const takeaway = await call(request, session, 'get', '/takeaway/settings');
  await call(request, session, 'put', '/takeaway/settings', {
    enabled: takeaway.enabled,
    slotMinutes: takeaway.slotMinutes,
    limits: takeaway.limits,
    prepMinutes: takeaway.prepMinutes,
    horizonDays: 14,
  });
  for (let day = 2; day <= 15; day += 1) {
    for (const [index, time] of ['19:00', '19:30', '20:15', '20:30'].entries()) {
      if ((day + index) % 3 === 0) continue;
      const order = await request.post(`${server.url}/api/takeaway/orders/staff`, {
        headers: { Authorization: `Bearer ${session.token}` },
        data: {
          name: `Asporto ${day} ${time}`,
          phone: `+39 333 777 ${String(1000 + day)}`,
          lang: 'it',
          pickup: { date: november(day), time },
          items: [
            { id: MARGHERITA, quantity: 1 + ((day + index) % 4) },
            { id: DIAVOLA, quantity: 1 + (index % 2) },
          ],
          override: true,
        },
      });
      // A day the takeaway is closed refuses the order: the report counts those taken.
      if (order.status() !== 201) continue;
      const { id } = (await order.json()) as { id: number };
      for (const status of ['accepted', 'ready', 'collected']) {
        await call(request, session, 'patch', `/takeaway/orders/${id}`, { status });
      }
    }
  }
  // Event requests for later in the month.
  for (const [index, date] of [november(20), november(21), november(27)].entries()) {
    await call(
      request,
      null,
      'post',
      '/events/inquiries',
      {
        kind: 'birthday',
        date,
        service: 'dinner',
        adults: 20 + index * 10,
        children: 0,
        area: 'any',
        allergens: [],
        name: `Festa ${index}`,
        email: `festa${index}@example.test`,
        phone: `+39 333 888 100${index}`,
        lang: index === 1 ? 'fr' : 'it',
        privacy: true,
      },
      `10.252.${index}.1`,
    );
  }
}

const noSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);

async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR ?? 'test-results/screenshots';
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${dir}/${name}-${e2eProject().database}.png`, fullPage: true });
}

const grouping = (page: Page) => page.getByRole('group', { name: 'Raggruppa per' });
const coversChart = (page: Page) => page.getByRole('img', { name: /^Coperti prenotati:/ });
const italian = (value: number) => new Intl.NumberFormat('it-IT').format(value);

test('the owner reads the month, changes the period, groups by week and downloads a CSV', async ({
  page,
  request,
  consoleErrors: _consoleErrors,
}) => {
  // A month seeded through the API, two widths, axe twice.
  test.setTimeout(120_000);
  const session = await logInThroughApi(request, owner, server.url);
  await seedNovember(request, session);
  const booked = [...covers.values()].reduce((sum, value) => sum + value, 0);
  expect(booked).toBeGreaterThan(0);

  await page.clock.setFixedTime(new Date(CLOCK));
  await storeSession(page, session, server.url);
  await page.goto(`${server.url}/dashboard`);
  await hydrated(page);
  await openSection(page, 'Report');
  await expect(page).toHaveURL(`${server.url}/dashboard/reports`);
  await expect(page.getByRole('heading', { level: 1, name: 'Report' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Questo mese' })).toBeChecked();
  await expect(page.getByText('1 nov 2026 – 30 nov 2026')).toBeVisible();
  await expect(coversChart(page)).toHaveAccessibleName(
    new RegExp(`^Coperti prenotati: ${italian(booked)} \\(periodo precedente 0\\)`),
  );
  const table = page.getByRole('table', { name: 'Coperti per periodo' });
  await expect(table.getByRole('row')).toHaveCount(31);
  const [firstDay, coversOfFirstDay] = [...covers.entries()][0]!;
  const firstRow = table.getByRole('row', {
    name: new RegExp(`^${Number(firstDay.slice(8))} nov `),
  });
  await expect(firstRow.getByRole('cell').first()).toHaveText(italian(coversOfFirstDay));
  await expect(page.getByRole('table', { name: 'Ordini d’asporto per periodo' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Prenotazioni per origine' })).toContainText(
    'Online',
  );
  await expect(
    page.getByRole('table', { name: 'I dieci piatti più venduti (asporto)' }),
  ).toContainText(/Margherita/i);
  await noSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'reports-390');

  // The month before: nothing happened then; its charts still draw.
  await page.getByRole('radio', { name: 'Il mese scorso' }).check();
  await expect(page).toHaveURL(/\?periodo=mese-scorso&per=giorno$/);
  await expect(page.getByText('1 ott 2026 – 31 ott 2026')).toBeVisible();
  await expect(coversChart(page)).toHaveAccessibleName(/^Coperti prenotati: 0 \(periodo/);
  await expect(
    page.getByRole('table', { name: 'Coperti per periodo' }).getByRole('row'),
  ).toHaveCount(32);
  // Back to November, by week.
  await page.goBack();
  await expect(page.getByText('1 nov 2026 – 30 nov 2026')).toBeVisible();
  await grouping(page).getByRole('radio', { name: 'Settimana' }).check();
  await expect(page).toHaveURL(/per=settimana/);
  await expect(table.getByRole('rowheader').first()).toHaveText(/^sett\. dal /);
  await expect(coversChart(page)).toHaveAccessibleName(
    new RegExp(`^Coperti prenotati: ${italian(booked)} `),
  );

  // The bookings' CSV: the server's file, the numbers unformatted.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Scarica le prenotazioni (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('prenotazioni-2026-11-01-2026-11-30.csv');
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  expect(header).toBe(
    'period,bookings,covers,seatedCovers,noShowCovers,cancelledCovers,online,phone,walkIn',
  );
  const coversColumn = lines.map((line) => Number(line.split(',')[2]));
  expect(coversColumn.reduce((sum, value) => sum + value, 0)).toBe(booked);
  expect(lines[0]?.startsWith('2026-10-26,') || lines[0]?.startsWith('2026-11-')).toBe(true);

  await page.setViewportSize(WIDE);
  await grouping(page).getByRole('radio', { name: 'Giorno' }).check();
  await expect(
    page.getByRole('table', { name: 'Coperti per periodo' }).getByRole('row'),
  ).toHaveCount(31);
  await noSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'reports-1280');
});

test('staff who are not owners have no link to the reports, and the address says they are the owner’s', async ({
  page,
  request,
  consoleErrors: _consoleErrors,
}) => {
  const session = await logInThroughApi(request, staff, server.url);
  await page.clock.setFixedTime(new Date(CLOCK));
  await storeSession(page, session, server.url);
  await page.goto(`${server.url}/dashboard`);
  await hydrated(page);
  const sections = await showSections(page);
  await expect(sections.getByRole('link', { name: 'Colleghi' })).toBeVisible();
  await expect(sections.getByRole('link', { name: 'Report', exact: true })).toHaveCount(0);
  await page.goto(`${server.url}/dashboard/reports`);
  await expect(page.getByRole('alert')).toHaveText('Solo il titolare legge i report.');
  await expect(page.getByRole('table')).toHaveCount(0);
  // And the API agrees.
  const refused = await request.get(
    `${server.url}/api/reports/bookings?from=2026-11-01&to=2026-11-30`,
    { headers: { Authorization: `Bearer ${session.token}` } },
  );
  expect(refused.status()).toBe(403);
  expect(await axeViolations(page)).toEqual([]);
});
