import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { test, expect, toast } from './fixtures.ts';
import { e2eProject } from './support/project.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import {
  createStaffAccount,
  logInThroughApi,
  logInToSection,
  type StaffAccount,
} from './support/staff.ts';

// A returning guest, from a 390 px phone, in Italian: Giovanni Esposito did
// not turn up twice (bookings seeded by the API and marked no-show); staff
// take his next booking by phone, find him as they type, see the warning
// before saving, and see it again on the day's card. Then the Ospiti
// section: searched, opened, a note saved. Screenshots at 390 and 1280 px
// go to test-results/screenshots/ (or SCREENSHOT_DIR). A server of its own,
// on a fresh database of the project's kind.

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1280, height: 900 };
const GIOVANNI = {
  name: 'Giovanni Esposito',
  email: 'giovanni.esposito@example.test',
  phone: '+39 333 444 5566',
};
let server: TestServer;
let owner: StaffAccount;
let staff: StaffAccount;
/** The day of the booking taken by phone. */
let day: string;

test.describe.configure({ mode: 'serial' });
test.use({ viewport: PHONE });

test.beforeAll(async () => {
  server = await startTestServer();
  owner = await createStaffAccount(server.databaseUrl, 'guests-owner', {}, 'owner');
  staff = await createStaffAccount(server.databaseUrl, 'guests-staff', {}, 'staff');
});

test.afterAll(async () => {
  await server?.stop();
});

/** Today's date in Rome, `days` later. */
function romeDatePlus(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The next `count` days open at 20:00 for a party of two. */
async function daysOpenAt2000(request: APIRequestContext, count: number): Promise<string[]> {
  const found: string[] = [];
  for (let days = 3; days < 30 && found.length < count; days += 1) {
    const date = romeDatePlus(days);
    const answer = await request.get(`${server.url}/api/reservations/availability`, {
      params: { date, party: 2 },
    });
    const { slots } = (await answer.json()) as { slots: { time: string; available: boolean }[] };
    if (slots.some((slot) => slot.time === '20:00' && slot.available)) found.push(date);
  }
  if (found.length < count) throw new Error('not enough open evenings in the next weeks');
  return found;
}

const noSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);

async function screenshot(target: Page | Locator, name: string) {
  const dir = process.env.SCREENSHOT_DIR ?? 'test-results/screenshots';
  const path = `${dir}/${name}-${e2eProject().database}.png`;
  if ('goto' in target) {
    await target.evaluate(() => window.scrollTo(0, 0));
    await target.screenshot({ path, fullPage: true });
  } else {
    await target.screenshot({ path });
  }
}

const bookingCard = (page: Page, name: string) =>
  page.locator('.booking').filter({ has: page.locator('.booking__name', { hasText: name }) });

test('staff take a phone booking for a returning guest and see the no-show warning', async ({
  page,
  request,
  consoleErrors: _consoleErrors,
}) => {
  // Two seeded bookings, a lookup, a save, and the toast gone before the last accessibility check.
  test.slow();
  const [next, ...earlier] = await daysOpenAt2000(request, 3);
  day = next!;
  const { token } = await logInThroughApi(request, staff, server.url);
  const headers = { Authorization: `Bearer ${token}` };
  for (const date of earlier) {
    const booked = await request.post(`${server.url}/api/reservations/staff`, {
      headers,
      data: { ...GIOVANNI, party: 2, date, time: '20:00', lang: 'it' },
    });
    expect(booked.status()).toBe(201);
    const { id } = (await booked.json()) as { id: number };
    const marked = await request.patch(`${server.url}/api/reservations/${id}`, {
      headers,
      data: { status: 'no-show' },
    });
    expect(marked.status()).toBe(200);
  }

  await logInToSection(page, server.url, staff, {
    link: 'Prenotazioni',
    path: '/dashboard/reservations',
  });
  await page.getByLabel('Giorno', { exact: true }).fill(day);
  await expect(page).toHaveURL(`${server.url}/dashboard/reservations?data=${day}`);
  await page.getByRole('button', { name: 'Aggiungi prenotazione' }).click();
  const form = page.getByRole('region', { name: 'Prenotazione al telefono' });
  const name = form.getByRole('combobox', { name: 'Nome' });
  await name.pressSequentially('Espo');
  const suggestion = form.getByRole('option', { name: /Giovanni Esposito/ });
  await expect(suggestion).toContainText('2 volte non si è presentato');
  await expect(name).toHaveAttribute('aria-expanded', 'true');
  await noSidewaysScroll(page);
  await screenshot(page, 'guests-lookup-390');
  await suggestion.click();

  await expect(name).toHaveValue(GIOVANNI.name);
  await expect(form.getByLabel('Telefono', { exact: true })).toHaveValue(GIOVANNI.phone);
  await expect(form.getByLabel(/^Email/)).toHaveValue(GIOVANNI.email);
  const notice = form.getByRole('group', { name: `Ospite: ${GIOVANNI.name}` });
  await expect(notice).toContainText('⚠ Attenzione: 2 volte non si è presentato');
  await expect(notice).toContainText('Prima visita');
  await noSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);

  await form.getByLabel('Persone').fill('3');
  await form.getByLabel('Ora').selectOption('20:00');
  await form.getByRole('button', { name: 'Salva prenotazione' }).click();
  const added = toast(
    page,
    /^Prenotazione di Giovanni Esposito aggiunta: 3 persone, .+ alle 20:00\.$/,
  );
  await expect(added).toBeVisible();
  await expect(form).toHaveCount(0);

  const card = bookingCard(page, GIOVANNI.name);
  const warning = card.getByRole('group', { name: `Ospite: ${GIOVANNI.name}` });
  await expect(warning).toContainText('⚠ Attenzione: 2 volte non si è presentato');
  await noSidewaysScroll(page);
  // Once the toast, which covers the day's navigation, has gone.
  await expect(added).toHaveCount(0, { timeout: 15_000 });
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(card, 'guests-card-390');
  await page.setViewportSize(WIDE);
  await screenshot(card, 'guests-card-1280');
});

test('staff search a guest in Ospiti and save a note and a tag', async ({
  page,
  request,
  consoleErrors: _consoleErrors,
}) => {
  // Two widths, the back button and the day view after the section.
  test.slow();
  const session = await logInThroughApi(request, owner, server.url);
  const tags = await request.put(`${server.url}/api/guests/tags`, {
    headers: { Authorization: `Bearer ${session.token}` },
    data: { tags: ['abituale', 'allergie', 'tavolo fuori'] },
  });
  expect(tags.status()).toBe(200);

  await logInToSection(page, server.url, staff, { link: 'Ospiti', path: '/dashboard/guests' });
  await expect(page.getByRole('heading', { level: 1, name: 'Ospiti' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Ospiti visti di recente' }).getByRole('link'),
  ).toContainText([GIOVANNI.name]);
  const search = page.getByRole('searchbox', { name: 'Cerca un ospite' });
  await search.fill('Es');
  await expect(page.getByText('Scrivi almeno 3 caratteri')).toBeVisible();
  await search.fill('espos');
  const found = page.getByRole('list', { name: 'Ospiti trovati' });
  await expect(found.getByRole('link')).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: '1 ospite trovato' })).toBeVisible();
  await found.getByRole('link', { name: /Giovanni Esposito/ }).click();

  const guest = page.getByRole('article', { name: GIOVANNI.name });
  await expect(guest.getByRole('note')).toHaveText('⚠ 2 volte non si è presentato');
  await expect(guest.getByRole('link', { name: /^Chiama Giovanni Esposito/ })).toHaveAttribute(
    'href',
    'tel:+393334445566',
  );
  await expect(guest.getByRole('region', { name: 'Storico' }).getByRole('listitem')).toHaveCount(3);
  await guest.getByLabel('Note dello staff').fill('Allergico ai crostacei');
  await guest.getByText('allergie', { exact: true }).click();
  await guest.getByRole('button', { name: 'Salva' }).click();
  await expect(toast(page, 'Ospite Giovanni Esposito aggiornato.')).toBeVisible();
  await expect(guest.getByText('Modifiche non salvate.')).toHaveCount(0);
  await noSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'guests-section-390');

  // The back button returns to the list.
  await page.goBack();
  await expect(page.getByRole('article', { name: GIOVANNI.name })).toHaveCount(0);
  await page.goForward();
  await page.setViewportSize(WIDE);
  await expect(page.getByRole('article', { name: GIOVANNI.name })).toBeVisible();
  await screenshot(page, 'guests-section-1280');

  // The note reaches the day's card.
  await page.goto(`${server.url}/dashboard/reservations?data=${day}`);
  const notice = bookingCard(page, GIOVANNI.name).getByRole('group', {
    name: `Ospite: ${GIOVANNI.name}`,
  });
  await expect(notice).toContainText('Note dello staff: Allergico ai crostacei');
  await expect(notice).toContainText('allergie');
  await screenshot(bookingCard(page, GIOVANNI.name), 'guests-card-note-1280');
});
