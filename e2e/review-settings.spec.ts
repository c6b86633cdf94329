import { axeViolations } from './support/axe.ts';
import { test, expect, toast } from './fixtures.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import {
  createStaffAccount,
  logInThroughApi,
  logInToSection,
  type StaffAccount,
} from './support/staff.ts';

// The owner turns review requests on from a 390 px phone, in Italian
// (CONTRACT.md part four, "Guests"): an http link is refused with the
// Italian message under the field, an https one is saved and stays.
// A server of its own, on a fresh database of the project's kind.

const PHONE = { width: 390, height: 844 };
const REVIEW_URL = 'https://g.page/r/CabcDEF123/review';
let server: TestServer;
let owner: StaffAccount;

test.use({ viewport: PHONE });

test.beforeAll(async () => {
  server = await startTestServer();
  owner = await createStaffAccount(server.databaseUrl, 'reviews-owner', {}, 'owner');
});

test.afterAll(async () => {
  await server?.stop();
});

test('the owner turns review requests on with an https link', async ({
  page,
  request,
  consoleErrors: _consoleErrors,
}) => {
  await logInToSection(page, server.url, owner, {
    link: 'Prenotazioni',
    path: '/dashboard/reservations',
  });
  const reviews = page.getByRole('group', { name: 'Richieste di recensione' });
  await reviews.scrollIntoViewIfNeeded();
  const toggle = reviews.getByRole('switch', {
    name: 'Invia una richiesta di recensione la mattina dopo la visita',
  });
  await expect(toggle).not.toBeChecked();
  await expect(reviews.getByText(/«Chiedi recensioni»/)).toBeVisible();
  await toggle.check();
  const link = reviews.getByLabel('Link per le recensioni (https)');
  await link.fill('http://g.page/r/CabcDEF123/review');
  await page.getByRole('button', { name: 'Salva impostazioni' }).click();
  await expect(
    reviews.getByText(/^Link per le recensioni: un indirizzo web che inizia con https:\/\//),
  ).toBeVisible();
  await expect(link).toHaveAttribute('aria-invalid', 'true');

  await link.fill(REVIEW_URL);
  await page.getByRole('button', { name: 'Salva impostazioni' }).click();
  await expect(toast(page, 'Impostazioni salvate: valgono da subito.')).toBeVisible();
  await expect(page.getByText('Modifiche non salvate.')).toBeHidden();
  // Nothing wider than the phone, and nothing an assistive technology would trip on.
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);

  // Saved: read again after a reload, and by the API.
  await page.reload();
  const again = page.getByRole('group', { name: 'Richieste di recensione' });
  await expect(again.getByRole('switch')).toBeChecked();
  await expect(again.getByLabel('Link per le recensioni (https)')).toHaveValue(REVIEW_URL);
  const { token } = await logInThroughApi(request, owner, server.url);
  const settings = await request.get(`${server.url}/api/reservations/settings`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(await settings.json()).toMatchObject({ reviews: { enabled: true, url: REVIEW_URL } });
});
