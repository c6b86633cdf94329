import { test, expect, hydrated } from './fixtures.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { createStaffAccount, logInThroughApi } from './support/staff.ts';
import { startFakeDeepL, type FakeTranslator } from '../src/server/testing/fake-translators.ts';

// The daily menu in every visitor's language, translated by the
// server on save (a DeepL stand-in on loopback), never by the browser.

let deepl: FakeTranslator;
let server: TestServer;
const titolo = `Menu del pescatore ${Date.now().toString(36)}`;

test.beforeAll(async ({ request }) => {
  deepl = await startFakeDeepL('e2e-key');
  server = await startTestServer({ DEEPL_API_KEY: 'e2e-key', DEEPL_SERVER_URL: deepl.url });
  const account = await createStaffAccount(server.databaseUrl, 'translation');
  const session = await logInThroughApi(request, account, server.url);
  const saved = await request.put(`${server.url}/api/daily-menu/1`, {
    headers: { authorization: `Bearer ${session.token}` },
    data: {
      titolo,
      descrizione: 'Busiate al pesto trapanese, Tonno alla marinara',
      infoAggiuntive: 'Pane fatto in casa',
    },
  });
  expect(saved.status()).toBe(200);
  await expect
    .poll(
      async () =>
        (await (await request.get(`${server.url}/api/daily-menu/1?lang=de`)).json()).translation,
    )
    .toBe('machine');
});

test.afterAll(async () => {
  await server.stop();
  await deepl.close();
});

test('the served HTML holds the daily menu in the request language', async ({ request }) => {
  const german = await (await request.get(`${server.url}/?lng=de`)).text();
  expect(german).toContain(`[DE] ${titolo}`);
  expect(german).toContain('[DE] Busiate al pesto trapanese');
  expect(german).toContain(
    '<p class="daily-menu__note">Automatisch aus dem Italienischen übersetzt</p>',
  );
  const italian = await (await request.get(`${server.url}/?lng=it`)).text();
  expect(italian).toContain(titolo);
  expect(italian).not.toContain('[DE]');
  expect(italian).not.toContain('class="daily-menu__note"');
});

test('switching language shows the skeleton, then the translated menu; the browser never calls the provider', async ({
  page,
  consoleErrors,
}) => {
  const external: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(server.url)) external.push(request.url());
  });
  await page.goto(`${server.url}/?lng=it`);
  await hydrated(page);
  const block = page.locator('.daily-menu');
  await expect(block.getByRole('heading')).toHaveText(titolo);
  // Hold the data request a moment, so the placeholder can be seen.
  await page.route('**/*.data*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await page.getByRole('combobox', { name: 'Lingua' }).selectOption('en');
  await expect(block.locator('.react-loading-skeleton').first()).toBeVisible();
  await expect(block.getByRole('heading')).toHaveText(`[EN-GB] ${titolo}`);
  await expect(
    block.getByRole('list', { name: "Today's dishes" }).getByRole('listitem'),
  ).toHaveText(['[EN-GB] Busiate al pesto trapanese', '[EN-GB] Tonno alla marinara']);
  await expect(block.getByText('Translated automatically from Italian')).toBeVisible();
  expect(external).toEqual([]);
  expect(
    deepl.calls.every((call) => !String(call.headers['user-agent'] ?? '').includes('Chrome')),
  ).toBe(true);
  expect(consoleErrors).toEqual([]);
});
