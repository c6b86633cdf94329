import type { Page } from '@playwright/test';
import { test, expect, hydrated, tabTo } from './fixtures.ts';
import { axeViolations } from './support/axe.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import {
  createStaffAccount,
  logInThroughApi,
  sectionsNav,
  storeSession,
  type StaffSession,
} from './support/staff.ts';

// The back office's navigation (issue 42, point 3), drawn from the one list
// of sections (src/app/back-office/sections.ts): grouped, the current section
// always in sight, "Disconnetti" in the header at every width. At 390 px the
// groups open from the "Sezioni" button (focus into the menu, Escape gives it
// back, a tap outside or leaving by Tab closes it); at 1280 px they are a
// sidebar. Every section is reached by keyboard and by touch or mouse at
// both widths; axe finds nothing, the menu open or closed. Screenshots at
// 390, 1024 and 1280 px go to test-results/screenshots/ (or SCREENSHOT_DIR).

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 1024, height: 768 };
const DESKTOP = { width: 1280, height: 800 };
/** What an owner sees, group by group, in the navigation's order. */
const GROUPS = [
  ['Oggi', ['Prenotazioni', 'Sala', 'Asporto']],
  ['Cucina e menu', ['Menu del giorno', 'Menu', 'Stampa e QR']],
  ['Sito', ['Orari e dati', 'Foto', 'Testi del sito']],
  ['Ospiti ed eventi', ['Ospiti', 'Eventi', 'Messaggi']],
  [
    'Ristorante',
    ['Colleghi', 'Pianta della sala', 'Report', 'Registro attività', 'Il mio account'],
  ],
] as const;
const SECTIONS = GROUPS.flatMap(([group, labels]) => labels.map((label) => ({ group, label })));

let server: TestServer;
let session: StaffSession;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  server = await startTestServer();
  const owner = await createStaffAccount(server.databaseUrl, 'nav', {}, 'owner');
  session = await logInThroughApi(request, owner, server.url);
});

test.afterAll(async () => {
  await server?.stop();
});

async function openBackOffice(page: Page, path = '/dashboard') {
  await storeSession(page, session, server.url);
  await page.goto(`${server.url}${path}`);
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Disconnetti' })).toBeVisible();
}

const toggle = (page: Page) => sectionsNav(page).getByRole('button', { name: 'Sezioni' });
const link = (page: Page, label: string) =>
  sectionsNav(page).getByRole('link', { name: label, exact: true });
/** The current section's name beside the button (below 1200 px). */
const current = (page: Page) => sectionsNav(page).locator('.staff-nav__current');

async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR ?? 'test-results/screenshots';
  await page.screenshot({ path: `${dir}/${name}.png` });
}

/** The groups the navigation shows, each with its links' names. */
function shownGroups(page: Page) {
  return sectionsNav(page)
    .getByRole('list')
    .evaluateAll((lists) =>
      lists.map((list) => [
        document.getElementById(list.getAttribute('aria-labelledby') ?? '')?.textContent,
        [...list.querySelectorAll('a')].map((anchor) => anchor.textContent),
      ]),
    );
}

/** The section `label` is open: its link (shown or behind the button) is the current page. */
async function expectAt(page: Page, label: string) {
  await expect(
    sectionsNav(page).getByRole('link', { name: label, exact: true, includeHidden: true }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('main')).toBeVisible();
}

test.describe('at 390 px, the "Sezioni" menu', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test('closed it leaves the page to the page: the current section beside the button, "Disconnetti" in the header', async ({
    page,
    consoleErrors,
  }) => {
    await openBackOffice(page);
    await expect(
      page.getByRole('banner').getByRole('button', { name: 'Disconnetti' }),
    ).toBeVisible();
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(current(page)).toHaveText('Cucina e menuMenu del giorno');
    await expect(link(page, 'Prenotazioni')).toBeHidden();
    // The header is two short rows: the page's heading starts within the first 200 px.
    const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(heading!.y).toBeLessThan(200);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'back-office-nav-390-closed');

    await toggle(page).tap();
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
    expect(await shownGroups(page)).toEqual(GROUPS.map(([group, labels]) => [group, [...labels]]));
    for (const { label } of SECTIONS) await expect(link(page, label)).toBeVisible();
    // Focus went to the current section's link.
    await expect(link(page, 'Menu del giorno')).toBeFocused();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'back-office-nav-390-open');

    // Escape closes it and gives the focus back to the button.
    await page.keyboard.press('Escape');
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle(page)).toBeFocused();
    await expect(link(page, 'Prenotazioni')).toBeHidden();

    // A tap outside closes it, and so does Tab past its last link.
    await toggle(page).tap();
    await expect(link(page, 'Prenotazioni')).toBeVisible();
    // (The open menu covers the page down to below its last link.)
    const menu = await sectionsNav(page).locator('.staff-nav__groups').boundingBox();
    expect(menu!.y + menu!.height).toBeLessThan(PHONE.height - 20);
    await page.touchscreen.tap(PHONE.width / 2, PHONE.height - 10);
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    await toggle(page).tap();
    await link(page, 'Il mio account').focus();
    await page.keyboard.press('Tab');
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    expect(consoleErrors).toEqual([]);
  });

  test('every section by touch: a tap on the button, a tap on its name', async ({ page }) => {
    test.setTimeout(90_000);
    await openBackOffice(page);
    for (const { group, label } of SECTIONS) {
      await toggle(page).tap();
      await link(page, label).tap();
      await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
      await expect(current(page)).toHaveText(`${group}${label}`);
      await expectAt(page, label);
    }
  });

  test('every section by keyboard: Tab to the button, Enter, Tab to the section, Enter', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    // From the first section on, each next one lies after the current one.
    await openBackOffice(page, '/dashboard/reservations');
    await page.keyboard.press('Tab');
    await tabTo(page, toggle(page), 10);
    for (const { group, label } of SECTIONS.slice(1)) {
      await toggle(page).focus();
      await page.keyboard.press('Enter');
      await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
      await tabTo(page, link(page, label), 20);
      await page.keyboard.press('Enter');
      await expect(current(page)).toHaveText(`${group}${label}`);
      await expectAt(page, label);
    }
  });
});

test.describe('at 1280 px, the sidebar', () => {
  test.use({ viewport: DESKTOP });

  test('every group and section shows beside the page, the current one marked; axe clean', async ({
    page,
    consoleErrors,
  }) => {
    await openBackOffice(page, '/dashboard/evening');
    await expect(
      page.getByRole('banner').getByRole('button', { name: 'Disconnetti' }),
    ).toBeVisible();
    await expect(toggle(page)).toBeHidden();
    expect(await shownGroups(page)).toEqual(GROUPS.map(([group, labels]) => [group, [...labels]]));
    for (const { label } of SECTIONS) await expect(link(page, label)).toBeVisible();
    await expectAt(page, 'Sala');
    // The page starts right of the sidebar, nothing under it.
    const sidebar = await sectionsNav(page).getByRole('list').first().boundingBox();
    const main = await page.getByRole('main').boundingBox();
    expect(main!.x).toBeGreaterThanOrEqual(sidebar!.x + sidebar!.width);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'back-office-nav-1280');
    expect(consoleErrors).toEqual([]);
  });

  test('every section by mouse and by keyboard', async ({ page }) => {
    test.setTimeout(90_000);
    await openBackOffice(page);
    for (const { label } of SECTIONS) {
      await link(page, label).click();
      await expectAt(page, label);
    }
    await openBackOffice(page, '/dashboard/reservations');
    for (const { label } of SECTIONS.slice(1)) {
      await tabTo(page, link(page, label), 40);
      await page.keyboard.press('Enter');
      await expectAt(page, label);
    }
  });
});

test('at 1024 px (a tablet running the evening view) the menu button, as on a phone', async ({
  page,
}) => {
  await page.setViewportSize(TABLET);
  await openBackOffice(page, '/dashboard/evening');
  await expect(current(page)).toHaveText('OggiSala');
  await expect(link(page, 'Prenotazioni')).toBeHidden();
  await screenshot(page, 'back-office-nav-1024');
  await toggle(page).click();
  await expect(link(page, 'Sala')).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'back-office-nav-1024-open');
});
