import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe's violations on the page, as `{id, targets}` (readable in a failed
 * expectation); an empty list means none. `iframes: false` leaves out the
 * content of third-party frames (the map), which is not ours to fix.
 */
export async function axeViolations(page: Page, options: { iframes?: boolean } = {}) {
  let builder = new AxeBuilder({ page });
  if (options.iframes === false) builder = builder.options({ iframes: false });
  const results = await builder.analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}
