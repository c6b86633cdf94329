import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, login, testApp } from './testing/app.ts';
import { startFakeDeepL, type FakeTranslator } from './testing/fake-translators.ts';

// The translation provider and SMTP are the server's: no key, provider host or
// provider response header reaches a browser, in any response or in the
// client bundle.
const KEY = 'deepl-secret-key-7f3a9c';
const SMTP_PASSWORD = 'smtp-secret-pass-91b2';
let deepl: FakeTranslator;
let harness: Awaited<ReturnType<typeof testApp>>;
let providerHost: string;

beforeAll(async () => {
  deepl = await startFakeDeepL(KEY);
  providerHost = new URL(deepl.url).host;
  harness = await testApp({
    DEEPL_API_KEY: KEY,
    DEEPL_SERVER_URL: deepl.url,
    SMTP_URL: `smtp://mailer:${SMTP_PASSWORD}@127.0.0.1:1`,
  });
  await createStaff(harness.app);
  const token = await login(harness.app);
  await harness.app.inject({
    method: 'PUT',
    url: '/api/daily-menu/1',
    headers: { authorization: `Bearer ${token}` },
    payload: { titolo: 'Menu', descrizione: 'Caponata, Cassata', infoAggiuntive: 'Caffè' },
  });
  await harness.app.textTranslations.refresh();
});
afterAll(async () => {
  await harness.close();
  await deepl.close();
});

const secrets = () => [KEY, SMTP_PASSWORD, providerHost, 'DeepL-Auth-Key', 'x-trace-id'];

describe('secrets never reach the browser', () => {
  it('not in pages, API answers or their headers, in any language', async () => {
    const urls = [
      '/',
      '/?lng=de',
      '/menu?lng=en',
      '/contact',
      '/dashboard',
      '/api/daily-menu/1?lang=fr',
      '/api/daily-menu/1',
    ];
    let translated = false;
    for (const url of urls) {
      const response = await harness.app.inject({ method: 'GET', url });
      const text = `${JSON.stringify(response.headers)}\n${response.body}`;
      for (const secret of secrets())
        expect(text, `${url} contains ${secret}`).not.toContain(secret);
      translated ||= response.body.includes('[DE] Caponata') || response.body.includes('[FR]');
    }
    expect(translated, 'the pages did show machine translations').toBe(true);
  });

  it('not in the built client bundle', async () => {
    const clientDir = join(import.meta.dirname, '../../build/client');
    const files = (await readdir(clientDir, { recursive: true })).filter((file) =>
      /\.(js|css|html|json|svg)$/.test(file),
    );
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const text = await readFile(join(clientDir, file), 'utf8');
      for (const needle of [
        'DEEPL_API_KEY',
        'DeepL-Auth-Key',
        'api.deepl.com',
        'LIBRETRANSLATE',
        'SMTP_URL',
      ]) {
        expect(text, `${file} mentions ${needle}`).not.toContain(needle);
      }
    }
  });
});
