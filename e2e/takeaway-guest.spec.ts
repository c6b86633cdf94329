import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, hydrated } from './fixtures.ts';
import { axeViolations } from './support/axe.ts';
import { startSmtpCapture, type ReceivedMail, type SmtpCapture } from './support/smtp.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { createStaffAccount, logInThroughApi } from './support/staff.ts';

// The guest's side of takeaway on a 390 px phone, in German: two pizzas and
// a drink ordered with JavaScript (the basket and its it-IT total follow
// every change, the pickup times load in place, the basket survives a
// reload) and without it (plain form posts all the way); the confirmation
// with the lines, the time, the total and "pay at pickup"; a sold-out dish
// that cannot be ordered, also when staff mark it while the page is open;
// the status link's page and cancelling from it. A server of its own, on a
// fresh database, its clock on Tuesday 10 November 2026 in the morning,
// sending real mail to an SMTP peer on loopback.

const PHONE = { width: 390, height: 844 };
const WEDNESDAY = '2026-11-11';
const THURSDAY = '2026-11-12';
/** Seeded dishes (migration 008): two pizzas, a bottled water, and pizzas staff sell out. */
const MARGHERITA = 56;
const SPARKLING_WATER = 110;
const DIAVOLA = 58;
const CAPRICCIOSA = 60;
/**
 * The order's lines as the confirmation shows them: an order keeps each
 * dish's name as the menu had it when ordered (its Italian name, as the
 * kitchen reads it), so the water is not named in German here.
 */
const ORDERED_LINES = ['2 × Margherita13,00 €', /^1\s×\s.+\s1\sl2,50\s€$/];
let smtp: SmtpCapture;
let server: TestServer;
let staffToken: string;

test.describe.configure({ mode: 'serial' });
test.use({ viewport: PHONE, locale: 'de-DE' });

test.beforeAll(async ({ request }) => {
  smtp = await startSmtpCapture();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'no-reply@latonnara.example',
    CLOCK_START: '2026-11-10T10:00:00+01:00',
  });
  const owner = await createStaffAccount(server.databaseUrl, 'takeaway-owner', {}, 'owner');
  staffToken = (await logInThroughApi(request, owner, server.url)).token;
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

const guestMail = (to: string, subject: RegExp) =>
  smtp.waitFor((mail) => mail.to.includes(to) && subject.test(mail.subject));

/** The status link a guest's "received" mail carries. */
function statusLinkOf(mail: ReceivedMail): string {
  const link = mail.text.match(/https?:\/\/\S+\/takeaway\/order\?token=[\w.-]+/)?.[0];
  expect(link, 'the status link in the mail').toBeDefined();
  expect(link!.startsWith(`${server.url}/`)).toBe(true);
  return link!;
}

/** Staff mark a dish sold out (or back on sale), as the menu editor does. */
async function setAvailable(request: APIRequestContext, id: number, available: boolean) {
  const answer = await request.patch(`${server.url}/api/menu/items/${id}`, {
    headers: { Authorization: `Bearer ${staffToken}` },
    data: { available },
  });
  expect(answer.status()).toBe(200);
}

/**
 * Each guest with a phone of their own: one e-mail or phone holds at most two
 * orders waiting for the kitchen (docs/security.md item 41), and these
 * guests' orders stay waiting.
 */
async function fillDetails(page: Page, name: string, email: string, phone: string) {
  await page.getByLabel('Vor- und Nachname').fill(name);
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Telefon').fill(phone);
  await page.getByLabel('Ich habe die Datenschutzerklärung gelesen und akzeptiere sie').check();
}

/** The page is no wider than the phone: nothing to scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `sideways scroll on ${page.url()}`).toBeLessThanOrEqual(0);
}

const basket = (page: Page) => page.getByRole('region', { name: 'Ihre Bestellung' });

test('with JavaScript: the basket and its total follow, the times load, a reload keeps the basket', async ({
  page,
  consoleErrors,
}) => {
  await page.goto(`${server.url}/takeaway`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zum Mitnehmen bestellen');
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/takeaway/slots')) asked.push(request.url());
  });

  await page.getByLabel('Margherita, Menge').fill('2');
  await page.getByLabel('Mineralwasser mit Kohlensäure 1 l, Menge').fill('1');
  await expect(basket(page).getByRole('listitem')).toHaveText([
    '2 × Margherita13,00 €',
    '1 × Mineralwasser mit Kohlensäure 1 l2,50 €',
  ]);
  await expect(basket(page).locator('.takeaway-total')).toHaveText('Summe 15,50 €');

  // A reload keeps the basket (not the day): it waits in the browser.
  await page.reload();
  await hydrated(page);
  await expect(page.getByLabel('Margherita, Menge')).toHaveValue('2');
  await expect(basket(page).locator('.takeaway-total')).toHaveText('Summe 15,50 €');

  await page.getByLabel('Tag', { exact: true }).selectOption(WEDNESDAY);
  const time = page.getByLabel('Abholzeit');
  await expect(time.getByRole('option', { name: '19:30' })).toBeAttached();
  expect(asked).toEqual([
    `${server.url}/api/takeaway/slots?date=${WEDNESDAY}&items=${MARGHERITA}*2%2C${SPARKLING_WATER}*1`,
  ]);
  await expect(page.locator('#takeaway-time-status')).toHaveText(
    '32 Abholzeiten passen zu Ihrer Bestellung',
  );
  await expectNoSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);

  // The page's own checks first: a time, then the details.
  await page.getByRole('button', { name: 'Bestellung absenden' }).click();
  await expect(page.getByText('Bitte geben Sie Ihren Namen ein.')).toBeVisible();
  await time.selectOption('19:30');
  await fillDetails(page, 'Lena Schmidt', 'lena@example.de', '+49 170 1234567');
  await page.getByRole('button', { name: 'Bestellung absenden' }).click();

  const done = page.getByRole('heading', { name: 'Bestellung erhalten' });
  await expect(done).toBeFocused();
  const confirmation = page.getByRole('region', { name: 'Bestellung erhalten' });
  await expect(confirmation).toContainText(
    'Danke, Lena Schmidt! Wir haben Ihre Bestellung für Mittwoch, 11. November um 19:30 Uhr erhalten.',
  );
  await expect(confirmation).toContainText('Abholung: Mittwoch, 11. November um 19:30 Uhr');
  await expect(confirmation.getByRole('listitem')).toHaveText(ORDERED_LINES);
  await expect(confirmation.locator('.takeaway-total')).toHaveText('Summe 15,50 €');
  await expect(confirmation).toContainText('Bezahlung bei Abholung.');
  expect(await axeViolations(page)).toEqual([]);
  // Ordered: the basket is spent.
  expect(await page.evaluate(() => localStorage.getItem('takeaway-basket'))).toBeNull();

  const mail = await guestMail('lena@example.de', /Bestellung zum Mitnehmen Nr\. \d+ erhalten/);
  expect(mail.text).toContain('Guten Tag Lena Schmidt,');
  // Intl writes a no-break space before the euro sign.
  expect(mail.text).toMatch(/2 × Margherita – 6,50\s€/);
  expect(mail.text).toMatch(/Summe: 15,50\s€/);
  expect(mail.text).toContain('Abholung: Mittwoch, 11. November 2026 um 19:30');
  statusLinkOf(mail);
  expect(consoleErrors).toEqual([]);
});

/** What Playwright's box says of an element on screen. */
type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR ?? 'test-results/screenshots';
  await page.screenshot({ path: `${dir}/takeaway-${name}.png` });
}

test('on a phone: + near the top, the bar with the count and the total, one tap to the pickup step', async ({
  page,
  consoleErrors,
}) => {
  await page.goto(`${server.url}/takeaway`);
  await hydrated(page);
  // The row of section links, each named as its section's heading, stays at the top.
  const row = page.getByRole('navigation', { name: 'Bereiche der Speisekarte' });
  await expect(row).toBeInViewport();
  const headings = await page.locator('.takeaway-section h2').allTextContents();
  await expect(row.getByRole('link')).toHaveText(headings);

  // Two of the first dish, with +: no scrolling to see the basket.
  const add = page.getByRole('button', {
    name: 'Gemischte Arancine (sizilianische Reisbällchen) hinzufügen',
  });
  await expect(add).toBeInViewport();
  await add.click();
  await add.click();
  await expect(
    page.getByLabel('Gemischte Arancine (sizilianische Reisbällchen), Menge'),
  ).toHaveValue('2');
  const bar = page.getByRole('link', { name: /Gerichte/ });
  await expect(bar).toHaveText(/^2 Gerichte\s16,00\s€\sAbholung wählen$/);
  await expect(bar).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(PHONE.height);
  const barBox = (await bar.boundingBox())!;
  expect(barBox.y + barBox.height).toBeLessThanOrEqual(PHONE.height);
  expect(barBox.y).toBeGreaterThan(PHONE.height - 100);
  // The language control never covers it.
  expect(overlaps(barBox, (await page.locator('.language-select').boundingBox())!)).toBe(false);
  await screenshot(page, 'phone-bar');

  // Deep in the list, the row is still there; one tap on the bar reaches the pickup step.
  await page.mouse.wheel(0, 4000);
  await expect(row).toBeInViewport();
  await expect(bar).toBeInViewport();
  await bar.click();
  await expect(page).toHaveURL(/#takeaway-pickup$/);
  const day = page.getByLabel('Tag', { exact: true });
  await expect(page.getByRole('heading', { name: 'Abholtag' })).toBeInViewport();
  await expect(day).toBeInViewport();
  await screenshot(page, 'phone-pickup');
  expect(await axeViolations(page)).toEqual([]);

  await day.selectOption(THURSDAY);
  const time = page.getByLabel('Abholzeit');
  await expect(time.getByRole('option', { name: '19:45' })).toBeAttached();
  await time.selectOption('19:45');
  await fillDetails(page, 'Sophie Braun', 'sophie@example.de', '+49 170 4567890');
  await page.getByRole('button', { name: 'Bestellung absenden' }).click();
  const confirmation = page.getByRole('region', { name: 'Bestellung erhalten' });
  await expect(confirmation).toContainText('Abholung: Donnerstag, 12. November um 19:45 Uhr');
  await expect(confirmation.getByRole('listitem')).toHaveText([
    '2 × Gemischte Arancine (sizilianische Reisbällchen)16,00 €',
  ]);
  await expect(bar).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  expect(consoleErrors).toEqual([]);
});

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the basket and the pickup step sit beside the list and follow the scroll; no bar', async ({
    page,
  }) => {
    await page.goto(`${server.url}/takeaway`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Margherita hinzufügen' }).click();
    await page
      .getByRole('button', { name: 'Mineralwasser mit Kohlensäure 1 l hinzufügen' })
      .click();
    const list = (await page.locator('.takeaway-dishes').boundingBox())!;
    const side = page.locator('.takeaway-side');
    expect((await side.boundingBox())!.x).toBeGreaterThanOrEqual(list.x + list.width);
    await expect(page.getByRole('link', { name: /Gericht/ })).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'desktop-top');

    // Halfway down the list (the wheel over the list), the basket and the day are still in sight.
    await page.mouse.move(300, 400);
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(2000);
    await expect(basket(page).locator('.takeaway-total')).toBeInViewport();
    await expect(basket(page).locator('.takeaway-total')).toHaveText('Summe 9,00 €');
    await expect(page.getByLabel('Tag', { exact: true })).toBeInViewport();
    await screenshot(page, 'desktop-scrolled');
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the dishes, the day, the time and the order are plain form posts', async ({ page }) => {
    await page.goto(`${server.url}/takeaway?lng=de`);
    await page.getByLabel('Margherita, Menge').fill('2');
    await page.getByLabel('Mineralwasser mit Kohlensäure 1 l, Menge').fill('1');
    await page.getByLabel('Tag', { exact: true }).selectOption(THURSDAY);
    await page.getByRole('button', { name: 'Abholzeiten anzeigen' }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]date=${THURSDAY}`));
    await expect(page.getByLabel('Margherita, Menge')).toHaveValue('2');
    await expect(basket(page).locator('.takeaway-total')).toHaveText('Summe 15,50 €');
    // The bar needs JavaScript; the basket above the pickup step says it all.
    await expect(page.locator('.takeaway-bar')).toHaveCount(0);

    await page.getByLabel('Abholzeit').selectOption('20:00');
    await fillDetails(page, 'Jonas Weber', 'jonas@example.de', '+49 170 2345678');
    await page.getByRole('button', { name: 'Bestellung absenden' }).click();
    const confirmation = page.getByRole('region', { name: 'Bestellung erhalten' });
    await expect(confirmation).toContainText('Abholung: Donnerstag, 12. November um 20:00 Uhr');
    await expect(confirmation.getByRole('listitem')).toHaveText(ORDERED_LINES);
    await expect(confirmation.locator('.takeaway-total')).toHaveText('Summe 15,50 €');
    await expect(confirmation).toContainText('Bezahlung bei Abholung.');
    await guestMail('jonas@example.de', /Bestellung zum Mitnehmen Nr\. \d+ erhalten/);
  });
});

test('a sold-out dish is shown as such and cannot be ordered', async ({ page, request }) => {
  await setAvailable(request, DIAVOLA, false);
  try {
    await page.goto(`${server.url}/takeaway`);
    await hydrated(page);
    const diavola = page.locator('.takeaway-dish').filter({ hasText: 'Diavola' });
    await expect(diavola).toContainText('Ausverkauft');
    await expect(diavola.getByRole('spinbutton')).toHaveCount(0);
    await expect(page.getByLabel('Diavola, Menge')).toHaveCount(0);
    // Nor through the address a basket travels in.
    await page.goto(`${server.url}/takeaway?q-${DIAVOLA}-0=2&date=${WEDNESDAY}`);
    await hydrated(page);
    await expect(basket(page)).toContainText(
      'Ihre Bestellung ist leer: Bitte wählen Sie mindestens ein Gericht.',
    );
  } finally {
    await setAvailable(request, DIAVOLA, true);
  }
});

test('a dish sold out while the page was open is refused, in German', async ({ page, request }) => {
  await page.goto(`${server.url}/takeaway`);
  await hydrated(page);
  await page.getByLabel('Capricciosa, Menge').fill('1');
  await page.getByLabel('Mineralwasser mit Kohlensäure 1 l, Menge').fill('1');
  await page.getByLabel('Tag', { exact: true }).selectOption(WEDNESDAY);
  await page.getByLabel('Abholzeit').selectOption('20:15');
  await fillDetails(page, 'Mia Wagner', 'mia@example.de', '+49 170 3456789');

  await setAvailable(request, CAPRICCIOSA, false);
  try {
    // (The refusal's 409 is in the console as a failed resource: no console check here.)
    await page.getByRole('button', { name: 'Bestellung absenden' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Ihre Bestellung wurde nicht gesendet');
    await expect(alert).toContainText(
      'Diese Gerichte können nicht mehr bestellt werden: Capricciosa. Bitte entfernen Sie sie aus Ihrer Bestellung.',
    );
    await expect(page.getByRole('heading', { name: 'Bestellung erhalten' })).toHaveCount(0);
    // The page reloads its dishes: the Capricciosa is sold out now, out of the basket.
    const capricciosa = page.locator('.takeaway-dish').filter({ hasText: 'Capricciosa' });
    await expect(capricciosa).toContainText('Ausverkauft');
    await expect(capricciosa.getByRole('spinbutton')).toHaveCount(0);
    // What was typed is kept: without the dish, the order goes through.
    await expect(page.getByLabel('Vor- und Nachname')).toHaveValue('Mia Wagner');
    await page.getByRole('button', { name: 'Bestellung absenden' }).click();
    const confirmation = page.getByRole('region', { name: 'Bestellung erhalten' });
    await expect(confirmation.getByRole('listitem')).toHaveText([ORDERED_LINES[1]!]);
  } finally {
    await setAvailable(request, CAPRICCIOSA, true);
  }
});

test('the status link shows the order, and the guest can cancel it while it is received', async ({
  page,
  request,
  consoleErrors,
}) => {
  const placed = await request.post(`${server.url}/api/takeaway/orders`, {
    data: {
      name: 'Paul Becker',
      email: 'paul@example.de',
      phone: '+49 170 7654321',
      lang: 'de',
      pickup: { date: WEDNESDAY, time: '21:00' },
      items: [{ id: MARGHERITA, quantity: 1 }],
      privacy: true,
    },
  });
  expect(placed.status()).toBe(201);
  const link = statusLinkOf(
    await guestMail('paul@example.de', /Bestellung zum Mitnehmen Nr\. \d+ erhalten/),
  );

  const response = await page.goto(link);
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  expect(response?.headers()['cache-control']).toBe('no-store');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ihre Bestellung zum Mitnehmen');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByRole('status')).toHaveText(
    'Status: Eingegangen: Die Küche bestätigt sie in Kürze.',
  );
  await expect(page.getByText('Abholung: Mittwoch, 11. November um 21:00 Uhr')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Bestellung stornieren' }).click();
  await expect(page.getByRole('status')).toHaveText('Status: Storniert.');
  await expect(page.getByRole('button', { name: 'Bestellung stornieren' })).toHaveCount(0);
  await guestMail('paul@example.de', /Bestellung Nr\. \d+ ist storniert/);
  expect(consoleErrors).toEqual([]);
});

test('a link that leads to no order says so', async ({ page }) => {
  await page.goto(`${server.url}/takeaway/order?token=1.1700000000.forged`);
  await expect(page.getByRole('heading', { name: 'Dieser Link ist nicht gültig' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
