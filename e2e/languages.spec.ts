import { test, expect, hydrated, topNav } from './fixtures.ts';
import { YEARS_SINCE_FOUNDING } from './support/seed.ts';

// The page language: query lng → cookie i18next → Accept-Language → Italian.
// One test per way of choosing.

const NAV_MENU = { it: 'MENU', en: 'MENU', fr: 'MENU', es: 'MENÚ', de: 'SPEISEKARTE' } as const;
const NAV_ABOUT = {
  it: 'CHI SIAMO',
  en: 'ABOUT US',
  fr: 'QUI SOMMES-NOUS',
  es: 'QUIÉNES SOMOS',
  de: 'ÜBER UNS',
} as const;

test('the lng query parameter picks the language, over cookie and browser', async ({
  page,
  context,
  baseURL,
  consoleErrors,
}) => {
  await context.addCookies([{ name: 'i18next', value: 'de', url: baseURL! }]);
  for (const lang of ['it', 'en', 'fr', 'es', 'de'] as const) {
    await page.goto(`/about-us?lng=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(topNav(page).getByRole('link', { name: NAV_ABOUT[lang] })).toBeVisible();
  }
  expect(consoleErrors).toEqual([]);
});

test('the i18next cookie picks the language when there is no query', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  await context.addCookies([{ name: 'i18next', value: 'fr', url: baseURL! }]);
  const page = await context.newPage();
  await page.goto('/menu');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Menu');
  await expect(topNav(page).getByRole('link', { name: 'QUI SOMMES-NOUS' })).toBeVisible();
  await context.close();
});

test('Accept-Language picks the language when there is no query or cookie', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(topNav(page).getByRole('link', { name: NAV_MENU.de })).toBeVisible();
  await context.close();
});

test('with no signal at all the site is Italian', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'ja-JP' });
  const page = await context.newPage();
  await page.goto('/contact');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(topNav(page).getByRole('link', { name: 'CONTATTI' })).toBeVisible();
  await context.close();
});

test('the dropdown switches at once, and a reload keeps the choice', async ({
  page,
  context,
  consoleErrors,
}) => {
  await page.goto('/menu');
  await hydrated(page);
  const select = page.getByRole('combobox', { name: 'Lingua' });
  await expect(select).toHaveValue('it');
  await expect(page.locator('.language-select__flag')).toHaveAttribute('src', /\/it-/);
  const options = await select.locator('option').allTextContents();
  expect(options).toEqual(['Italiano', 'English', 'Deutsch', 'French', 'Español']);

  await select.selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(topNav(page).getByRole('link', { name: 'ABOUT US' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  await expect(page.locator('.language-select__flag')).toHaveAttribute('src', /\/gb-/);
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === 'i18next')?.value).toBe('en');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(topNav(page).getByRole('link', { name: 'ABOUT US' })).toBeVisible();

  // With lng in the address, the dropdown rewrites it (the query outranks the cookie).
  await page.goto('/menu?lng=fr');
  await hydrated(page);
  await page.getByRole('combobox', { name: 'Langue' }).selectOption('es');
  await expect(page).toHaveURL(/\/menu\?lng=es$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  expect(consoleErrors).toEqual([]);
});

test('a choice kept only in local storage is restored', async ({ page, context }) => {
  await page.goto('/');
  await hydrated(page);
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'de'));
  await context.clearCookies();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

// Each page's texts come with its own data, not the first page's
// (src/app/i18n/page-messages.server.ts): moving between pages in the browser
// and switching language on one bring the texts it shows.
test("client navigation brings each page's own texts, and the dropdown retranslates them", async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/?lng=en');
  await hydrated(page);
  const [home, menu, about, contact, book] = [0, 1, 2, 3, 4].map((index) =>
    topNav(page).getByRole('link').nth(index),
  );
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText('The Sicilian sea, served at your table');
  await about!.click();
  await expect(
    page.getByRole('heading', { name: `Over ${YEARS_SINCE_FOUNDING} years of passion` }),
  ).toBeVisible();
  await contact!.click();
  await expect(title).toHaveText('Get in Touch');
  await book!.click();
  await expect(title).toHaveText('Book a table');
  await menu!.click();
  await expect(title).toHaveText('Menu');
  await home!.click();
  await expect(title).toHaveText('The Sicilian sea, served at your table');

  await about!.click();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await expect(
    page.getByRole('heading', { name: `Über ${YEARS_SINCE_FOUNDING} Jahre Leidenschaft` }),
  ).toBeVisible();
  await contact!.click();
  await expect(title).toHaveText('Kontakt aufnehmen');
  await book!.click();
  await expect(title).toHaveText('Tisch reservieren');
  await menu!.click();
  await expect(title).toHaveText('Speisekarte');
  expect(consoleErrors).toEqual([]);
});
