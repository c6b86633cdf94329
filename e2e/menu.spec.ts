import type { Page } from '@playwright/test';
import { test, expect, hydrated } from './fixtures.ts';

// /menu, in a real browser.

const cards = (page: Page) => page.locator('.category-card');
const selectedHeading = (page: Page) => page.locator('#menu-selected-title');
const selectedItems = (page: Page) =>
  page.locator('.menu-selected .menu-section > .menu-items > li');

test('header, categories, initial selection (Meat Dishes) and the lists', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/menu?lng=en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Menu');
  await expect(page.getByRole('heading', { name: 'Categories' })).toBeVisible();
  await expect(cards(page)).toHaveText([
    'Starters',
    'First Courses',
    'Meat Dishes',
    'Fish Dishes',
    'Salads and side dishes',
    'Pizza',
    'Dessert',
    'Beer and Wines',
  ]);
  await expect(cards(page).nth(2)).toHaveAttribute('aria-pressed', 'true');
  await expect(selectedHeading(page)).toHaveText('Meat Dishes');
  await expect(selectedItems(page)).toHaveCount(11);
  await expect(page.getByRole('heading', { name: 'Aperitifs' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Beverages' })).toBeVisible();
  await expect(page.locator('.menu-always .menu-section').nth(0).locator('li')).toHaveCount(5);
  await expect(page.locator('.menu-always .menu-section').nth(1).locator('li')).toHaveCount(7);
  await expect(page.getByText('Coperto 2 €')).toBeVisible();
  await expect(
    page.getByText('In presenza di allergie e intolleranze alimentari rivolgersi al personale.'),
  ).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('clicking a card selects it, scales it up and lists its items', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/menu?lng=en');
  await hydrated(page);
  const counts: Record<string, number> = {
    Starters: 13,
    'First Courses': 12,
    'Fish Dishes': 9,
    'Salads and side dishes': 5,
    Pizza: 30,
    Dessert: 10,
    'Beer and Wines': 9,
    'Meat Dishes': 11,
  };
  for (const [label, count] of Object.entries(counts)) {
    const card = cards(page).filter({ hasText: label });
    await card.click();
    await expect(card).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('.category-card[aria-pressed="true"]')).toHaveCount(1);
    await expect(selectedItems(page)).toHaveCount(count);
    await expect
      .poll(() => card.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a))
      .toBeGreaterThan(1.05);
  }
  await cards(page).filter({ hasText: 'Starters' }).click();
  await expect(page.locator('.menu-section__extras li')).toHaveCount(4);
  await cards(page).filter({ hasText: 'Pizza' }).click();
  await expect(selectedItems(page).first().locator('.menu-item__ingredients')).not.toBeEmpty();
});

test('the Drinks card reads "Beer and Wines" in Italian too', async ({ page }) => {
  await page.goto('/menu?lng=it');
  await expect(cards(page).nth(7)).toHaveText('Beer and Wines');
  await expect(cards(page).nth(2)).toHaveText('Secondi di carne');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Menu');
  await expect(page.getByRole('heading', { name: 'Categorie' })).toBeVisible();
});

async function visibleCards(page: Page): Promise<number> {
  const viewport = page.viewportSize()!;
  const boxes = await cards(page).evaluateAll((elements) =>
    elements.map((el) => {
      const r = el.closest('.swiper-slide')!.getBoundingClientRect();
      return { left: r.left, right: r.right };
    }),
  );
  return boxes.filter((box) => box.left >= -1 && box.right <= viewport.width + 1).length;
}

/** Slides per view: the carousel's width over one slide's width plus its gap. */
async function slidesPerView(page: Page): Promise<number> {
  return page.locator('.category-carousel').evaluate((carousel) => {
    const slides = [...carousel.querySelectorAll('.swiper-slide')];
    const first = slides[0]!.getBoundingClientRect();
    const gap = slides[1]!.getBoundingClientRect().left - first.right;
    return Math.round((carousel.getBoundingClientRect().width + gap) / (first.width + gap));
  });
}

const slideGap = (page: Page) =>
  page
    .locator('.swiper-slide')
    .evaluateAll((slides) =>
      Math.round(
        slides[1]!.getBoundingClientRect().left - slides[0]!.getBoundingClientRect().right,
      ),
    );

test('carousel: 2 per view at 390 px, all 8 at 1280 px, switching on resize', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/menu?lng=en');
  await hydrated(page);
  await expect(page.locator('.category-carousel.swiper-initialized')).toBeVisible();
  await expect.poll(() => slidesPerView(page)).toBe(2);
  expect(await slideGap(page)).toBe(0);
  // Starts at slide 2, centred.
  await expect(page.locator('.swiper-slide').nth(2)).toHaveClass(/swiper-slide-active/);

  await page.setViewportSize({ width: 1280, height: 900 });
  await expect.poll(() => slidesPerView(page)).toBe(8);
  expect(await slideGap(page)).toBe(40);
  // Centring within bounds keeps all eight cards in view on a wide screen.
  expect(await visibleCards(page)).toBe(8);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => slidesPerView(page)).toBe(2);
  // Clickable dynamic pagination.
  await expect(page.locator('.swiper-pagination-bullets-dynamic')).toBeVisible();
  await page.locator('.swiper-pagination-bullet').nth(4).click();
  await expect(page.locator('.swiper-slide').nth(4)).toHaveClass(/swiper-slide-active/);
});

test('the carousel works with the keyboard alone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/menu?lng=en');
  await hydrated(page);
  await cards(page).nth(2).focus();
  await page.keyboard.press('Shift+Tab');
  await expect(cards(page).nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(selectedHeading(page)).toHaveText('First Courses');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Space');
  await expect(selectedHeading(page)).toHaveText('Starters');
  await expect(cards(page).nth(0)).toBeInViewport();
  for (let i = 0; i < 7; i += 1) await page.keyboard.press('Tab');
  await expect(cards(page).nth(7)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(selectedHeading(page)).toHaveText('Beer and Wines');
  await expect(cards(page).nth(7)).toBeInViewport();
});

test('prices in it-IT euro format in every language', async ({ page }) => {
  for (const lang of ['it', 'en', 'fr', 'es', 'de']) {
    await page.goto(`/menu?lng=${lang}`);
    const prices = await page.locator('.menu-item__price').allTextContents();
    expect(prices).toHaveLength(11 + 5 + 7); // meat dishes, aperitifs, beverages
    for (const price of prices) expect(price).toMatch(/^\d{1,2},\d{2}\u00a0€$/);
  }
});

test('schema.org Menu in the page language', async ({ request }) => {
  const html = await (await request.get('/menu?lng=de')).text();
  const json = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1];
  const data = JSON.parse(json!);
  expect(data['@type']).toBe('Menu');
  expect(data.inLanguage).toBe('de');
  expect(data.hasMenuSection.map((s: { name: string }) => s.name)).toContain('Vorspeisen');
  const items = data.hasMenuSection.flatMap((s: { hasMenuItem: unknown[] }) => s.hasMenuItem);
  expect(items).toHaveLength(115);
  expect(items[0].offers.priceCurrency).toBe('EUR');
});

test('the page carries the visitor’s language only, and Swiper arrives on its own', async ({
  page,
}) => {
  const bodies: { url: string; type: string; text: string }[] = [];
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type === 'script' || type === 'document' || type === 'fetch') {
      bodies.push({ url: response.url(), type, text: await response.text().catch(() => '') });
    }
  });
  await page.goto('/menu?lng=en');
  await hydrated(page);
  await expect(page.locator('.category-carousel.swiper-initialized')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(bodies.some(({ text }) => text.includes('Mixed arancine'))).toBe(true);
  // The same dishes' and lists' names in the other four languages.
  for (const other of ['Arancine miste', 'Arancine variées', 'Arancine variadas', 'Vorspeisen']) {
    expect(
      bodies.filter(({ text }) => text.includes(other)).map(({ url }) => url),
      `"${other}" is sent to an English visitor`,
    ).toEqual([]);
  }
  const swiper = bodies.filter(
    ({ type, text }) => type === 'script' && text.includes('slidesPerView'),
  );
  expect(swiper.map(({ url }) => new URL(url).pathname)).toEqual([
    expect.stringMatching(/^\/assets\/category-carousel-[\w-]+\.js$/),
  ]);
});
