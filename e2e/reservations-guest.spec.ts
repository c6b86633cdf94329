import type { Page } from '@playwright/test';
import { test, expect, hydrated, tabTo } from './fixtures.ts';
import { axeViolations } from './support/axe.ts';
import { startSmtpCapture, type ReceivedMail, type SmtpCapture } from './support/smtp.ts';
import { startTestServer, type TestServer } from './support/server.ts';

// The guest's side of table reservations on a 390 px phone, in German: the
// party, the day (Monday closed), the times loaded without a reload, the
// details; the same as plain form posts without JavaScript; a large party
// asked to phone; and the cancel link of the guest's mail, which cancels only
// once its button is pressed. A server of its own, on a fresh database, its
// clock on Tuesday 10 November 2026 in the morning, sending real mail to an
// SMTP peer on loopback.

const PHONE = { width: 390, height: 844 };
const WEDNESDAY = '2026-11-11';
const THURSDAY = '2026-11-12';
const MONDAY = '2026-11-16';
let smtp: SmtpCapture;
let server: TestServer;

test.describe.configure({ mode: 'serial' });
test.use({ viewport: PHONE, locale: 'de-DE' });

test.beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'no-reply@latonnara.example',
    CLOCK_START: '2026-11-10T10:00:00+01:00',
  });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

const guestMail = (to: string, subject: RegExp) =>
  smtp.waitFor((mail) => mail.to.includes(to) && subject.test(mail.subject));

/** The cancel link a guest's mail carries. */
function cancelLinkOf(mail: ReceivedMail): string {
  const link = mail.text.match(/https?:\/\/\S+\/reservations\/cancel\?token=[\w.-]+/)?.[0];
  expect(link, 'the cancel link in the mail').toBeDefined();
  expect(link!.startsWith(`${server.url}/`)).toBe(true);
  return link!;
}

async function fillDetails(page: Page, name: string, email: string) {
  await page.getByLabel('Vor- und Nachname').fill(name);
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Telefon').fill('+49 170 1234567');
  await page.getByLabel('Hinweise für das Restaurant (optional)').fill('Ein Kinderstuhl, bitte');
  await page.getByLabel('Ich habe die Datenschutzerklärung gelesen und akzeptiere sie').check();
}

/** The page is no wider than the phone: nothing to scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `sideways scroll on ${page.url()}`).toBeLessThanOrEqual(0);
}

test('with JavaScript: the times load without a reload, the booking is received', async ({
  page,
  consoleErrors,
}) => {
  await page.goto(`${server.url}/reservations`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tisch reservieren');
  // Survives only as long as the document does.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/reservations/availability')) asked.push(request.url());
  });

  await page.getByLabel('Personen').selectOption('2');
  await page.getByLabel('Tag', { exact: true }).selectOption(WEDNESDAY);
  const time = page.getByLabel('Uhrzeit');
  await expect(time.getByRole('option', { name: '20:00' })).toBeAttached();
  expect(asked).toEqual([`${server.url}/api/reservations/availability?date=${WEDNESDAY}&party=2`]);
  await expect(page.getByRole('status')).toContainText('Uhrzeiten verfügbar');
  await expect(page.getByText('Tisch für 2 Personen, Mittwoch, 11. November')).toBeVisible();
  await expectNoSidewaysScroll(page);

  // The page's own checks speak first, in German, the focus on the first field to fix.
  await page.getByRole('button', { name: 'Reservierung senden' }).click();
  await expect(page.getByText('Bitte wählen Sie eine Uhrzeit.')).toBeVisible();
  await expect(time).toBeFocused();

  await time.selectOption('20:00');
  await fillDetails(page, 'Lena Schmidt', 'lena@example.de');
  await page.getByRole('button', { name: 'Reservierung senden' }).click();
  const received = page.getByRole('heading', { name: 'Anfrage erhalten' });
  await expect(received).toBeFocused();
  await expect(
    page.getByText(
      'Vielen Dank, Lena Schmidt! Wir haben Ihre Anfrage für einen Tisch für 2 Personen am Mittwoch, 11. November um 20:00 Uhr erhalten.',
      { exact: false },
    ),
  ).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
  ).toBe(true);

  const mail = await guestMail('lena@example.de', /Reservierungsanfrage erhalten/);
  expect(mail.text).toContain('Lena Schmidt');
  cancelLinkOf(mail);
  expect(consoleErrors).toEqual([]);
});

test('Monday is closed, and a large party is asked to phone', async ({ page }) => {
  await page.goto(`${server.url}/reservations`);
  await hydrated(page);
  const monday = page.getByLabel('Tag', { exact: true }).locator(`option[value="${MONDAY}"]`);
  await expect(monday).toHaveText('Montag, 16. November (geschlossen)');
  await expect(monday).toBeDisabled();
  await expect(
    page.getByLabel('Tag', { exact: true }).locator(`option[value="${WEDNESDAY}"]`),
  ).toBeEnabled();

  await page.getByLabel('Personen').selectOption({ label: 'Mehr als 8 Personen' });
  await expect(page.getByText(/Für Gruppen mit mehr als 8 Personen/)).toBeVisible();
  await expect(page.getByRole('link', { name: /^Anrufen: / })).toHaveAttribute(
    'href',
    /^tel:\+\d+$/,
  );
  await expect(page.getByLabel('Tag', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Uhrzeit')).toHaveCount(0);
});

test('axe finds nothing: the choice, the details with their errors, the phone request', async ({
  page,
}) => {
  await page.goto(`${server.url}/reservations`);
  await hydrated(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('Personen').selectOption('4');
  await page.getByLabel('Tag', { exact: true }).selectOption(THURSDAY);
  await expect(page.getByLabel('Uhrzeit').getByRole('option', { name: '19:30' })).toBeAttached();
  await page.getByRole('button', { name: 'Reservierung senden' }).click();
  await expect(page.getByText('Bitte geben Sie Ihren Namen ein.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('Personen').selectOption('9');
  await expect(page.getByRole('link', { name: /^Anrufen: / })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('keyboard only: choose, fill in and send', async ({ page }) => {
  await page.goto(`${server.url}/reservations`);
  await hydrated(page);
  await tabTo(page, page.getByLabel('Personen'));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('Personen')).toHaveValue('2');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Tag', { exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown'); // today, Tuesday
  await page.keyboard.press('ArrowDown'); // Wednesday
  await expect(page.getByLabel('Tag', { exact: true })).toHaveValue(WEDNESDAY);
  const time = page.getByLabel('Uhrzeit');
  await expect(time.getByRole('option', { name: '12:00' })).toBeAttached();
  await tabTo(page, time, 3);
  await page.keyboard.press('ArrowDown');
  await expect(time).toHaveValue('12:00');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Mia Wagner');
  await page.keyboard.press('Tab');
  await page.keyboard.type('mia@example.de');
  await page.keyboard.press('Tab');
  await page.keyboard.type('0151 2345678');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Hinweise für das Restaurant (optional)')).toBeFocused();
  await page.keyboard.press('Tab'); // past the hidden honeypot
  await expect(
    page.getByLabel('Ich habe die Datenschutzerklärung gelesen und akzeptiere sie'),
  ).toBeFocused();
  await page.keyboard.press('Space');
  // Past the privacy policy's link and the link to what we keep (/privacy).
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Was wir speichern und wie lange' }),
  ).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Reservierung senden' }), 2);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Anfrage erhalten' })).toBeFocused();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the choice and the booking are plain form posts', async ({ page }) => {
    await page.goto(`${server.url}/reservations?lng=de`);
    await page.getByLabel('Personen').selectOption('3');
    await page.getByLabel('Tag', { exact: true }).selectOption(THURSDAY);
    await page.getByRole('button', { name: 'Uhrzeiten anzeigen' }).click();
    await expect(page).toHaveURL(/\/reservations\?lng=de&party=3&date=2026-11-12$/);
    await expect(page.getByLabel('Personen')).toHaveValue('3');
    await page.getByLabel('Uhrzeit').selectOption('13:00');
    await fillDetails(page, 'Jonas Weber', 'jonas@example.de');
    await page.getByLabel('Telefon').fill('12');
    // The browser's own checks pass ("12" is a phone to it); the server's do not.
    await page.getByRole('button', { name: 'Reservierung senden' }).click();
    await expect(
      page.getByText('Bitte geben Sie eine gültige Telefonnummer ein (6 bis 20 Ziffern).'),
    ).toBeVisible();
    await expect(page.getByLabel('Telefon')).toBeFocused();
    await expect(page.getByLabel('Vor- und Nachname')).toHaveValue('Jonas Weber');
    await expect(page.getByLabel('Uhrzeit')).toHaveValue('13:00');

    await page.getByLabel('Telefon').fill('+49 170 7654321');
    await page.getByRole('button', { name: 'Reservierung senden' }).click();
    await expect(page.getByRole('heading', { name: 'Anfrage erhalten' })).toBeVisible();
    await expect(
      page.getByText('Tisch für 3 Personen am Donnerstag, 12. November um 13:00 Uhr', {
        exact: false,
      }),
    ).toBeVisible();
    await guestMail('jonas@example.de', /Reservierungsanfrage erhalten/);
  });
});

test('the cancel link: opening it changes nothing, the button cancels', async ({
  page,
  consoleErrors,
}) => {
  const mail = await guestMail('lena@example.de', /Reservierungsanfrage erhalten/);
  const link = cancelLinkOf(mail);
  for (let visit = 0; visit < 2; visit += 1) {
    const response = await page.goto(link);
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reservierung stornieren');
    await expect(
      page.getByText(
        'Tisch für 2 Personen auf den Namen Lena Schmidt, am Mittwoch, 11. November um 20:00 Uhr.',
      ),
    ).toBeVisible();
  }
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Meine Reservierung stornieren' }).click();
  await expect(page.getByRole('heading', { name: 'Reservierung storniert' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Meine Reservierung stornieren' })).toHaveCount(0);
  await guestMail('lena@example.de', /Reservierung ist storniert/);
  // The link's page now says so, with nothing to press.
  await page.goto(link);
  await expect(page.getByText('Ihre Reservierung ist storniert.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Meine Reservierung stornieren' })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('a link that does not work says what to do instead', async ({ page }) => {
  await page.goto(`${server.url}/reservations/cancel?token=1.1700000000.forged`);
  await expect(
    page.getByRole('heading', { name: 'Dieser Link ist nicht mehr gültig' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tisch reservieren' }).last()).toHaveAttribute(
    'href',
    '/reservations',
  );
  await expect(page.getByRole('link', { name: /^Anrufen: / })).toHaveAttribute('href', /^tel:/);
});
