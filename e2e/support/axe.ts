import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe's violations on the page, as `{id, targets}` (readable in a failed
 * expectation); an empty list means none. `iframes: false` leaves out the
 * content of third-party frames (the map), which is not ours to fix.
 */
export async function axeViolations(page: Page, options: { iframes?: boolean } = {}) {
  // A toast still sliding in is partly transparent: axe would measure its
  // text's contrast halfway (a loaded CI run once did). react-toastify marks
  // a toast Toastify--animate until its entrance ends; an entrance cut short
  // keeps the mark, so the wait is bounded and axe then judges as it finds.
  await page
    .waitForFunction(() => !document.querySelector('.Toastify--animate'), undefined, {
      timeout: 3_000,
    })
    .catch(() => undefined);
  // Only violations are read: axe then skips describing every node that
  // passes, most of its time on a page of many controls (the takeaway menu).
  const builder = new AxeBuilder({ page }).options({
    resultTypes: ['violations'],
    ...(options.iframes === false ? { iframes: false } : {}),
  });
  const results = await builder.analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}
