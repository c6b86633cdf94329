import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { axeViolations } from './support/axe.ts';
import { freePort } from '../src/server/testing/ports.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { createStaffAccount, logInThroughApi, storeSession } from './support/staff.ts';
import { startSmtpServer } from '../src/server/testing/smtp.ts';

// The staff inbox (/dashboard/messages). Visitors' messages arrive
// through POST /api/contact (as the contact form sends them), each server of
// its own: one with a real SMTP peer on loopback, one whose SMTP is down.

interface Visitor {
  firstName: string;
  lastName: string;
  email: string;
  message: string;
  lang?: string;
}

async function sendMessage(request: APIRequestContext, server: TestServer, visitor: Visitor) {
  const response = await request.post(`${server.url}/api/contact`, {
    data: { ...visitor, privacy: true },
  });
  expect(response.status()).toBe(202);
}

async function openDashboard(page: Page, request: APIRequestContext, server: TestServer) {
  const account = await createStaffAccount(server.databaseUrl, 'inbox');
  const session = await logInThroughApi(request, account, server.url);
  await storeSession(page, session, server.url);
  await page.goto(`${server.url}/dashboard/messages`);
  return session;
}

/** The inbox as the API reports it (to see what the server stored). */
async function inboxOnServer(request: APIRequestContext, server: TestServer, token: string) {
  const response = await request.get(`${server.url}/api/contact-messages`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { messages: { id: number; read: boolean }[] }).messages;
}

const inbox = (page: Page) => page.getByRole('region', { name: /^Messaggi/ });
const messages = (page: Page) =>
  inbox(page).getByRole('list', { name: 'Messaggi ricevuti' }).getByRole('listitem');

test.describe('with a working SMTP peer', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let server: TestServer;

  test.beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({ SMTP_URL: smtp.url });
  });
  test.afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  test('newest first, unread marked; opening one reads it in full and marks it read', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const giulia: Visitor = {
      firstName: 'Giulia',
      lastName: 'Bianchi',
      email: 'giulia.bianchi@example.test',
      message: 'Avete un tavolo per sabato? <b>Grazie</b>',
      lang: 'it',
    };
    const hans: Visitor = {
      firstName: 'Hans',
      lastName: 'Müller',
      email: 'hans.mueller@example.test',
      message: 'Guten Tag,\nwir sind vier Personen.\n\nHaben Sie am Sonntag Platz?',
      lang: 'de',
    };
    await sendMessage(request, server, giulia);
    await sendMessage(request, server, hans);
    await smtp.waitFor(2);

    const session = await openDashboard(page, request, server);
    await expect
      .poll(async () => (await inboxOnServer(request, server, session.token)).length)
      .toBe(2);
    await expect(inbox(page).getByRole('heading', { level: 1 })).toHaveText('Messaggi 2 nuovi');
    await expect(messages(page)).toHaveCount(2);
    const [first, second] = [messages(page).nth(0), messages(page).nth(1)];
    await expect(first).toContainText('Hans Müller');
    await expect(second).toContainText('Giulia Bianchi');
    for (const row of [first, second]) {
      await expect(row.getByText('Nuovo', { exact: true })).toBeVisible();
      await expect(row.locator('.staff-message__name')).toHaveCSS('font-weight', '800');
    }
    // The mails reached the SMTP peer: "Inviato" (after a reload if the list was older).
    await expect(async () => {
      await inbox(page).getByRole('button', { name: 'Ricarica' }).click();
      await expect(first.getByText('Inviato', { exact: true })).toBeVisible({ timeout: 1000 });
      await expect(second.getByText('Inviato', { exact: true })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    expect(await axeViolations(page)).toEqual([]);

    // Open Hans's message (keyboard: Enter on the focused button).
    const toggle = first.getByRole('button', { name: /^Hans Müller/ });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const text = first.locator('.staff-message__text');
    expect(await text.evaluate((element) => element.textContent)).toBe(hans.message);
    expect(await text.evaluate((element) => (element as HTMLElement).innerText)).toBe(hans.message);
    await expect(text).toHaveAttribute('lang', 'de');
    await expect(first.getByText(hans.email, { exact: true })).toBeVisible();
    await expect(first.getByText('Tedesco', { exact: true })).toBeVisible();
    await expect(first.locator('.staff-message__details time')).toHaveText(
      /^(lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica) \d{1,2} \w+ \d{4} alle ore \d{2}:\d{2}$/,
    );
    const reply = first.getByRole('link', { name: 'Rispondi via email' });
    await expect(reply).toHaveAttribute(
      'href',
      'mailto:hans.mueller@example.test?subject=Re%3A%20il%20tuo%20messaggio%20a%20Trattoria%20La%20Tonnara&body=Gentile%20Hans%2C%0D%0A%0D%0A',
    );

    // Read now: on screen and on the server.
    await expect(first.getByText('Nuovo', { exact: true })).toBeHidden();
    await expect(inbox(page).getByRole('heading', { level: 1 })).toHaveText('Messaggi 1 nuovo');
    await expect
      .poll(async () => (await inboxOnServer(request, server, session.token))[0]!.read)
      .toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // Back to unread.
    await first.getByRole('button', { name: 'Segna come da leggere' }).click();
    await expect(first.getByText('Nuovo', { exact: true })).toBeVisible();
    await expect(inbox(page).getByRole('heading', { level: 1 })).toHaveText('Messaggi 2 nuovi');
    await expect
      .poll(async () => (await inboxOnServer(request, server, session.token))[0]!.read)
      .toBe(false);
    await first.getByRole('button', { name: 'Segna come letto' }).click();
    await expect(first.getByText('Nuovo', { exact: true })).toBeHidden();

    // Giulia's message is text: the tags show as she typed them.
    await second.getByRole('button', { name: /^Giulia Bianchi/ }).click();
    await expect(second.locator('.staff-message__text')).toHaveText(giulia.message);
    await expect(second.locator('.staff-message__text b')).toHaveCount(0);

    // Survives a reload: what is read stays read.
    await page.reload();
    await expect(inbox(page).getByRole('heading', { level: 1 })).toHaveText('Messaggi');
    await expect(messages(page).getByText('Nuovo', { exact: true })).toHaveCount(0);
  });
});

test.describe('with the SMTP server down', () => {
  let server: TestServer;

  test.beforeAll(async () => {
    // A port nobody listens on: every delivery attempt is refused.
    server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('the message waits in the outbox: "In attesa di invio", with the last error', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    await sendMessage(request, server, {
      firstName: 'Marie',
      lastName: 'Dupont',
      email: 'marie.dupont@example.test',
      message: 'Bonjour, êtes-vous ouverts le lundi ?',
      lang: 'fr',
    });
    await openDashboard(page, request, server);
    const row = messages(page).first();
    await expect(row).toContainText('Marie Dupont');
    await expect(row.getByText('Nuovo', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: /^Marie Dupont/ }).click();
    await expect(row.getByText('Francese', { exact: true })).toBeVisible();
    await expect(async () => {
      await inbox(page).getByRole('button', { name: 'Ricarica' }).click();
      await expect(row.locator('.staff-message__details .staff-delivery')).toHaveText(
        /^In attesa di invio \(tentativi: [1-9]\d*\)$/,
        { timeout: 1000 },
      );
      await expect(row.getByText(/^Ultimo errore: .+/)).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    expect(await axeViolations(page)).toEqual([]);
  });
});
