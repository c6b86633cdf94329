import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe's violations on the page, as `{id, targets}` (readable in a failed
 * expectation); an empty list means none. `iframes: false` leaves out the
 * content of third-party frames (the map), which is not ours to fix.
 */
export async function axeViolations(page: Page, options: { iframes?: boolean } = {}) {
  // A toast sliding in or out is partly transparent: axe would measure its
  // text's contrast halfway (loaded CI runs did, on entrances and on a toast
  // whose 5 s closed while axe ran). So the toasts are held first, the way a
  // window losing focus holds them (react-toastify's pauseOnFocusLoss stops
  // their countdown), then every finite animation and transition is awaited
  // to its end, an exit's collapse included; bounded, so a page that
  // animates for ever is judged as axe finds it.
  await page.evaluate(() => window.dispatchEvent(new Event('blur')));
  try {
    await page
      .waitForFunction(
        () =>
          !document.querySelector('.Toastify__toast[class*="-exit"]') &&
          document
            .getAnimations()
            .every(
              (animation) =>
                animation.playState !== 'running' ||
                animation.effect?.getTiming().iterations === Infinity,
            ),
        undefined,
        { timeout: 5_000 },
      )
      .catch(() => undefined);
    return await violations(page, options);
  } finally {
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  }
}

async function violations(page: Page, options: { iframes?: boolean }) {
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
