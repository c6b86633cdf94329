import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { pickUpWithKeyboard } from './support/keyboard-drag.ts';
import { test, expect, hydrated, toast } from './fixtures.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import {
  createStaffAccount,
  logInToSection,
  logInThroughApi,
  revokeThroughApi,
  type StaffAccount,
} from './support/staff.ts';

// The full menu edited from a 390 px phone, in Italian: staff change a
// price, mark a dish sold out, declare allergens, add a pizza, reorder the
// starters and correct a German name; a visitor then sees every change on
// /menu?lng=de. A server of its own, on a fresh database of the project's kind.

const PHONE = { width: 390, height: 844 };
let server: TestServer;
let staff: StaffAccount;

test.describe.configure({ mode: 'serial' });
test.use({ viewport: PHONE });

test.beforeAll(async () => {
  server = await startTestServer();
  staff = await createStaffAccount(server.databaseUrl, 'menu-editor', {}, 'staff');
});

test.afterAll(async () => {
  await server?.stop();
});

const logIn = (page: Page) =>
  logInToSection(page, server.url, staff, { link: 'Menu', path: '/dashboard/menu' });

const section = (page: Page, name: string) =>
  page.locator('.menu-editor__section').filter({
    has: page.getByRole('heading', { name: new RegExp(`^${name} \\d+ piatt`) }),
  });

async function openSection(page: Page, name: string) {
  const toggle = page.getByRole('button', { name: new RegExp(`^${name} \\d+ piatt`) });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return section(page, name);
}

const dishNames = (page: Page, sectionName: string) =>
  section(page, sectionName).locator('.menu-editor__dish-name');

test('staff edit the menu at 390 px and German visitors see every change', async ({
  page,
  consoleErrors: _consoleErrors,
}) => {
  test.setTimeout(120_000);

  await test.step('the editor lists the sections; nothing scrolls sideways; axe finds nothing', async () => {
    await logIn(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible();
    await openSection(page, 'Antipasti');
    await expect(dishNames(page, 'Antipasti')).toHaveCount(13);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  await test.step('a dish runs out: one tap on its switch', async () => {
    const soldOut = page.getByRole('switch', { name: 'Disponibilità di Sarde a beccafico' });
    await expect(soldOut).toHaveAttribute('aria-checked', 'true');
    await soldOut.click();
    await expect(toast(page, 'Sarde a beccafico segnato come esaurito.')).toBeVisible();
    await expect(soldOut).toHaveAttribute('aria-checked', 'false');
  });

  await test.step('reorder by keyboard: the caponata goes first', async () => {
    await expect(dishNames(page, 'Antipasti').nth(1)).toHaveText('Caponata di melanzane');
    await page.getByRole('button', { name: 'Sposta Caponata di melanzane' }).focus();
    // Each step waits for what a screen reader hears.
    const heard = (text: string) => expect(page.getByText(text, { exact: true })).toBeAttached();
    await pickUpWithKeyboard(page, 'Preso Caponata di melanzane.');
    await page.keyboard.press('ArrowUp');
    await heard('Caponata di melanzane in posizione 1.');
    await page.keyboard.press('Space');
    await heard('Caponata di melanzane lasciato in posizione 1.');
    await expect(toast(page, 'Ordine salvato.')).toBeVisible();
    await expect(dishNames(page, 'Antipasti').first()).toHaveText('Caponata di melanzane');
    await page.reload();
    await openSection(page, 'Antipasti');
    await expect(dishNames(page, 'Antipasti').first()).toHaveText('Caponata di melanzane');
  });

  await test.step('a new price and declared allergens for the caponata', async () => {
    await page.getByRole('link', { name: 'Modifica Caponata di melanzane' }).click();
    await expect(
      page.getByRole('heading', { name: 'Modifica: Caponata di melanzane' }),
    ).toBeFocused();
    await page.getByLabel('Prezzo 1 in euro').fill('7,50');
    await page.getByRole('radio', { name: 'Dichiarati: il piatto contiene…' }).check();
    await page.getByRole('checkbox', { name: 'Sedano' }).check();
    await page.getByRole('button', { name: 'Salva piatto' }).click();
    await expect(toast(page, 'Piatto salvato.')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/menu\?sezione=1$/);
    await expect(section(page, 'Antipasti').getByText('7,50 €')).toBeVisible();
  });

  await test.step('a German name corrected by hand', async () => {
    await page.getByRole('link', { name: 'Modifica Caponata di melanzane' }).click();
    await page.getByRole('button', { name: /^Tedesco/ }).click();
    await page
      .getByRole('group', { name: 'Correggi la traduzione in tedesco' })
      .getByLabel('Nome')
      .fill('Caponata nach Art des Hauses');
    await page.getByRole('button', { name: 'Salva traduzione' }).click();
    await expect(toast(page, 'Traduzione salvata.')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Tedesco/ })).toContainText(
      'Traduzione del personale',
    );
    await page.getByRole('link', { name: 'Torna al menu' }).click();
  });

  await test.step('a new pizza, with its allergens and a frozen product', async () => {
    await openSection(page, 'Pizze');
    await page.getByRole('link', { name: 'Aggiungi un piatto a Pizze' }).click();
    await expect(page.getByRole('heading', { name: 'Nuovo piatto in Pizze' })).toBeFocused();
    await page.getByLabel('Nome', { exact: true }).fill('Pizza Tonnara');
    await page.getByLabel('Ingredienti').fill('pomodoro, mozzarella, tonno, cipolla rossa');
    await page.getByLabel('Prezzo 1 in euro').fill('11');
    await page.getByRole('radio', { name: 'Dichiarati: il piatto contiene…' }).check();
    for (const allergen of ['Glutine', 'Pesce', 'Latte']) {
      await page.getByRole('checkbox', { name: allergen }).check();
    }
    await page.getByRole('checkbox', { name: /Prodotto congelato/ }).check();
    await page.getByRole('button', { name: 'Salva piatto' }).click();
    await expect(toast(page, 'Piatto aggiunto.')).toBeVisible();
    await expect(dishNames(page, 'Pizze').last()).toHaveText('Pizza Tonnara*');
  });

  await test.step('German visitors see each change on /menu', async () => {
    // At 1280 px every category card is in view.
    const visitor = await page
      .context()
      .browser()!
      .newPage({ viewport: { width: 1280, height: 900 } });
    await visitor.goto(`${server.url}/menu?lng=de`);
    await hydrated(visitor);
    await visitor.locator('.category-card').filter({ hasText: 'Vorspeisen' }).click();
    const starters = visitor.locator('.menu-selected .menu-section > .menu-items > li');
    const caponata = starters.first();
    await expect(caponata.locator('.menu-item__name')).toHaveText('Caponata nach Art des Hauses');
    await expect(caponata.locator('.menu-item__price')).toHaveText(/7,50\s€/);
    await expect(caponata.locator('.menu-item__allergens')).toContainText('Sellerie');
    const sardines = starters.filter({ hasText: 'Sarde a beccafico' });
    await expect(sardines).toHaveClass(/menu-item--sold-out/);
    await expect(sardines).toContainText('Ausverkauft');

    await visitor.locator('.category-card').filter({ hasText: 'Pizza' }).click();
    const pizza = visitor
      .locator('.menu-selected .menu-section > .menu-items > li')
      .filter({ hasText: 'Pizza Tonnara' });
    await expect(pizza.locator('.menu-item__name')).toContainText('*');
    await expect(pizza.locator('.menu-item__allergens')).toContainText('Gluten');
    await expect(pizza.locator('.menu-item__allergens')).toContainText('Fisch');
    await expect(pizza.locator('.menu-item__allergens')).toContainText('Milch');
    await expect(pizza.locator('.menu-item__price')).toHaveText(/11,00\s€/);
    await visitor.close();
  });
});

// No console-error check here: the browser logs the refused save's 401, which is the point.
test('unsaved edits of a dish survive a session that ends mid-edit', async ({ page, request }) => {
  await logIn(page);
  await openSection(page, 'Dessert');
  await page.getByRole('link', { name: 'Modifica Cannolo siciliano' }).click();
  await page.getByLabel('Descrizione').fill('Ricotta di pecora, scorza d’arancia candita');
  await page.getByLabel('Prezzo 1 in euro').fill('5,50');

  // The session ends elsewhere (a password change, a logout on another device).
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await revokeThroughApi(request, token!, server.url);
  await page.getByRole('button', { name: 'Salva piatto' }).click();
  await expect(page).toHaveURL(`${server.url}/login`);

  await page.getByLabel('Email').fill(staff.email);
  await page.getByLabel('Password', { exact: true }).fill(staff.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page).toHaveURL(/\/dashboard\/menu\?piatto=\d+$/);
  await expect(toast(page, 'Ripristinate le modifiche non salvate.')).toBeVisible();
  await expect(page.getByLabel('Descrizione')).toHaveValue(
    'Ricotta di pecora, scorza d’arancia candita',
  );
  await expect(page.getByLabel('Prezzo 1 in euro')).toHaveValue('5,50');
  await page.getByRole('button', { name: 'Salva piatto' }).click();
  await expect(toast(page, 'Piatto salvato.')).toBeVisible();

  const session = await logInThroughApi(request, staff, server.url);
  const menu = (await (await request.get(`${server.url}/api/menu?lang=it`)).json()) as {
    sections: { items: { name: string; description: string; prices: { amount: string }[] }[] }[];
  };
  const cannolo = menu.sections
    .flatMap((each) => each.items)
    .find((item) => item.name === 'Cannolo siciliano');
  expect(cannolo?.description).toBe('Ricotta di pecora, scorza d’arancia candita');
  expect(cannolo?.prices).toEqual([{ label: '', amount: '5.50' }]);
  await revokeThroughApi(request, session.token, server.url);
});

// No console-error check: the browser logs the refused file's 400, which is part of the test.
test('the menu goes out as a CSV file and comes back: a preview first, a bad file refused by row', async ({
  page,
}) => {
  await logIn(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Scarica il menu (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('menu.csv');
  const exported = readFileSync((await download.path())!, 'utf8');
  expect(exported.startsWith('\uFEFFsezione_id;sezione;tipo_sezione;reparto;piatto_id;nome;')).toBe(
    true,
  );

  const file = page.getByLabel('File CSV da importare');
  const check = page.getByRole('button', { name: 'Controlla il file' });

  // A price no spreadsheet user means: refused, naming the row.
  const lines = exported.split('\r\n');
  const margherita = lines.findIndex((line) => line.includes(';Margherita;'));
  const broken = lines.with(margherita, lines[margherita]!.replace(';6,50;', ';sette euro;'));
  await file.setInputFiles({
    name: 'menu.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(broken.join('\r\n')),
  });
  await check.click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Il file non è stato importato.' });
  await expect(refusal).toContainText('Il file non è stato importato.');
  await expect(refusal).toContainText(`Riga ${margherita + 1}: Prezzo: scrivilo come 12 o 12,50.`);

  // The Margherita at 7,50: the preview says so, and nothing changes until confirmed.
  const edited = lines.with(margherita, lines[margherita]!.replace(';6,50;', ';7,50;'));
  await file.setInputFiles({
    name: 'menu.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(edited.join('\r\n')),
  });
  await check.click();
  const preview = page.getByRole('status').filter({ hasText: 'Se importi il file' });
  await expect(preview).toContainText('0 da aggiungere, 1 da modificare, 0 da eliminare');
  await expect(preview.getByRole('listitem')).toHaveText(['Margherita (prezzi)']);
  await preview.getByRole('button', { name: 'Importa il file' }).click();
  await page.getByRole('button', { name: 'Conferma' }).click();
  await expect(
    toast(page, /^Menu importato: 0 aggiunti, 1 modificati, 0 eliminati\./),
  ).toBeVisible();
  await openSection(page, 'Pizze');
  await expect(
    section(page, 'Pizze').locator('.menu-editor__dish').filter({ hasText: 'Margherita' }).first(),
  ).toContainText('7,50 €');
});
