import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startFakeDeepL,
  startFakeLibreTranslate,
  type FakeTranslator,
} from '../../testing/fake-translators.ts';
import { deeplProvider } from './deepl.ts';
import { libreTranslateProvider } from './libretranslate.ts';
import type { TranslationProvider } from './provider.ts';

// docs/security.md item 23: the translation call goes only to the configured host
// (a redirect elsewhere is refused, never followed) and stops when its signal
// (the 10 s timeout) says so.

let servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

/** A loopback server answering every request with `answer`, counting them. */
async function startServer(answer: (response: import('node:http').ServerResponse) => void) {
  let requests = 0;
  const server: Server = createServer((request, response) => {
    requests += 1;
    request.resume();
    answer(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const handle = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(handle);
  return handle;
}

const kinds: {
  name: string;
  fake: () => Promise<FakeTranslator>;
  provider: (url: string) => TranslationProvider;
}[] = [
  {
    name: 'DeepL',
    fake: () => startFakeDeepL('key-1'),
    provider: (url) => deeplProvider('key-1', url),
  },
  {
    name: 'LibreTranslate',
    fake: () => startFakeLibreTranslate(),
    provider: (url) => libreTranslateProvider(url),
  },
];

describe.each(kinds)('$name', ({ fake, provider }) => {
  it('translates several texts in one call, in order', async () => {
    const service = await fake();
    servers.push(service);
    const texts = await provider(service.url).translate(
      ['Pane', 'Pesce spada'],
      'de',
      AbortSignal.timeout(5000),
    );
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain('Pane');
    expect(texts[1]).toContain('Pesce spada');
    expect(service.calls).toHaveLength(1);
  });

  it('refuses a redirect to another host, which never hears from it', async () => {
    const elsewhere = await startServer((response) => response.end('{}'));
    const redirecting = await startServer((response) => {
      response.writeHead(307, { location: `${elsewhere.url}/steal` });
      response.end();
    });
    await expect(
      provider(redirecting.url).translate(['Pane'], 'en', AbortSignal.timeout(5000)),
    ).rejects.toThrow();
    expect(redirecting.requests).toBe(1);
    expect(elsewhere.requests).toBe(0);
  });

  it('stops when its signal aborts, even if the service never answers', async () => {
    const silent = await startServer(() => {
      // never answers
    });
    const controller = new AbortController();
    const call = provider(silent.url).translate(['Pane'], 'fr', controller.signal);
    await expect.poll(() => silent.requests).toBe(1);
    controller.abort();
    await expect(call).rejects.toThrow(/abort/i);
  });
});

// `npm run doctor` asks each provider something that translates nothing, and
// tells a refused key, a service that does not answer and one that answers
// something else apart (services/doctor/translation-check.ts gives each its advice).
describe.each(kinds)('$name probe', ({ fake, provider }) => {
  it('answers ok from the service, translating nothing', async () => {
    const service = await fake();
    servers.push(service);
    const result = await provider(service.url).probe(AbortSignal.timeout(5000));
    expect(result.ok).toBe(true);
    expect(service.calls).toHaveLength(0);
    expect(service.requests).toBe(1);
  });

  it('says unreachable when nothing listens', async () => {
    const gone = await startServer(() => {});
    const url = gone.url;
    await gone.close();
    const result = await provider(url).probe(AbortSignal.timeout(5000));
    expect(result).toMatchObject({ ok: false, reason: 'unreachable' });
    expect(result.detail).toContain('ECONNREFUSED');
  });

  it('says unreachable when the service does not answer in time', async () => {
    const silent = await startServer(() => {});
    const result = await provider(silent.url).probe(AbortSignal.timeout(200));
    expect(result).toMatchObject({
      ok: false,
      reason: 'unreachable',
      detail: expect.stringContaining('no answer in time'),
    });
  });

  it('says a wrong answer when something else answers', async () => {
    const other = await startServer((response) => response.end('<html>a web page</html>'));
    const result = await provider(other.url).probe(AbortSignal.timeout(5000));
    expect(result).toMatchObject({ ok: false, reason: 'answer' });
    expect(result.detail).toContain('not JSON');
  });

  it('says a wrong answer at an error status that is not about the key', async () => {
    const service = await fake();
    servers.push(service);
    service.failNext(1, 503);
    const result = await provider(service.url).probe(AbortSignal.timeout(5000));
    expect(result).toMatchObject({ ok: false, reason: 'answer' });
    expect(result.detail).toContain('status 503');
  });
});

describe('DeepL probe', () => {
  it('reads the usage, and tells a refused key (403) apart', async () => {
    const service = await startFakeDeepL('key-1');
    servers.push(service);
    expect(await deeplProvider('key-1', service.url).probe(AbortSignal.timeout(5000))).toEqual({
      ok: true,
      detail: 'DeepL answers, 1234 of 500000 characters used this period',
    });
    expect(await deeplProvider('key-2', service.url).probe(AbortSignal.timeout(5000))).toEqual({
      ok: false,
      reason: 'key',
      detail: 'DeepL refused the key (403)',
    });
  });
});

describe('LibreTranslate probe', () => {
  it('needs Italian into every target language', async () => {
    const partial = await startServer((response) =>
      response.end(JSON.stringify([{ code: 'it', name: 'Italian', targets: ['en', 'fr'] }])),
    );
    const result = await libreTranslateProvider(partial.url).probe(AbortSignal.timeout(5000));
    expect(result).toMatchObject({ ok: false, reason: 'answer' });
    expect(result.detail).toContain('no translation from Italian into es, de');
  });
});
