import { test, expect, hydrated } from './fixtures.ts';
import { axeViolations } from './support/axe.ts';

// Every public page in every language passes axe. The home
// and about-us pages are checked in their own specs (with the map open, too).
const LANGS = ['it', 'en', 'fr', 'es', 'de'];
const PAGES = ['/menu', '/contact', '/reservations', '/takeaway', '/no-such-page'];

for (const path of PAGES) {
  for (const lang of LANGS) {
    test(`${path} in ${lang}: no axe violations`, async ({ page }) => {
      await page.goto(`${path}?lng=${lang}`);
      await hydrated(page);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
}

test('/menu with another category selected, on a phone: no axe violations', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/menu?lng=en');
  await hydrated(page);
  await page.locator('.category-card').filter({ hasText: 'Pizza' }).click();
  expect(await axeViolations(page)).toEqual([]);
});
