import { test, expect } from './fixtures.ts';

// Public pages are complete before any script runs:
// a plain HTTP fetch, and a browser with JavaScript off.
const PAGES = [
  { path: '/', heading: 'The Sicilian sea, served at your table' },
  { path: '/home', heading: 'The Sicilian sea, served at your table' },
  { path: '/menu', heading: 'Menu' },
  { path: '/about-us', heading: 'About us' },
  { path: '/contact', heading: 'Get in Touch' },
  { path: '/reservations', heading: 'Book a table' },
];

for (const { path, heading } of PAGES) {
  test(`${path} is readable from plain HTML`, async ({ request }) => {
    const response = await request.get(`${path}?lng=en`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="en"');
    expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    expect(html).toContain('<nav aria-label="Main navigation">');
    expect(html).toContain('<footer');
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('pages render, and the language form still switches', async ({ page }) => {
    await page.goto('/menu?lng=en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Menu');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\?lng=de$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });
});

test('security headers reach the browser and the page runs under its CSP', async ({
  page,
  consoleErrors,
}) => {
  const response = await page.goto('/?lng=en');
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self' 'sha256-");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-powered-by']).toBeUndefined();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  expect(consoleErrors).toEqual([]);
});
