import { test, expect, hydrated, topNav } from './fixtures.ts';

// The public layout, the 404 page and the staff pages' shell, in a real browser.

test('top bar: logo home, six uppercased links (takeaway on), the current one marked', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/about-us?lng=en');
  await hydrated(page);
  const nav = topNav(page);
  const links = nav.getByRole('link');
  await expect(links).toHaveText(['Home', 'Menu', 'About us', 'Contact', 'Book', 'Takeaway']);
  // Uppercased by style, so screen readers read words, not letters.
  await expect(links.first()).toHaveCSS('text-transform', 'uppercase');
  await expect(nav.getByRole('link', { name: 'About us' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('banner')).toHaveCSS('position', 'sticky');

  await nav.getByRole('link', { name: 'Menu' }).click();
  await expect(page).toHaveURL(/\/menu$/);
  await expect(nav.getByRole('link', { name: 'Menu' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'About us' })).not.toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.getByRole('link', { name: 'Trattoria La Tonnara, home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  expect(consoleErrors).toEqual([]);
});

test('the language dropdown is fixed bottom-right', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/?lng=en');
  const box = await page.locator('.language-select').boundingBox();
  expect(box).not.toBeNull();
  expect(1280 - (box!.x + box!.width)).toBeLessThan(40);
  expect(800 - (box!.y + box!.height)).toBeLessThan(40);
  await expect(page.locator('.language-select')).toHaveCSS('position', 'fixed');
});

test('footer links', async ({ page }) => {
  await page.goto('/?lng=en');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Menu' })).toHaveAttribute('href', '/menu');
  await expect(footer.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
  await expect(footer.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
    'href',
    /instagram/,
  );
  await expect(footer.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', /facebook/);
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'info@latonnara.example' })).toHaveAttribute(
    'href',
    'mailto:info@latonnara.example',
  );
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Trattoria La Tonnara`);
  await expect(footer).toContainText('All Rights Reserved');
  await expect(footer).toContainText('Follow us on social media');
  await expect(footer.getByRole('link', { name: 'Made by Studio Esempio' })).toBeVisible();
});

test('the page scrolls to the top on every path change', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 400 });
  await page.goto('/?lng=en');
  await hydrated(page);
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('404 page: texts and links in the visitor language, status 404', async ({ page }) => {
  const response = await page.goto('/this/does/not/exist?lng=en');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(
    page.getByText("Sorry, we couldn't find the page you're looking for."),
  ).toBeVisible();
  await hydrated(page);
  await page.getByRole('link', { name: 'Contact support' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await page.goBack();
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page).toHaveURL(/\/$/);

  const italian = await page.goto('/pagina-inesistente?lng=it');
  expect(italian?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagina non trovata');
});

test('/loading is a full-screen spinner', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 700 });
  await page.goto('/loading');
  const spinner = page.getByRole('status');
  await expect(spinner).toBeVisible();
  // Polled: the server's spinner (the staff layout's hydrate fallback) gives
  // way to the page's own once the browser has taken over.
  await expect.poll(() => spinner.boundingBox()).toEqual({ x: 0, y: 0, width: 1000, height: 700 });
});

test('staff routes render in the browser, and are noindex', async ({ page }) => {
  const response = await page.goto('/login');
  expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(page.getByRole('heading', { name: 'Accedi al tuo account' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
});
