import { test as base, expect } from '@playwright/test';

/** Tests this worker has run: each gets a client address of its own (below). */
let visitors = 0;

/**
 * Every page under test fails on a console error or an uncaught exception:
 * a CSP violation, a hydration mismatch or a failed request shows up there.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  /**
   * Each test is a visitor of its own: a client address no other test uses,
   * in X-Forwarded-For (the suite's servers trust loopback proxies), so that
   * per-address limits such as the auth routes' 10 a minute count one test's
   * requests only.
   */
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    visitors += 1;
    const address = `10.${testInfo.workerIndex & 255}.${(visitors >> 8) & 255}.${visitors & 255}`;
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': address });
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
    expect(errors, 'console errors').toEqual([]);
  },
});

export { expect };

/** Waits until React has hydrated the page (the router is interactive). */
export async function hydrated(page: import('@playwright/test').Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** The top bar's navigation (the footer repeats some of its links). */
export function topNav(page: import('@playwright/test').Page) {
  return page.getByRole('banner').getByRole('navigation');
}

/** Presses Tab until `target` has the focus (at most `limit` times). */
export async function tabTo(
  page: import('@playwright/test').Page,
  target: import('@playwright/test').Locator,
  limit = 80,
) {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('never reached by Tab');
}

/** A toast with `text` (exactly, when a string). */
export function toast(page: import('@playwright/test').Page, text: string | RegExp) {
  return page.locator('.Toastify').getByText(text, { exact: typeof text === 'string' });
}
