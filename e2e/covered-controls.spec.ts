import type { Locator, Page } from '@playwright/test';
import { test as base, expect, hydrated, toast } from './fixtures.ts';
import { createStaffAccount, type StaffAccount } from './support/staff.ts';
import { e2eProject } from './support/project.ts';

// Nothing fixed on screen (toasts, the language dropdown) covers a control or
// the page's content, on a 390 px phone and a 1280 px desktop.

const test = base.extend<object, { account: StaffAccount }>({
  account: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's parameters
    async ({}, use, workerInfo) => {
      await use(
        await createStaffAccount(
          e2eProject(workerInfo.project).databaseUrl,
          `covered-w${workerInfo.workerIndex}`,
        ),
      );
    },
    { scope: 'worker' },
  ],
});

const WIDTHS = [390, 1280];

async function box(locator: Locator) {
  const rect = await locator.boundingBox();
  expect(rect, 'the element is laid out').not.toBeNull();
  return rect!;
}

/** The box of the toast saying `text`, once it has finished sliding in. */
async function settledToast(page: Page, text: string) {
  await expect(toast(page, text)).toBeVisible();
  const element = page.locator('.Toastify__toast', { hasText: text });
  await expect.poll(() => element.evaluate((node) => node.getAnimations().length)).toBe(0);
  return box(element);
}

function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('the login toast leaves the staff header and "Disconnetti" uncovered', async ({
      page,
      account,
    }) => {
      await page.goto('/login');
      await hydrated(page);
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByRole('button', { name: 'Accedi' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      const logout = page.getByRole('button', { name: 'Disconnetti' });
      await expect(logout).toBeVisible();
      const toastBox = await settledToast(page, 'Login avvenuto con successo!');
      expect(overlaps(toastBox, await box(logout)), 'toast over "Disconnetti"').toBe(false);
      expect(overlaps(toastBox, await box(page.getByRole('banner'))), 'toast over the header').toBe(
        false,
      );
      // And the button still takes the click.
      await logout.click();
      await expect(page).toHaveURL(/\/login$/);
    });

    test('a contact-form toast leaves the public top bar uncovered', async ({ page }) => {
      await page.goto('/contact?lng=en');
      await hydrated(page);
      await page.getByLabel('First name').fill('Giulia');
      await page.getByLabel('Last name').fill('Russo');
      await page.getByLabel('E-mail').fill('giulia@example.com');
      await page.getByLabel('Message', { exact: true }).fill('Avete un tavolo per sabato?');
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Send message' }).click();
      const toastBox = await settledToast(page, 'Message sent successfully');
      expect(
        overlaps(toastBox, await box(page.getByRole('banner'))),
        'toast over the top bar',
      ).toBe(false);
    });

    test('the language dropdown hides no content anywhere on /menu', async ({ page }) => {
      await page.goto('/menu?lng=de');
      await hydrated(page);
      const dropdown = page.locator('.language-select');
      await expect(dropdown.getByRole('combobox')).toBeVisible();
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y < height; y += 200) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        const covered = await dropdown.evaluate(coveredContent);
        expect(covered, `content under the dropdown at scrollY ${y}`).toEqual([]);
      }
    });
  });
}

/**
 * The visible text, images and controls outside `dropdown` that its box
 * overlaps. Content that has scrolled under the sticky top bar is hidden by
 * the bar already and does not count.
 */
function coveredContent(dropdown: Element): string[] {
  const area = dropdown.getBoundingClientRect();
  const barBottom = document.querySelector('.top-bar')!.getBoundingClientRect().bottom;
  const found: string[] = [];
  const check = (rect: DOMRect, inTopBar: boolean, what: string) => {
    // Content that has scrolled under the sticky top bar is hidden by the bar already.
    const top = inTopBar ? rect.top : Math.max(rect.top, barBottom);
    if (rect.width === 0 || top >= rect.bottom) return;
    const overlapsX = rect.left < area.right && area.left < rect.right;
    const overlapsY = top < area.bottom && area.top < rect.bottom;
    if (overlapsX && overlapsY) found.push(what);
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement!;
    if (!node.textContent!.trim() || dropdown.contains(parent)) continue;
    if (parent.closest('.visually-hidden, .skip-link, script, style, noscript')) continue;
    if (parent.checkVisibility({ visibilityProperty: true }) === false) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) {
      check(
        rect,
        parent.closest('.top-bar') !== null,
        `text "${node.textContent!.trim().slice(0, 40)}"`,
      );
    }
  }
  for (const element of document.body.querySelectorAll(
    'img, svg, input, select, textarea, button',
  )) {
    if (dropdown.contains(element) || !element.checkVisibility({ visibilityProperty: true }))
      continue;
    check(
      element.getBoundingClientRect(),
      element.closest('.top-bar') !== null,
      element.outerHTML.slice(0, 60),
    );
  }
  return found;
}
