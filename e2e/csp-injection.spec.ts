import { createHash } from 'node:crypto';
import { test, expect, hydrated } from './fixtures.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { createStaffAccount, logInThroughApi } from './support/staff.ts';

// docs/security.md items 20 and 35: text that tries to close the hydration data's
// script and open one of its own, typed into the daily menu, reaches the
// visitor's page as text. The page gains no script, its CSP no hash, and
// nothing runs in Chromium (no dialog, no console error).

const ATTACK = '</script><script>alert(1)</script>';
let server: TestServer;

test.beforeAll(async ({ request }) => {
  server = await startTestServer();
  const account = await createStaffAccount(server.databaseUrl, 'csp-injection');
  const session = await logInThroughApi(request, account, server.url);
  const saved = await request.put(`${server.url}/api/daily-menu/1`, {
    headers: { authorization: `Bearer ${session.token}` },
    data: { titolo: `Menu ${ATTACK}`, descrizione: `Pane, ${ATTACK}`, infoAggiuntive: ATTACK },
  });
  expect(saved.status()).toBe(200);
});

test.afterAll(async () => {
  await server.stop();
});

test('a script typed into the daily menu is shown as text and never runs', async ({
  page,
  consoleErrors,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const response = await page.goto(`${server.url}/?lng=it`);
  const html = await response!.text();
  const csp = response!.headers()['content-security-policy'] ?? '';
  expect(html).not.toContain('<script>alert(1)</script>');
  expect(csp).not.toContain(createHash('sha256').update('alert(1)').digest('base64'));
  await hydrated(page);
  await expect(page.getByText(`Menu ${ATTACK}`)).toBeVisible();
  // No script element of the live page is the injected one.
  expect(await page.locator('script:not([src])').allTextContents()).not.toContain('alert(1)');
  expect(dialogs).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
