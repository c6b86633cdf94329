import { DATABASE_INDEPENDENT } from './support/project.ts';
import { test, expect, hydrated } from './fixtures.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { startSmtpServer } from '../src/server/testing/smtp.ts';

// The contact page and its form: consent, loader, toasts, delivery by mail.

test(
  "page: title, intro, Let's talk, the three tiles",
  DATABASE_INDEPENDENT,
  async ({ page, consoleErrors }) => {
    await page.goto('/contact?lng=en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get in Touch');
    await expect(page.getByRole('link', { name: "Let's talk" })).toHaveAttribute(
      'href',
      '#contact-form',
    );
    const tiles = page.getByRole('list', { name: 'How to reach us' });
    await expect(tiles.getByRole('link', { name: '+39 333 555 0187' })).toHaveAttribute(
      'href',
      'tel:+393335550187',
    );
    await expect(tiles.getByRole('link', { name: 'info@latonnara.example' })).toHaveAttribute(
      'href',
      'mailto:info@latonnara.example',
    );
    await expect(tiles.getByRole('link', { name: /Via Lungomare 12/ })).toHaveAttribute(
      'href',
      /maps/,
    );
    await expect(page.getByLabel('E-mail')).toHaveAttribute('type', 'email');
    for (const label of ['First name', 'Last name', 'E-mail', 'Message']) {
      await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('required', '');
    }
    expect(consoleErrors).toEqual([]);
  },
);

/** Accepts every dialog, recording "type: message". */
function acceptAlerts(page: import('@playwright/test').Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.accept();
  });
  return seen;
}

test.describe('sending', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let server: TestServer;
  test.beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({
      SMTP_URL: smtp.url,
      CONTACT_EMAIL: 'staff@trattoria.example',
    });
  });
  test.afterAll(async () => {
    await server.stop();
    await smtp.stop();
  });

  async function fill(page: import('@playwright/test').Page) {
    await page.getByLabel('First name').fill('Giulia');
    await page.getByLabel('Last name').fill('Verdi');
    await page.getByLabel('E-mail').fill('giulia@example.com');
    await page.getByLabel('Message', { exact: true }).fill('A table for six on Saturday, please.');
  }

  test('without consent: the alert, and nothing is sent', async ({ page }) => {
    await page.goto(`${server.url}/contact?lng=en`);
    await hydrated(page);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/contact')) posts.push(request.url());
    });
    await fill(page);
    const alerts = acceptAlerts(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => alerts).toEqual(['alert: Please agree to the privacy policy']);
    expect(posts).toEqual([]);
  });

  test('the consent alert in the other languages', async ({ page }) => {
    const expected = {
      it: "Accetta l'informativa sulla privacy",
      fr: 'Veuillez accepter la politique de confidentialité',
      es: 'Por favor, acepta la política de privacidad',
      de: 'Bitte akzeptieren Sie die Datenschutzerklärung',
    };
    const alerts = acceptAlerts(page);
    for (const [lang, text] of Object.entries(expected)) {
      alerts.length = 0;
      await page.goto(`${server.url}/contact?lng=${lang}`);
      await hydrated(page);
      await page.locator('input[name="firstName"]').fill('A');
      await page.locator('input[name="lastName"]').fill('B');
      await page.locator('input[name="email"]').fill('a@example.com');
      await page.locator('textarea[name="message"]').fill('Ciao');
      await page.locator('form#contact-form button[type="submit"]').click();
      await expect.poll(() => alerts).toEqual([`alert: ${text}`]);
    }
  });

  test('sent: the loader, the success toast, a cleared form, the mail at the restaurant', async ({
    page,
  }) => {
    await page.goto(`${server.url}/contact?lng=en`);
    await hydrated(page);
    await fill(page);
    await page.getByLabel('I have read and accept the privacy policy').check();
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Message sent successfully')).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('');
    const mails = await smtp.waitFor(1);
    const mail = mails.find((m) => m.header('subject')?.includes('Giulia Verdi'))!;
    expect(mail.to).toEqual(['staff@trattoria.example']);
    expect(mail.header('reply-to')).toContain('giulia@example.com');
    expect(mail.text).toContain('A table for six on Saturday, please.');
  });

  test('the API refusing: the failure toast, the text kept', async ({ page }) => {
    await page.goto(`${server.url}/contact?lng=en`);
    await hydrated(page);
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: '{"errors":[{"code":"rate-limited","description":"x"}]}',
      }),
    );
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await fill(page);
    await page.getByLabel('I have read and accept the privacy policy').check();
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Failed to send message')).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('Giulia');
    expect(errors.join('\n')).toContain('429'); // the failure is also logged to the console
  });
});
