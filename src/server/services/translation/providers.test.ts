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
