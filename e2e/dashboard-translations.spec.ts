import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { axeViolations } from './support/axe.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import {
  createStaffAccount,
  logInThroughApi,
  storeSession,
  type StaffAccount,
} from './support/staff.ts';
import { startFakeDeepL, type FakeTranslator } from '../src/server/testing/fake-translators.ts';

// Staff review the machine translations of the daily menu on
// the dashboard and correct them; visitors of that language get the
// correction until the Italian changes. A server of its own, with a DeepL
// stand-in on loopback (translations come back as "[DE] text").

let deepl: FakeTranslator;
let server: TestServer;
let account: StaffAccount;

test.beforeAll(async () => {
  deepl = await startFakeDeepL('review-key');
  server = await startTestServer({ DEEPL_API_KEY: 'review-key', DEEPL_SERVER_URL: deepl.url });
  account = await createStaffAccount(server.databaseUrl, 'review');
});

test.afterAll(async () => {
  await server?.stop();
  await deepl?.close();
});

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text);

async function saveItalian(
  page: Page,
  menu: { titolo: string; descrizione: string; info: string },
) {
  await page.getByLabel('Nome del menu').fill(menu.titolo);
  await page.getByLabel('Descrizione').fill(menu.descrizione);
  await page.getByLabel('Informazioni aggiuntive').fill(menu.info);
  await page.getByRole('button', { name: 'Aggiorna', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText('Aggiornamento eseguito con successo.');
  await dialog.getByRole('button', { name: 'Chiudi' }).click();
  await expect(dialog).toBeHidden();
}

async function germanHtml(request: APIRequestContext): Promise<string> {
  return (await request.get(`${server.url}/?lng=de`)).text();
}

/** Logged in on the dashboard: the review and its German panel. */
async function openDashboard(page: Page, request: APIRequestContext) {
  const session = await logInThroughApi(request, account, server.url);
  await storeSession(page, session, server.url);
  await page.goto(`${server.url}/dashboard`);
  const review = page.getByRole('region', { name: 'Traduzioni del menu del giorno' });
  const german = review.locator('.staff-translation').filter({
    has: page.getByRole('button', { name: /^Tedesco/ }),
  });
  return {
    review,
    german,
    germanToggle: german.getByRole('button', { name: /^Tedesco/ }),
    form: german.getByRole('group', { name: 'Correggi la traduzione in tedesco' }),
  };
}

test('staff review, correct and restore the German translation of the daily menu', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const first = {
    titolo: `Menu del pescatore ${stamp}`,
    descrizione: 'Busiate al pesto trapanese, Tonno alla marinara',
    info: 'Pane fatto in casa',
  };
  const { review, german, germanToggle, form } = await openDashboard(page, request);
  await saveItalian(page, first);

  // The review follows the save until the machine translations are in.
  await expect(germanToggle).toHaveText(/Traduzione automatica/);
  for (const language of ['Inglese', 'Francese', 'Spagnolo']) {
    await expect(review.getByRole('button', { name: new RegExp(`^${language}`) })).toHaveText(
      /Traduzione automatica/,
    );
  }
  await expect(german.getByText(`[DE] ${first.titolo}`)).toBeVisible();

  // Open German: field by field, the Italian next to the machine translation, the form prefilled.
  await germanToggle.click();
  await expect(germanToggle).toHaveAttribute('aria-expanded', 'true');
  await expect(german.getByRole('listitem')).toHaveText([
    'Busiate al pesto trapanese',
    'Tonno alla marinara',
    '[DE] Busiate al pesto trapanese',
    '[DE] Tonno alla marinara',
    'Pane fatto in casa',
    '[DE] Pane fatto in casa',
  ]);
  await expect(form.getByLabel('Titolo')).toHaveValue(`[DE] ${first.titolo}`);
  await expect(form.getByLabel('Titolo')).toHaveAttribute('lang', 'de');
  await expect(form.getByLabel('Piatti')).toHaveValue(
    '[DE] Busiate al pesto trapanese, [DE] Tonno alla marinara',
  );

  // Staff correct the German title: visitors of German get it.
  const corrected = `Fischermenue ${stamp}`;
  await form.getByLabel('Titolo').fill(corrected);
  await expect(german.getByText('Modifiche non salvate.')).toBeVisible();
  await german.getByRole('button', { name: 'Salva traduzione' }).click();
  await expect(
    toast(page, 'Traduzione in tedesco salvata: i visitatori vedono ora la tua versione.'),
  ).toBeVisible();
  await expect(germanToggle).toHaveText(/Traduzione del personale/);
  await expect(german.getByText('Modifiche non salvate.')).toBeHidden();
  let html = await germanHtml(request);
  expect(html).toContain(corrected);
  expect(html).not.toContain(`[DE] ${first.titolo}`);
  expect(html).toContain('[DE] Busiate al pesto trapanese');
  // The other languages keep the machine's.
  expect(await (await request.get(`${server.url}/?lng=fr`)).text()).toContain(
    `[FR] ${first.titolo}`,
  );

  // The Italian changes: the German correction needs a new look, visitors get
  // the new machine translation meanwhile.
  const second = { ...first, titolo: `Menu della tonnara ${stamp}` };
  await saveItalian(page, second);
  await expect(
    german.getByText('Il menu in italiano è cambiato: ricontrolla la traduzione.'),
  ).toBeVisible();
  await expect(germanToggle).toHaveText(/Traduzione automatica/);
  await expect(form.getByLabel('Titolo')).toHaveValue(`[DE] ${second.titolo}`);
  await expect(review.getByText(/ricontrolla la traduzione/)).toHaveCount(1);
  await expect.poll(() => germanHtml(request)).toContain(`[DE] ${second.titolo}`);
  html = await germanHtml(request);
  expect(html).not.toContain(corrected);

  expect(await axeViolations(page)).toEqual([]);

  // "Usa la traduzione automatica" settles the warning.
  await german.getByRole('button', { name: 'Usa la traduzione automatica' }).click();
  await expect(
    toast(page, 'Correzione in tedesco rimossa: i visitatori vedono la traduzione automatica.'),
  ).toBeVisible();
  await expect(german.getByText(/ricontrolla la traduzione/)).toBeHidden();
  await expect(german.getByRole('button', { name: 'Usa la traduzione automatica' })).toBeHidden();

  // A correction of the current text, then back to the machine's.
  await form.getByLabel('Titolo').fill(`Thunfischmenue ${stamp}`);
  await german.getByRole('button', { name: 'Salva traduzione' }).click();
  await expect(germanToggle).toHaveText(/Traduzione del personale/);
  expect(await germanHtml(request)).toContain(`Thunfischmenue ${stamp}`);
  await german.getByRole('button', { name: 'Usa la traduzione automatica' }).click();
  await expect(germanToggle).toHaveText(/Traduzione automatica/);
  await expect(form.getByLabel('Titolo')).toHaveValue(`[DE] ${second.titolo}`);
  html = await germanHtml(request);
  expect(html).toContain(`[DE] ${second.titolo}`);
  expect(html).not.toContain(`Thunfischmenue ${stamp}`);

  // Reloaded, the review shows the same state.
  await page.reload();
  await expect(germanToggle).toHaveText(/Traduzione automatica/);
  await expect(german.getByText(`[DE] ${second.titolo}`)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('a correction written while a colleague changed the Italian is refused, the typing kept', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const stamp = Date.now().toString(36);
  const first = {
    titolo: `Menu di Mazara ${stamp}`,
    descrizione: 'Gambero rosso crudo, Cuscus di pesce',
    info: 'Vino della casa',
  };
  const { german, germanToggle, form } = await openDashboard(page, request);
  await saveItalian(page, first);
  await expect(germanToggle).toHaveText(/Traduzione automatica/);
  await germanToggle.click();
  const typed = `Menue aus Mazara ${stamp}`;
  await form.getByLabel('Titolo').fill(typed);

  // Meanwhile a colleague, logged in elsewhere, saves another Italian menu.
  const colleague = await logInThroughApi(request, account, server.url);
  const changed = await request.put(`${server.url}/api/daily-menu/1`, {
    headers: { Authorization: `Bearer ${colleague.token}` },
    data: { titolo: first.titolo, descrizione: 'Sarde a beccafico', infoAggiuntive: first.info },
  });
  expect(changed.status()).toBe(200);

  await german.getByRole('button', { name: 'Salva traduzione' }).click();
  await expect(
    toast(
      page,
      'Il menu in italiano è cambiato mentre scrivevi: la traduzione non è stata salvata. Ricontrolla il testo e salvala di nuovo.',
    ),
  ).toBeVisible();
  // The new Italian shows next to what was typed, which is still there, unsaved.
  await expect(german.getByRole('listitem').first()).toHaveText('Sarde a beccafico');
  await expect(form.getByLabel('Titolo')).toHaveValue(typed);
  await expect(german.getByText('Modifiche non salvate.')).toBeVisible();
  await expect(germanToggle).not.toHaveText(/Traduzione del personale/);
  expect(await germanHtml(request)).not.toContain(typed);
});
