import type { Locator, Page } from '@playwright/test';
import { test, expect, hydrated, toast } from './fixtures.ts';
import { axeViolations } from './support/axe.ts';
import { startSmtpCapture, type SmtpCapture } from './support/smtp.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { createStaffAccount, logInToSection, type StaffAccount } from './support/staff.ts';

// The kitchen board from a 390 px phone, in Italian, and the guest on the
// other side: an order placed online appears on the open board without a
// reload and rings (once the sound's toggle is on) until someone opens it; staff
// accept it at a later time; the guest gets the German mail with the new
// time and watches the status page change by itself. The board passes axe
// with an order and the phone order form open, and prints a ticket alone.
// "Rifiuta tutte" declines every order still waiting of one guest at once.
// A server of its own, on a fresh database, its clock on Tuesday 10 November
// 2026 in the morning, sending real mail to an SMTP peer on loopback.

const PHONE = { width: 390, height: 844 };
const TUESDAY = '2026-11-10';
const MARGHERITA = 56;
const DIAVOLA = 58;
const COLA = 113;
let smtp: SmtpCapture;
let server: TestServer;
let owner: StaffAccount;

test.describe.configure({ mode: 'serial' });
test.use({ viewport: PHONE });

test.beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'no-reply@latonnara.example',
    CLOCK_START: '2026-11-10T10:00:00+01:00',
  });
  owner = await createStaffAccount(server.databaseUrl, 'kitchen-owner', {}, 'owner');
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

/**
 * Counts the tones the page starts: every OscillatorNode's start() (the
 * sound itself still plays, or tries to, in headless Chromium).
 */
function countTones(page: Page) {
  return page.addInitScript(() => {
    const counted = window as unknown as { tones: number };
    counted.tones = 0;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...args: Parameters<typeof start>) {
      counted.tones += 1;
      return start.apply(this, args);
    };
  });
}

const tones = (page: Page) => page.evaluate(() => (window as unknown as { tones: number }).tones);

async function openBoard(page: Page) {
  await logInToSection(page, server.url, owner, {
    link: 'Asporto',
    path: '/dashboard/takeaway',
  });
  await page.goto(`${server.url}/dashboard/takeaway?data=${TUESDAY}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Asporto' })).toBeVisible();
  await expect(page.getByText('Nessun ordine per questo giorno.')).toBeVisible();
}

/** An order's card on the board (or within one of its parts). */
const orderCard = (page: Page, name: string, within: Page | Locator = page) =>
  within
    .locator('.takeaway-order')
    .filter({ has: page.locator('.takeaway-order__name', { hasText: name }) });

test('the board rings for a new order, staff open it and accept it later; the guest sees it live', async ({
  page,
  browser,
  request,
}) => {
  // The status page asks every 10 s: seeing it change takes a round.
  test.setTimeout(60_000);
  await countTones(page);
  await openBoard(page);
  const sound = page.getByRole('button', { name: 'Suono', exact: true });
  await sound.click();
  await expect(sound).toHaveAttribute('aria-pressed', 'true');
  expect(await tones(page)).toBe(0);

  // A German guest orders on the site while the board is open.
  const placed = await request.post(`${server.url}/api/takeaway/orders`, {
    data: {
      name: 'Lena Schmidt',
      email: 'lena@example.de',
      phone: '+49 170 1234567',
      lang: 'de',
      pickup: { date: TUESDAY, time: '19:30' },
      items: [
        { id: MARGHERITA, quantity: 2 },
        { id: COLA, quantity: 1 },
      ],
      privacy: true,
    },
  });
  expect(placed.status()).toBe(201);
  const { id } = (await placed.json()) as { id: number };

  // On the board within the 2 s of its polling, without a reload, ringing.
  const newOrders = page.getByRole('region', { name: 'Nuovi ordini' });
  await expect(orderCard(page, 'Lena Schmidt', newOrders)).toBeVisible({
    timeout: 2_000,
  });
  await expect(page.getByText('1 ordine nuovo')).toBeVisible();
  await expect.poll(() => tones(page)).toBeGreaterThanOrEqual(3);

  // The guest follows the order from the mail's link.
  const received = await smtp.waitFor(
    (mail) => mail.to.includes('lena@example.de') && mail.subject.includes(`Nr. ${id} erhalten`),
  );
  const link = received.text.match(/https?:\/\/\S+\/takeaway\/order\?token=[\w.-]+/)?.[0];
  expect(link).toBeDefined();
  const guestContext = await browser.newContext({ viewport: PHONE, locale: 'de-DE' });
  const guest = await guestContext.newPage();
  await guest.goto(link!);
  await hydrated(guest);
  await expect(guest.getByRole('status')).toHaveText(
    'Status: Eingegangen: Die Küche bestätigt sie in Kürze.',
  );
  await expect(guest.getByText('Abholung: Dienstag, 10. November um 19:30 Uhr')).toBeVisible();

  // "Apri" stops the ringing.
  await orderCard(page, 'Lena Schmidt').getByRole('button', { name: 'Apri' }).click();
  await expect(toast(page, 'Ordine di Lena Schmidt aperto.')).toBeVisible();
  await expect(page.getByText('1 ordine nuovo')).toHaveCount(0);
  await expect(newOrders).toHaveCount(0);
  const rung = await tones(page);
  // The bell rings every 4 s while an order waits: one period more proves it stopped.
  await page.waitForTimeout(4_500);
  expect(await tones(page)).toBe(rung);

  // Accepted at a later time, in one tap after choosing it.
  const card = orderCard(page, 'Lena Schmidt');
  await expect(card).toContainText('2 × Margherita');
  await card.getByLabel('Orario di ritiro').selectOption('20:15');
  await card.getByRole('button', { name: 'Accetta alle 20:15' }).click();
  await expect(toast(page, 'Ordine di Lena Schmidt spostato alle 20:15.')).toBeVisible();
  // (The head's time alone: the time field once shared its class, and its big bold type.)
  await expect(card.locator('.takeaway-order__time')).toHaveText('20:15');
  await expect(card).toContainText('Accettato');

  // The guest's German mail says the new time; the open status page follows by itself.
  const accepted = await smtp.waitFor(
    (mail) =>
      mail.to.includes('lena@example.de') && mail.subject.includes(`Nr. ${id} ist bestätigt`),
  );
  expect(accepted.text).toContain('Guten Tag Lena Schmidt,');
  expect(accepted.text).toContain(
    'wir haben Ihre Bestellung zu einer neuen Uhrzeit bestätigt: Sie ist am Dienstag, 10. November 2026 um 20:15 zur Abholung bereit.',
  );
  await expect(guest.getByRole('status')).toHaveText(
    'Status: Angenommen: Die Küche hat sie zur Abholzeit fertig.',
    { timeout: 15_000 },
  );
  await expect(guest.getByText('Abholung: Dienstag, 10. November um 20:15 Uhr')).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Bestellung stornieren' })).toHaveCount(0);
  await guestContext.close();
});

test('axe finds nothing on the board with an order and the phone order form open', async ({
  page,
  request,
}) => {
  const placed = await request.post(`${server.url}/api/takeaway/orders`, {
    data: {
      name: 'Paul Becker',
      email: 'paul@example.de',
      phone: '+49 170 7654321',
      lang: 'de',
      pickup: { date: TUESDAY, time: '20:00' },
      items: [{ id: DIAVOLA, quantity: 1 }],
      notes: 'Gut durchgebacken',
      privacy: true,
    },
  });
  expect(placed.status()).toBe(201);
  await logInToSection(page, server.url, owner, {
    link: 'Asporto',
    path: '/dashboard/takeaway',
  });
  await page.goto(`${server.url}/dashboard/takeaway?data=${TUESDAY}`);
  await expect(orderCard(page, 'Paul Becker')).toBeVisible();
  await page.getByRole('button', { name: 'Ordine telefonico' }).click();
  await expect(page.getByRole('heading', { name: 'Ordine telefonico' })).toBeVisible();
  await expect(page.getByLabel(/^Margherita – /)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('printing shows the kitchen ticket alone', async ({ page }) => {
  // The print dialog would close at once in a headless browser, and the ticket with it.
  await page.addInitScript(() => {
    window.print = () => {};
  });
  await logInToSection(page, server.url, owner, {
    link: 'Asporto',
    path: '/dashboard/takeaway',
  });
  await page.goto(`${server.url}/dashboard/takeaway?data=${TUESDAY}`);
  const card = orderCard(page, 'Paul Becker');
  // Printing is among the card's "Altre azioni", under its next step.
  await card.getByRole('button', { name: 'Altre azioni' }).click();
  await card
    .getByRole('button', { name: "Stampa il biglietto dell'ordine di Paul Becker" })
    .click();
  const ticket = page.getByTestId('kitchen-ticket');
  await expect(ticket).toBeAttached();
  await expect(ticket).toBeHidden(); // on screen, the board

  await page.emulateMedia({ media: 'print' });
  await expect(ticket).toBeVisible();
  await expect(ticket).toContainText('Ritiro 20:00');
  await expect(ticket).toContainText('Paul Becker');
  await expect(ticket).toContainText('1 × Diavola');
  await expect(ticket).toContainText('Note: Gut durchgebacken');
  await expect(ticket).toContainText('Pagamento al ritiro');
  await expect(page.getByRole('heading', { level: 1, name: 'Asporto' })).toBeHidden();
  await expect(card).toBeHidden();
  // Nothing but the ticket takes room on the paper.
  const shown = await page.evaluate(() =>
    [...document.body.children]
      .filter((element) => getComputedStyle(element).display !== 'none')
      .map((element) => element.className),
  );
  expect(shown).toEqual(['kitchen-ticket kitchen-ticket--receipt']);
});

test('"Rifiuta tutte": every order still waiting of one guest declined at once, at 390 px (docs/security.md item 41)', async ({
  page,
  request,
}) => {
  for (const time of ['21:00', '21:15']) {
    const placed = await request.post(`${server.url}/api/takeaway/orders`, {
      data: {
        name: 'Mila Rossi',
        email: 'mila@example.it',
        phone: '+39 333 9876543',
        lang: 'it',
        pickup: { date: TUESDAY, time },
        items: [{ id: MARGHERITA, quantity: 6 }],
        privacy: true,
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
  }
  // A third one of hers is refused: two wait already.
  const third = await request.post(`${server.url}/api/takeaway/orders`, {
    data: {
      name: 'Mila Rossi',
      email: 'MILA+3@example.it',
      phone: '+39 333 000 0000',
      lang: 'it',
      pickup: { date: TUESDAY, time: '21:30' },
      items: [{ id: MARGHERITA, quantity: 6 }],
      privacy: true,
    },
  });
  expect(third.status()).toBe(409);
  expect(((await third.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe(
    'too-many-pending',
  );

  await logInToSection(page, server.url, owner, {
    link: 'Asporto',
    path: '/dashboard/takeaway',
  });
  await page.goto(`${server.url}/dashboard/takeaway?data=${TUESDAY}`);
  const card = orderCard(page, 'Mila Rossi').first();
  await card.getByRole('button', { name: 'Altre azioni' }).click();
  await card
    .getByRole('button', { name: 'Rifiuta tutte le ordinazioni in attesa di questo cliente' })
    .click();
  const asked = card.getByRole('group', {
    name: 'Rifiuta tutte le ordinazioni in attesa di questo cliente',
  });
  await expect(asked.getByRole('radio', { name: 'Con l’email mila@example.it' })).toBeChecked();
  await expect(
    asked.getByRole('radio', { name: 'Dalla stessa connessione internet' }),
  ).toBeVisible();
  await expect(
    asked.getByText(
      'Rifiutare 2 ordinazioni in attesa? Ogni cliente riceve una sola email con l’elenco.',
    ),
  ).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);

  await asked.getByRole('button', { name: 'Sì, rifiuta tutte e 2' }).click();
  await expect(toast(page, '2 ordinazioni rifiutate.')).toBeVisible();
  await expect(orderCard(page, 'Mila Rossi').filter({ hasText: 'Rifiutato' })).not.toHaveCount(0);
  await expect(orderCard(page, 'Mila Rossi').filter({ hasNotText: 'Rifiutato' })).toHaveCount(0);
  const mail = await smtp.waitFor(
    (each) =>
      each.to.includes('mila@example.it') &&
      each.subject.endsWith(': non possiamo preparare i tuoi ordini'),
  );
  expect(mail.text).toContain('purtroppo non possiamo preparare questi ordini:');
});
