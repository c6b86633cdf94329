import type { Page } from '@playwright/test';
import { test, expect, toast } from './fixtures.ts';
import { startSmtpCapture, type SmtpCapture } from './support/smtp.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { createStaffAccount, type StaffAccount } from './support/staff.ts';

// Password recovery end to end (a link to the site's own reset page, no
// referrer from it, no automatic login, a link that works once, a "password
// changed" mail): a server of its own that sends real mail to a real SMTP
// peer on loopback.

let smtp: SmtpCapture;
let server: TestServer;
let account: StaffAccount;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startTestServer({ SMTP_URL: smtp.url, MAIL_FROM: 'no-reply@latonnara.example' });
  account = await createStaffAccount(server.databaseUrl, 'recovery', { firstName: 'Nunzia' });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

async function logIn(page: Page, email: string, password: string) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
}

test('forgotten password: e-mail, link, new password, login; the link works once', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const newPassword = `Tramonto su Scopello ${Date.now().toString(36)}`;

  await test.step('ask for the e-mail from the login page', async () => {
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Hai dimenticato la tua password?' }).click();
    await expect(page).toHaveURL(`${server.url}/send-email`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Recupera la tua password');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Invia Email' }).click();
    await expect(
      toast(page, 'Email inviata, controlla il tuo indirizzo per resettare la password.'),
    ).toBeVisible();
    await expect(page).toHaveURL(`${server.url}/login`);
  });

  const linkPattern = /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_-]+/;
  const resetMail = await smtp.waitFor(
    (mail) => mail.to.includes(account.email) && linkPattern.test(mail.text),
  );
  const link = linkPattern.exec(resetMail.text)![0];
  expect(link.startsWith(`${server.url}/reset-password?token=`)).toBe(true);
  expect(resetMail.subject).toContain('password');

  await test.step('the link opens the reset form; the page sends no referrer', async () => {
    const response = await page.goto(link);
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cambia password');
  });

  await test.step('set a new password: back to /login, not logged in', async () => {
    await page.getByLabel('Nuova password').fill(newPassword);
    await page.getByLabel('Ripeti la password').fill(newPassword);
    await page.getByRole('button', { name: 'Cambia password' }).click();
    await expect(toast(page, 'La password è stata reimpostata con successo.')).toBeVisible();
    await expect(page).toHaveURL(`${server.url}/login`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  await test.step('the old password fails, the new one logs in', async () => {
    await logIn(page, account.email, account.password);
    await expect(toast(page, 'Email o password non validi.')).toBeVisible();
    await expect(page).toHaveURL(`${server.url}/login`);
    await logIn(page, account.email, newPassword);
    await expect(page).toHaveURL(`${server.url}/dashboard`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ciao ${account.firstName}`);
  });

  await test.step('the link works only once', async () => {
    await page.goto(link);
    await page.getByLabel('Nuova password').fill(`${newPassword} bis`);
    await page.getByLabel('Ripeti la password').fill(`${newPassword} bis`);
    await page.getByRole('button', { name: 'Cambia password' }).click();
    await expect(toast(page, /non è valido o è scaduto/)).toBeVisible();
    await expect(page).toHaveURL(link);
  });

  await test.step('a "password changed" e-mail arrives, without a link', async () => {
    const changed = await smtp.waitFor(
      (mail) => mail !== resetMail && mail.to.includes(account.email),
    );
    expect(changed.subject).toMatch(/password/i);
    expect(changed.text).not.toMatch(linkPattern);
  });

  // The wrong old password and the used link answer 401 and 400: nothing else.
  expect(consoleErrors.filter((error) => !/40[01]/.test(error))).toEqual([]);
  consoleErrors.length = 0;
});
