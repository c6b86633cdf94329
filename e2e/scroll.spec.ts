import type { Locator, Page } from '@playwright/test';
import { test, expect, hydrated, topNav } from './fixtures.ts';

// Where the page stands after a navigation, a history step, a #hash or the
// page's own hydration: React Router's scroll restoration, in a real browser.

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/**
 * Clicks where the element is on screen, as a finger would. Playwright's own
 * click first scrolls its target into view, and for a link in the sticky top
 * bar that moves the page before the navigation saves its position.
 */
async function tap(page: Page, target: Locator) {
  const rect = await target.boundingBox();
  if (!rect) throw new Error('the target is not on screen');
  await page.mouse.click(rect.x + rect.width / 2, rect.y + rect.height / 2);
}

async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await expect.poll(() => scrollY(page)).toBe(y);
}

test('a new navigation starts at the top', async ({ page, consoleErrors }) => {
  await page.setViewportSize({ width: 800, height: 400 });
  await page.goto('/?lng=en');
  await hydrated(page);
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  expect(await scrollY(page)).toBeGreaterThan(0);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect.poll(() => scrollY(page)).toBe(0);
  expect(consoleErrors).toEqual([]);
});

test('back and forward return to where the visitor was on each page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 700 });
  await page.goto('/menu?lng=en');
  await hydrated(page);
  await scrollTo(page, 1500);

  // The top bar is sticky: its links are on screen wherever the page stands.
  await tap(page, topNav(page).getByRole('link', { name: 'About us' }));
  await expect(page).toHaveURL(/\/about-us$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);
  await scrollTo(page, 400);

  await page.goBack();
  await expect(page).toHaveURL(/\/menu\?lng=en$/);
  await expect.poll(() => scrollY(page)).toBe(1500);

  await page.goForward();
  await expect(page).toHaveURL(/\/about-us$/);
  await expect.poll(() => scrollY(page)).toBe(400);
});

test('a #hash opens the page at its target, below the sticky top bar', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 700 });
  await page.goto('/?lng=en#map-title');
  await hydrated(page);
  const target = page.locator('#map-title');
  await expect(target).toBeInViewport();
  const barBottom = await page
    .locator('.top-bar')
    .evaluate((bar) => bar.getBoundingClientRect().bottom);
  const targetTop = await target.evaluate((element) => element.getBoundingClientRect().top);
  expect(targetTop, 'the heading is not under the top bar').toBeGreaterThanOrEqual(barBottom);
  expect(await scrollY(page)).toBeGreaterThan(0);
});

/**
 * Holds every script of the app until `release()`, so that the page is on
 * screen and can be scrolled before React hydrates it, as on a slow phone.
 */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('hydration leaves the page where the visitor scrolled it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 700 });
  const release = await holdScripts(page);
  await page.goto('/about-us?lng=de', { waitUntil: 'domcontentloaded' });
  await scrollTo(page, 900);
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  release();
  await hydrated(page);
  expect(await scrollY(page)).toBe(900);
  // The router is in charge now: a navigation still starts at the top.
  await topNav(page).getByRole('link', { name: 'Kontakt' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect.poll(() => scrollY(page)).toBe(0);
});

test('on a slow phone (4× CPU, 1.6 Mbit/s) hydration does not move the page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 700 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  // Even throttled, the scripts may arrive before the scroll on a fast
  // machine: they are held until the visitor has scrolled.
  const release = await holdScripts(page);
  await page.goto('/about-us?lng=en', { waitUntil: 'commit' });
  // The visitor scrolls as soon as the text is there, before the scripts arrive.
  await page.locator('main h2').first().waitFor();
  await page.evaluate(() => window.scrollTo(0, 900));
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  release();
  await hydrated(page);
  // Wait for what follows hydration (data requests, lazy images) to settle.
  await page.waitForLoadState('networkidle');
  expect(await scrollY(page)).toBe(900);
});
