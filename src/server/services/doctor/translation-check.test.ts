import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeDeepL, startFakeLibreTranslate } from '../../testing/fake-translators.ts';
import { contextFor } from './test-context.ts';
import { translationCheck } from './translation-check.ts';

const closes: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closes.splice(0).map((close) => close()));
});

async function deepl() {
  const fake = await startFakeDeepL('good-key:fx');
  closes.push(() => fake.close());
  return fake;
}

describe('translation check (the fake services on loopback)', () => {
  it('is ok when DeepL answers its usage, and translates nothing', async () => {
    const fake = await deepl();
    const result = await translationCheck(
      contextFor({ DEEPL_API_KEY: 'good-key:fx', DEEPL_SERVER_URL: fake.url }),
    );
    expect(result).toMatchObject({
      status: 'ok',
      detail: expect.stringContaining('1234 of 500000'),
    });
    expect(fake.calls).toHaveLength(0);
  });

  it('fails a key DeepL refuses (403), with the key’s advice', async () => {
    const fake = await deepl();
    const result = await translationCheck(
      contextFor({ DEEPL_API_KEY: 'revoked-key', DEEPL_SERVER_URL: fake.url }),
    );
    expect(result).toMatchObject({
      status: 'fail',
      detail: 'DeepL refused the key (403)',
      advice: expect.stringContaining('DEEPL_API_KEY is wrong or revoked'),
    });
  });

  it('fails an unreachable service with the address’s advice', async () => {
    const fake = await deepl();
    await fake.close();
    const result = await translationCheck(
      contextFor({ DEEPL_API_KEY: 'good-key:fx', DEEPL_SERVER_URL: fake.url }),
    );
    expect(result).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('ECONNREFUSED'),
      advice: expect.stringContaining('check DEEPL_SERVER_URL'),
    });
  });

  it('is ok when LibreTranslate lists Italian into the four languages', async () => {
    const fake = await startFakeLibreTranslate();
    closes.push(() => fake.close());
    const result = await translationCheck(contextFor({ LIBRETRANSLATE_URL: fake.url }));
    expect(result).toMatchObject({
      status: 'ok',
      detail: expect.stringContaining('Italian into en, fr, es, de'),
    });
  });

  it('fails an address that answers something else, with the address’s advice', async () => {
    const page = createServer((_request, response) => response.end('<!doctype html><p>hello'));
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    closes.push(() => new Promise((resolve) => page.close(() => resolve())));
    const url = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
    const result = await translationCheck(contextFor({ LIBRETRANSLATE_URL: url }));
    expect(result).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('not JSON'),
      advice: expect.stringContaining('LIBRETRANSLATE_URL answers, but not as LibreTranslate'),
    });
  });

  it('warns without a provider: texts stay Italian until typed by hand', async () => {
    const result = await translationCheck(contextFor({}));
    expect(result).toMatchObject({
      status: 'warn',
      detail: expect.stringContaining('stay in Italian'),
    });
  });
});
