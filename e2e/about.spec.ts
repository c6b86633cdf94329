import { axeViolations } from './support/axe.ts';
import type { Locator, Page } from '@playwright/test';
import { test, expect, hydrated } from './fixtures.ts';
import { YEARS_SINCE_FOUNDING } from './support/seed.ts';

// About-us: three alternating text-and-image blocks, each with a button to
// /contact (SPEC.md); the third lists the services, calls the restaurant and
// links to /events beside its /contact button.

const BLOCKS = {
  en: [
    `Over ${YEARS_SINCE_FOUNDING} years of passion`,
    'Where a tuna fishery once stood',
    'Our services',
  ],
  it: [
    `Oltre ${YEARS_SINCE_FOUNDING} anni di passione`,
    "Dove un tempo c'era una tonnara",
    'I nostri servizi',
  ],
};

const blocks = (page: Page) => page.getByRole('main').locator(':scope > section');

/** Where a block's image and its text sit on the screen. */
async function layoutOf(block: Locator) {
  const image = await block.getByRole('img').boundingBox();
  const heading = await block.getByRole('heading', { level: 2 }).boundingBox();
  expect(image).not.toBeNull();
  expect(heading).not.toBeNull();
  return { image: image!, heading: heading! };
}

for (const lang of ['en', 'it'] as const) {
  test(`three blocks with headings, each with a button to /contact, services' with /events beside it (${lang})`, async ({
    page,
    consoleErrors,
  }) => {
    await page.goto(`/about-us?lng=${lang}`);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      lang === 'en' ? 'About us' : 'Chi siamo',
    );
    await expect(blocks(page)).toHaveCount(3);
    for (const [index, title] of BLOCKS[lang].entries()) {
      const block = page.getByRole('region', { name: title });
      await expect(block).toBeVisible();
      await expect(block.getByRole('heading', { level: 2 })).toHaveText(title);
      const buttons = index === 2 ? ['/events', '/contact'] : ['/contact'];
      for (const href of buttons) {
        const button = block.locator(`a[href="${href}"]`);
        await expect(button).toHaveCount(1);
        await expect(button).toHaveClass(/\bbutton\b/);
      }
      await expect(blocks(page).nth(index)).toHaveAttribute('aria-labelledby', /.+/);
      const alt = await block.getByRole('img').getAttribute('alt');
      expect(alt?.length).toBeGreaterThan(10);
    }
    expect(consoleErrors).toEqual([]);
  });
}

test('the blocks tell the 25+ years, the tuna fishery and the services', async ({ page }) => {
  await page.goto('/about-us?lng=en');
  const [experience, tonnara, services] = BLOCKS.en.map((name) =>
    page.getByRole('region', { name }),
  );
  await expect(experience!).toContainText(`more than ${YEARS_SINCE_FOUNDING} years of experience`);
  await expect(tonnara!).toContainText('tuna fishery');
  const items = services!.getByRole('listitem');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText('Event catering');
  await expect(items.nth(1)).toContainText('Takeaway');
  await expect(services!.getByText('We look forward to seeing you!')).toBeVisible();
  const call = services!.getByRole('link', { name: 'Call the restaurant' });
  await expect(call).toHaveAttribute('href', 'tel:+393335550187');
  await expect(call).toHaveAttribute('href', /^tel:\+\d+$/);
});

test('a contact button goes to the contact page', async ({ page }) => {
  await page.goto('/about-us?lng=en');
  await hydrated(page);
  await page
    .getByRole('region', { name: BLOCKS.en[1] })
    .getByRole('link', { name: 'Ask us anything' })
    .click();
  await expect(page).toHaveURL(/\/contact$/);
});

test('on a wide screen the images alternate left and right', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/about-us?lng=en');
  const sides: string[] = [];
  for (const block of await blocks(page).all()) {
    const { image, heading } = await layoutOf(block);
    // Side by side: the two columns overlap vertically and not horizontally.
    expect(image.width).toBeLessThan(700);
    sides.push(image.x < heading.x ? 'left' : 'right');
    const [first, second] = image.x < heading.x ? [image, heading] : [heading, image];
    expect(first.x + first.width).toBeLessThanOrEqual(second.x);
  }
  expect(sides).toEqual(['left', 'right', 'left']);
});

test('on a phone the blocks are stacked, image above text', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/about-us?lng=en');
  for (const block of await blocks(page).all()) {
    const { image, heading } = await layoutOf(block);
    expect(image.y + image.height).toBeLessThanOrEqual(heading.y);
    expect(Math.abs(image.x - heading.x)).toBeLessThan(2);
    expect(image.width).toBeGreaterThan(330);
  }
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the first image loads at once, the others lazily, all with their size', async ({ page }) => {
  await page.goto('/about-us?lng=en');
  const images = page.getByRole('main').getByRole('img');
  await expect(images).toHaveCount(3);
  await expect(images.nth(0)).toHaveAttribute('loading', 'eager');
  await expect(images.nth(1)).toHaveAttribute('loading', 'lazy');
  await expect(images.nth(2)).toHaveAttribute('loading', 'lazy');
  await expect(page.locator('head link[rel="preload"][as="image"][imagesrcset]')).toHaveAttribute(
    'imagesrcset',
    /\/assets\/about-experience-/,
  );
  for (const image of await images.all()) {
    await expect(image).toHaveAttribute('width', '1000');
    await expect(image).toHaveAttribute('height', '750');
  }
});

test.describe('accessibility (axe)', () => {
  for (const lang of ['it', 'en', 'fr', 'es', 'de'] as const) {
    test(`/about-us in ${lang} has no axe violations`, async ({ page }) => {
      await page.goto(`/about-us?lng=${lang}`);
      await hydrated(page);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
