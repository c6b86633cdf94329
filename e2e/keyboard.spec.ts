import { test, expect, hydrated, tabTo } from './fixtures.ts';

// Keyboard only (the menu carousel has its own in menu.spec.ts).

test('the language dropdown, by keyboard', async ({ page, consoleErrors }) => {
  await page.goto('/about-us?lng=it');
  await hydrated(page);
  const select = page.getByRole('combobox', { name: 'Lingua' });
  await tabTo(page, select);
  await page.keyboard.press('ArrowDown'); // Italiano → English
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('combobox', { name: 'Language' })).toBeFocused();
  expect(consoleErrors).toEqual([]);
});

test('the contact form, by keyboard', async ({ page }) => {
  await page.goto('/contact?lng=en');
  await hydrated(page);
  // "Let's talk" leads to the form.
  await tabTo(page, page.getByRole('link', { name: "Let's talk" }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByLabel('First name'));
  await page.keyboard.type('Giulia');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Verdi');
  await page.keyboard.press('Tab');
  await page.keyboard.type('giulia@example.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type('A table for two, please.');
  // The honeypot is out of the tab order: next comes the consent box.
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('I have read and accept the privacy policy')).toBeFocused();
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: 'Send message' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Message sent successfully')).toBeVisible();
});

test('a takeaway order, by keyboard', async ({ page }) => {
  // Tab by Tab through every dish's field: over 30 s on a loaded CI machine.
  test.slow();
  await page.goto('/takeaway?lng=en');
  await hydrated(page);
  await tabTo(page, page.getByLabel('Margherita, quantity'));
  await page.keyboard.type('2');
  await expect(page.locator('.takeaway-basket .takeaway-total')).toContainText('13,00 €');
  // The day and the time keep their first choices: the first open day, as soon as possible.
  await tabTo(page, page.getByLabel('Full name'));
  await page.keyboard.type('Giulia Verdi');
  await page.keyboard.press('Tab');
  await page.keyboard.type('giulia@example.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type('+39 333 1234567');
  await tabTo(page, page.getByLabel('I have read and accept the privacy policy'));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: 'Place my order' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Order received' })).toBeFocused();
});
