import type { Browser, Page } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { test, expect, toast } from './fixtures.ts';
import { startSmtpCapture, type SmtpCapture } from './support/smtp.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import {
  createStaffAccount,
  logInThroughApi,
  openSection,
  showSections,
  type StaffAccount,
} from './support/staff.ts';

// The back office on a 390 px phone, in Italian: an owner invites a
// colleague by e-mail, the colleague chooses their own password and is in;
// roles show, the owner reads the audit log, staff do not see it; anyone
// changes their own password and their other sessions end. A server of its
// own, sending real mail to an SMTP peer on loopback.

const PHONE = { width: 390, height: 844 };
let smtp: SmtpCapture;
let server: TestServer;
let owner: StaffAccount;
let staffer: StaffAccount;

test.describe.configure({ mode: 'serial' });
test.use({ viewport: PHONE });

test.beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startTestServer({ SMTP_URL: smtp.url, MAIL_FROM: 'no-reply@latonnara.example' });
  owner = await createStaffAccount(server.databaseUrl, 'owner', { firstName: 'Carmela' }, 'owner');
  staffer = await createStaffAccount(
    server.databaseUrl,
    'staffer',
    { firstName: 'Santo' },
    'staff',
  );
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

async function logIn(page: Page, account: StaffAccount) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page).toHaveURL(`${server.url}/dashboard`);
}

/** The page is no wider than the phone: nothing to scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `sideways scroll on ${page.url()}`).toBeLessThanOrEqual(0);
}

async function newPhone(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE });
  return { context, page: await context.newPage() };
}

test('an owner invites a colleague, who sets a password and is in; roles and the audit log show', async ({
  page,
  browser,
  consoleErrors: _consoleErrors,
}) => {
  test.setTimeout(90_000);
  const email = `giovanna-${Date.now().toString(36)}@example.test`;

  await test.step('the owner invites from Colleghi', async () => {
    await logIn(page, owner);
    await expect(page.getByRole('button', { name: 'Disconnetti' })).toBeVisible();
    await openSection(page, 'Colleghi');
    await expect(page).toHaveURL(`${server.url}/dashboard/team`);
    const form = page.getByRole('form', { name: 'Invita un collega' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Nome', { exact: true }).fill('Giovanna');
    await form.getByLabel('Cognome').fill('Lo Bue');
    await form.getByLabel('Ruolo').selectOption('staff');
    await form.getByRole('button', { name: 'Invia invito' }).click();
    await expect(toast(page, `Invito inviato a ${email}.`)).toBeVisible();
    const invitation = page.getByRole('list', { name: 'Inviti' }).getByRole('listitem').filter({
      hasText: email,
    });
    await expect(invitation).toContainText('In attesa');
    await expectNoSidewaysScroll(page);
  });

  const linkPattern = /https?:\/\/[^\s"<>]+\/accept-invite\?token=[A-Za-z0-9_-]+/;
  const mail = await smtp.waitFor((sent) => sent.to.includes(email) && linkPattern.test(sent.text));
  const link = linkPattern.exec(mail.text)![0];
  expect(link.startsWith(`${server.url}/accept-invite?token=`)).toBe(true);

  await test.step('the colleague opens the link on their phone and chooses a password', async () => {
    const colleague = await newPhone(browser);
    const response = await colleague.page.goto(link);
    expect(response!.headers()['referrer-policy']).toBe('no-referrer');
    await expect(colleague.page.getByRole('heading', { level: 1 })).toHaveText(
      'Attiva il tuo account',
    );
    await expectNoSidewaysScroll(colleague.page);
    await colleague.page.getByLabel('Nuova password').fill('Cassata e cannoli a Palermo');
    await colleague.page.getByRole('button', { name: 'Attiva account' }).click();
    await expect(toast(colleague.page, 'Benvenuto! Il tuo account è attivo.')).toBeVisible();
    await expect(colleague.page).toHaveURL(`${server.url}/dashboard`);
    await expect(
      colleague.page.getByRole('heading', { level: 1, name: 'Ciao Giovanna' }),
    ).toBeVisible();
    // Staff: no audit log in the sections.
    await expect((await showSections(colleague.page)).getByRole('link')).toHaveText([
      'Prenotazioni',
      'Sala',
      'Asporto',
      'Menu del giorno',
      'Menu',
      'Stampa e QR',
      'Orari e dati',
      'Foto',
      'Testi del sito',
      'Ospiti',
      'Eventi',
      'Messaggi',
      'Colleghi',
      'Il mio account',
    ]);
    // The link worked once.
    await colleague.page.goto(link);
    await colleague.page.getByLabel('Nuova password').fill('Un altro tentativo lungo');
    await colleague.page.getByRole('button', { name: 'Attiva account' }).click();
    await expect(
      colleague.page.getByText('Invito non valido o scaduto. Chiedi al titolare un nuovo invito.'),
    ).toBeVisible();
    await colleague.context.close();
  });

  await test.step('the owner sees the colleague as Staff and the invitation accepted', async () => {
    await page.reload();
    const colleagues = page.getByRole('list', { name: 'Colleghi' });
    const giovanna = colleagues.getByRole('listitem').filter({ hasText: email });
    await expect(giovanna).toContainText('Giovanna Lo Bue');
    await expect(giovanna).toContainText('Staff');
    await expect(
      page.getByRole('list', { name: 'Inviti' }).getByRole('listitem').filter({ hasText: email }),
    ).toContainText('Accettato');
  });

  await test.step('the owner reads both in the audit log', async () => {
    await openSection(page, 'Registro attività');
    await expect(page).toHaveURL(`${server.url}/dashboard/audit`);
    const log = page.getByRole('list', { name: 'Registro attività' });
    await expect(log.getByRole('listitem').first()).toContainText(`Nuovo account ${email}`);
    await expect(log).toContainText(`Invito inviato a ${email} (Giovanna Lo Bue), ruolo Staff.`);
    await expect(log).toContainText(owner.email);
    await expectNoSidewaysScroll(page);
  });
});

test('staff see colleagues but cannot manage them, nor open the audit log', async ({
  page,
  consoleErrors: _consoleErrors,
}) => {
  await logIn(page, staffer);
  await expect(
    (await showSections(page)).getByRole('link', { name: 'Registro attività' }),
  ).toHaveCount(0);
  await openSection(page, 'Colleghi');
  await expect(page.getByRole('list', { name: 'Colleghi' })).toContainText(owner.email);
  await expect(page.getByText(/Solo il titolare invita, rimuove o cambia il ruolo/)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Invita un collega' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Colleghi' }).getByRole('button')).toHaveCount(0);
  await page.goto(`${server.url}/dashboard/audit`);
  await expect(
    page.getByText('Solo il titolare può consultare il registro attività.'),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('changing one’s own password ends the other sessions, not this one', async ({
  page,
  request,
  consoleErrors: _consoleErrors,
}) => {
  const elsewhere = await logInThroughApi(request, staffer, server.url);
  await logIn(page, staffer);
  await openSection(page, 'Il mio account');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Il mio account');
  await expectNoSidewaysScroll(page);
  const newPassword = `Granita di gelsi ${Date.now().toString(36)}`;
  await page.getByLabel('Password attuale').fill(staffer.password);
  await page.getByLabel('Nuova password').fill(newPassword);
  await page.getByRole('button', { name: 'Cambia password' }).click();
  await expect(
    toast(page, 'Password aggiornata. Le altre sessioni sono state chiuse.'),
  ).toBeVisible();
  const me = (token: string) =>
    request.get(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  expect((await me(elsewhere.token)).status()).toBe(401);
  const stored = await page.evaluate(() => localStorage.getItem('token'));
  expect((await me(stored!)).status()).toBe(200);
  staffer = { ...staffer, password: newPassword };
  await logInThroughApi(request, staffer, server.url);
});

test.describe('accessibility (axe) at 390 px', () => {
  test('/dashboard/team, /dashboard/audit, /dashboard/account and /accept-invite', async ({
    page,
  }) => {
    await page.goto(`${server.url}/accept-invite?token=x`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await logIn(page, owner);
    for (const [path, link, heading] of [
      ['/dashboard/messages', 'Messaggi', 'Messaggi'],
      ['/dashboard/team', 'Colleghi', 'Inviti'],
      ['/dashboard/audit', 'Registro attività', 'Registro attività'],
      ['/dashboard/account', 'Il mio account', 'Il mio account'],
    ] as const) {
      await openSection(page, link);
      await expect(page).toHaveURL(`${server.url}${path}`);
      await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
      expect(await axeViolations(page), path).toEqual([]);
    }
  });
});
