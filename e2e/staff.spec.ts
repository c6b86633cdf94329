import { axeViolations } from './support/axe.ts';
import type { Page } from '@playwright/test';
import { test as base, expect, hydrated, tabTo, toast } from './fixtures.ts';
import {
  createStaffAccount,
  logInThroughApi,
  revokeThroughApi,
  storeSession,
  type StaffAccount,
  type StaffSession,
} from './support/staff.ts';
import { DATABASE_INDEPENDENT, e2eProject } from './support/project.ts';
import { startTestServer } from './support/server.ts';

// The staff area in a real browser: its screens and messages, a logout that
// revokes the token and clears storage, drafts kept through an expired
// session. Staff accounts come from the CLI, sessions from the API.

const test = base.extend<
  { session: StaffSession; loggedIn: StaffSession },
  { account: StaffAccount }
>({
  account: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's parameters
    async ({}, use, workerInfo) => {
      await use(
        await createStaffAccount(
          e2eProject(workerInfo.project).databaseUrl,
          `staff-w${workerInfo.workerIndex}`,
        ),
      );
    },
    { scope: 'worker' },
  ],
  session: async ({ request, account }, use) => {
    await use(await logInThroughApi(request, account));
  },
  /** A browser page that is already logged in (token and user in local storage). */
  loggedIn: async ({ page, session }, use) => {
    await storeSession(page, session);
    await use(session);
  },
});

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
}

test('login: a wrong password shows the server’s reason, the right one opens the dashboard', async ({
  page,
  account,
  consoleErrors,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accedi al tuo account');
  await expect(
    page.getByRole('link', { name: 'Hai dimenticato la tua password?' }),
  ).toHaveAttribute('href', '/send-email');
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');

  await fillLogin(page, account.email, 'not the right password');
  await expect(toast(page, 'Email o password non validi.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await fillLogin(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ciao ${account.firstName}`);
  await expect(toast(page, 'Login avvenuto con successo!')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[\w-]{20,}$/);
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('user')))!)).toMatchObject({
    email: account.email,
    firstName: account.firstName,
  });
  // Wrong password: 401 in the browser console is expected, nothing else.
  expect(consoleErrors.filter((error) => !/401/.test(error))).toEqual([]);
  consoleErrors.length = 0;
});

test('the password field shows and hides its text', DATABASE_INDEPENDENT, async ({ page }) => {
  await page.goto('/login');
  const password = page.getByLabel('Password', { exact: true });
  const toggle = page.getByRole('button', { name: 'Mostra password' });
  await password.fill('segreto-di-prova');
  await expect(password).toHaveAttribute('type', 'password');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(password).toHaveAttribute('type', 'text');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await toggle.click();
  await expect(password).toHaveAttribute('type', 'password');
});

test('logged in, /login goes straight to the dashboard', async ({ page, loggedIn }) => {
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Ciao ${loggedIn.user.firstName}`,
  );
});

test('logged out, /dashboard goes to /login, then back after login, history replaced', async ({
  page,
  account,
}) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accedi al tuo account');
  const entries = await page.evaluate(() => history.length);
  await fillLogin(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ciao ${account.firstName}`);
  expect(await page.evaluate(() => history.length)).toBe(entries);
  await page.goBack();
  await expect(page).not.toHaveURL(/\/login$/);
});

test('saving the daily menu: success dialog, fields refilled', async ({
  page,
  loggedIn: _loggedIn,
}) => {
  const stamp = Date.now().toString(36);
  const menu = {
    titolo: `Menu del pescatore ${stamp}`,
    descrizione: `Busiate al pesto trapanese ${stamp}, Cous cous di pesce, Cassata`,
    infoAggiuntive: `Acqua e coperto inclusi ${stamp}, Vino della casa`,
  };
  await page.goto('/dashboard');
  await expect(
    page.getByText('Modifica il menu del giorno inserendo i dettagli richiesti.'),
  ).toBeVisible();
  await expect(page.getByLabel('Descrizione')).toHaveAttribute('rows', '4');
  await expect(page.getByLabel('Informazioni aggiuntive')).toHaveAttribute('rows', '4');
  await expect(page.getByLabel('Descrizione')).toHaveAccessibleDescription(
    'Separa ogni opzione con la virgola',
  );
  await page.getByLabel('Nome del menu').fill(menu.titolo);
  await page.getByLabel('Descrizione').fill(menu.descrizione);
  await page.getByLabel('Informazioni aggiuntive').fill(menu.infoAggiuntive);
  await page.getByRole('button', { name: 'Aggiorna' }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText('Aggiornamento eseguito con successo.');
  await expect(dialog).toContainText('Il contenuto è stato aggiornato correttamente. Success: OK.');
  await dialog.getByRole('button', { name: 'Chiudi' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Nome del menu')).toHaveValue(menu.titolo);
  await expect(page.getByLabel('Descrizione')).toHaveValue(menu.descrizione);
  expect(await page.evaluate(() => localStorage.getItem('title'))).toBeNull();
});

// The home page's HTML contains the current daily menu, for visitors and
// crawlers alike. On a server of its own: other specs save the daily menu on
// the shared one, and a save between this one and the read replaced it.
test('the home page HTML shows the daily menu just saved', async ({ page, request }) => {
  const server = await startTestServer();
  try {
    const account = await createStaffAccount(server.databaseUrl, 'home-daily-menu');
    await storeSession(page, await logInThroughApi(request, account, server.url), server.url);
    const titolo = `Menu della tonnara ${Date.now().toString(36)}`;
    await page.goto(`${server.url}/dashboard`);
    await page.getByLabel('Nome del menu').fill(titolo);
    await page.getByLabel('Descrizione').fill('Caponata, Pesce spada alla ghiotta');
    await page.getByLabel('Informazioni aggiuntive').fill('Pane fatto in casa');
    await page.getByRole('button', { name: 'Aggiorna' }).click();
    await expect(page.getByRole('dialog').getByRole('heading')).toHaveText(
      'Aggiornamento eseguito con successo.',
    );
    const html = await (await request.get(`${server.url}/?lng=it`)).text();
    expect(html.includes(titolo), 'the home page HTML contains the menu name').toBe(true);
    expect(html.includes('Pesce spada alla ghiotta'), 'and the dishes').toBe(true);
  } finally {
    await server.stop();
  }
});

test('a session that expires mid-edit keeps the typed text through the login', async ({
  page,
  request,
  account,
  loggedIn,
  consoleErrors,
}) => {
  // Everything the dashboard loads as it opens comes back first: the menu
  // that fills the form, and the load with the token (translations). The session is to end while staff type, not while the
  // page opens; and on a busy machine opening may take longer than an
  // assertion's few seconds, so the test waits for the answers themselves.
  const opened = Promise.all(
    ['/api/daily-menu/1', '/api/daily-menu/1/translations'].map((path) =>
      page.waitForResponse((response) => new URL(response.url()).pathname === path),
    ),
  );
  await page.goto('/dashboard');
  await opened;
  await expect(page.getByLabel('Nome del menu')).toBeVisible();
  await revokeThroughApi(request, loggedIn.token); // the session ends on the server

  const typed = {
    titolo: `Bozza ${Date.now().toString(36)}`,
    descrizione: 'Pasta con le sarde, Sarde a beccafico',
    infoAggiuntive: 'Solo a pranzo',
  };
  await page.getByLabel('Nome del menu').fill(typed.titolo);
  await page.getByLabel('Descrizione').fill(typed.descrizione);
  await page.getByLabel('Informazioni aggiuntive').fill(typed.infoAggiuntive);
  await page.getByRole('button', { name: 'Aggiorna' }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText('Qualcosa è andato storto.');
  await expect(dialog).toContainText(
    'Il contenuto non è stato aggiornato. Errore: non sei autorizzato a compiere questa azione. 401 unauthorized',
  );
  await expect(dialog).toContainText('Contatta lo sviluppatore per ulteriori chiarimenti.');
  await dialog.getByRole('button', { name: 'Chiudi' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, 'Effettua il login')).toBeVisible();
  await fillLogin(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByLabel('Nome del menu')).toHaveValue(typed.titolo);
  await expect(page.getByLabel('Descrizione')).toHaveValue(typed.descrizione);
  await expect(page.getByLabel('Informazioni aggiuntive')).toHaveValue(typed.infoAggiuntive);
  // The rejected save is a 401 in the console, nothing else.
  expect(consoleErrors.filter((error) => !/401/.test(error))).toEqual([]);
  consoleErrors.length = 0;
});

test('logout: spinner, "Logout effettuato.", storage cleared, token revoked', async ({
  page,
  request,
  loggedIn,
}) => {
  await page.goto('/dashboard');
  const logout = page.getByRole('banner').getByRole('button', { name: 'Disconnetti' });
  await expect(logout).toBeVisible();
  await logout.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, 'Logout effettuato.')).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')]),
  ).toEqual([null, null]);
  const me = await request.get('/api/auth/me', {
    headers: { Authorization: `Bearer ${loggedIn.token}` },
  });
  expect(me.status()).toBe(401);
  // Back to the dashboard: logged out, so the login form again.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test(
  'reset form: warnings for empty and different passwords',
  DATABASE_INDEPENDENT,
  async ({ page }) => {
    await page.goto('/reset-password?token=not-a-real-token');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cambia password');
    const submit = page.getByRole('button', { name: 'Cambia password' });
    await submit.click();
    await expect(toast(page, 'Compila entrambi i campi.')).toBeVisible();
    await page.getByLabel('Nuova password').fill('una password abbastanza lunga');
    await submit.click();
    await expect(toast(page, 'Compila entrambi i campi.').last()).toBeVisible();
    await page.getByLabel('Ripeti la password').fill('un’altra password abbastanza lunga');
    await submit.click();
    await expect(toast(page, 'Le password non coincidono')).toBeVisible();
    await expect(page).toHaveURL(/\/reset-password\?token=not-a-real-token$/);
  },
);

test.describe('accessibility (axe)', () => {
  for (const path of ['/login', '/send-email', '/reset-password?token=x']) {
    test(`${path} has no axe violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test('/dashboard and its result dialog have no axe violations', async ({
    page,
    loggedIn: _loggedIn,
  }) => {
    await page.goto('/dashboard');
    await expect(
      page.getByRole('heading', { level: 2, name: 'Traduzioni del menu del giorno' }),
    ).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    // Answer the save here: this test must not change the menu other tests read.
    await page.route('**/api/daily-menu/1', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ json: { id: 1, ...route.request().postDataJSON() } })
        : route.fallback(),
    );
    await page.getByRole('button', { name: 'Aggiorna' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test('public pages load no staff code or styles', DATABASE_INDEPENDENT, async ({ page }) => {
  for (const path of ['/', '/menu', '/about-us', '/contact', '/reservations']) {
    const bodies: Promise<string>[] = [];
    const onResponse = (response: import('@playwright/test').Response) => {
      if (['script', 'stylesheet'].includes(response.request().resourceType())) {
        bodies.push(response.text().catch(() => ''));
      }
    };
    page.on('response', onResponse);
    await page.goto(path);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    page.off('response', onResponse);
    const loaded = await Promise.all(bodies);
    expect(loaded.length).toBeGreaterThan(0);
    for (const body of loaded) {
      // Texts from features/auth/texts.ts and a rule from styles/staff.css.
      expect(body.includes('Accedi al tuo account'), `${path} loads staff code`).toBe(false);
      expect(body.includes('Effettua il login'), `${path} loads staff code`).toBe(false);
      expect(body.includes('.staff-card'), `${path} loads staff styles`).toBe(false);
      // The menu's payload schemas (staff forms, with zod) and the editor's drag and drop.
      expect(body.includes('Prezzo: scrivilo come 12'), `${path} loads staff schemas`).toBe(false);
      expect(body.includes('DndLiveRegion'), `${path} loads the menu editor`).toBe(false);
      // The reservation schemas (zod): the booking page checks in plain code, the server with them.
      expect(body.includes('must be a phone number'), `${path} loads the reservation schemas`).toBe(
        false,
      );
    }
  }
});

test('keyboard only: log in, edit the daily menu, save, close the dialog', async ({
  page,
  account,
}) => {
  await page.goto('/login');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(account.email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(account.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  const titolo = `Menu da tastiera ${Date.now().toString(36)}`;
  await tabTo(page, page.getByLabel('Nome del menu'));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(titolo);
  await tabTo(page, page.getByRole('button', { name: 'Aggiorna', exact: true }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText('Aggiornamento eseguito con successo.');
  await tabTo(page, dialog.getByRole('button', { name: 'Chiudi' }), 10);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Nome del menu')).toHaveValue(titolo);
});
