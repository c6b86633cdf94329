import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { test, expect, toast } from './fixtures.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { createStaffAccount, logInToSection, type StaffAccount } from './support/staff.ts';
import { startFakeDeepL, type FakeTranslator } from '../src/server/testing/fake-translators.ts';

// The opening hours edited from a 390 px phone, in Italian: a closure for
// tomorrow with a note, a Monday opened until after midnight; the preview
// follows the typing, the API the saving; then that note's English corrected
// in the review of its translations, and given back to the machine. A server
// of its own, with a fake DeepL.

const PHONE = { width: 390, height: 844 };
let server: TestServer;
let staff: StaffAccount;
let deepl: FakeTranslator;

test.describe.configure({ mode: 'serial' });
test.use({ viewport: PHONE });

test.beforeAll(async () => {
  deepl = await startFakeDeepL('hours-key');
  server = await startTestServer({ DEEPL_API_KEY: 'hours-key', DEEPL_SERVER_URL: deepl.url });
  staff = await createStaffAccount(server.databaseUrl, 'hours-editor', {}, 'staff');
});

test.afterAll(async () => {
  await server?.stop();
  await deepl?.close();
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

test("staff correct the note's English in the review, and give it back to the machine, at 390 px", async ({
  page,
  request,
  consoleErrors: _consoleErrors,
}) => {
  const tomorrow = tomorrowInRome();
  const englishNote = async () =>
    (
      (await (await request.get(`${server.url}/api/opening-hours?lang=en`)).json()) as {
        closures: { from: string; note: string | null }[];
      }
    ).closures.find((closure) => closure.from === tomorrow)?.note;
  await expect.poll(englishNote).toBe('[EN-GB] Inventario');

  await logIn(page);
  const review = page.getByRole('region', { name: 'Traduzioni delle note di chiusura' });
  await review.getByRole('button', { name: /^Inglese/ }).click();
  const english = review.getByRole('group', { name: 'Correggi la traduzione in inglese' });
  const note = english.getByLabel(
    `Nota della chiusura del ${tomorrow.split('-').reverse().join('/')}`,
  );
  await expect(note).toHaveValue('[EN-GB] Inventario');
  await expect(english.getByText('Inventario', { exact: true })).toBeVisible();
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);

  await note.fill('Closed for stocktaking');
  await review.getByRole('button', { name: 'Salva traduzione' }).click();
  await expect(toast(page, 'Traduzione salvata: il sito la mostra già.')).toBeVisible();
  await expect(review.getByText('Traduzione del personale')).toBeVisible();
  expect(await englishNote()).toBe('Closed for stocktaking');

  await review.getByRole('button', { name: 'Usa la traduzione automatica' }).click();
  await expect(toast(page, 'Ora il sito mostra la traduzione automatica.')).toBeVisible();
  await expect(note).toHaveValue('[EN-GB] Inventario');
  await expect.poll(englishNote).toBe('[EN-GB] Inventario');
});
