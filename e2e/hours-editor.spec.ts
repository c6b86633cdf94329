import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { test, expect, toast } from './fixtures.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { createStaffAccount, logInToSection, type StaffAccount } from './support/staff.ts';

// The opening hours edited from a 390 px phone, in Italian: a closure for
// tomorrow with a note, a Monday opened until after midnight; the preview
// follows the typing, the API the saving. A server of its own.

const PHONE = { width: 390, height: 844 };
let server: TestServer;
let staff: StaffAccount;

test.describe.configure({ mode: 'serial' });
test.use({ viewport: PHONE });

test.beforeAll(async () => {
  server = await startTestServer();
  staff = await createStaffAccount(server.databaseUrl, 'hours-editor', {}, 'staff');
});

test.afterAll(async () => {
  await server?.stop();
});

const logIn = (page: Page) =>
  logInToSection(page, server.url, staff, { link: 'Orari e dati', path: '/dashboard/hours' });

/** Tomorrow's date in Rome, as a date input holds it. */
function tomorrowInRome(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

test('staff close tomorrow and open Mondays late, at 390 px', async ({
  page,
  request,
  consoleErrors: _consoleErrors,
}) => {
  await logIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Orari e chiusure' })).toBeVisible();
  const monday = page.getByRole('group', { name: 'Lunedì', exact: true });
  await expect(monday.getByText('Chiuso')).toBeVisible();
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);

  // Monday 19:00–01:00: after midnight, said as such.
  await monday.getByRole('button', { name: 'Aggiungi un orario a Lunedì' }).click();
  await monday.getByLabel('Apre alle').fill('19:00');
  await monday.getByLabel('Chiude alle').fill('01:00');
  await expect(monday.getByText('Chiude dopo mezzanotte, la notte dopo.')).toBeVisible();

  // Tomorrow closed, with a note; the preview of tomorrow says so before saving.
  const tomorrow = tomorrowInRome();
  await page.getByRole('button', { name: 'Aggiungi chiusura' }).click();
  await page.getByLabel('Chiuso dal').last().fill(tomorrow);
  await page.getByLabel('Nota per i visitatori').last().fill('Inventario');
  await page.getByLabel('In una data a scelta').fill(tomorrow);
  // The sentence visitors will read that day: closed, the note, the reopening.
  await expect(page.getByText(/^Chiuso oggi: Inventario\. Riapriamo /)).toBeVisible();

  await page.getByRole('button', { name: 'Salva orari' }).click();
  await expect(toast(page, 'Orari salvati: il sito li mostra già.')).toBeVisible();
  await expect(page.getByText('Modifiche non salvate.')).toBeHidden();

  const saved = (await (await request.get(`${server.url}/api/opening-hours`)).json()) as {
    weekly: { day: number; ranges: { open: string; close: string }[] }[];
    closures: { from: string; to: string; note: string | null }[];
  };
  expect(saved.weekly.find((entry) => entry.day === 1)?.ranges).toEqual([
    { open: '19:00', close: '01:00' },
  ]);
  expect(saved.closures).toContainEqual({ from: tomorrow, to: tomorrow, note: 'Inventario' });
});
