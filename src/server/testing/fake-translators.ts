import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Loopback stand-ins for the paid translation services (the only fakes the
 * project allows): real HTTP servers speaking the providers' protocols.
 * A "translation" is `[LANG] text`, so tests can see what was translated.
 */
export interface FakeTranslator {
  url: string;
  /** Every call answered with a translation: target language and texts. */
  calls: { target: string; texts: string[]; headers: IncomingMessage['headers'] }[];
  /** Every request received, failed ones included. */
  readonly requests: number;
  /** Answer the next n calls with this HTTP status instead. */
  failNext(count: number, status?: number): void;
  /** Delay every answer (ms). */
  delay: number;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function serve(
  handle: (request: IncomingMessage, body: string) => { status: number; json: unknown },
): Promise<{
  server: Server;
  url: string;
  state: { failures: number; failStatus: number; delay: number; requests: number };
}> {
  const state = { failures: 0, failStatus: 503, delay: 0, requests: 0 };
  const server = createServer((request, response) => {
    void readBody(request).then(async (body) => {
      state.requests += 1;
      if (state.delay) await new Promise((resolve) => setTimeout(resolve, state.delay));
      const answer =
        state.failures > 0
          ? (state.failures--, { status: state.failStatus, json: { message: 'unavailable' } })
          : handle(request, body);
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, state };
}

function wrap(
  started: Awaited<ReturnType<typeof serve>>,
  calls: FakeTranslator['calls'],
): FakeTranslator {
  return {
    url: started.url,
    calls,
    failNext(count, status = 503) {
      started.state.failures = count;
      started.state.failStatus = status;
    },
    get requests() {
      return started.state.requests;
    },
    get delay() {
      return started.state.delay;
    },
    set delay(ms: number) {
      started.state.delay = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        started.server.closeAllConnections();
        started.server.close(() => resolve());
      }),
  };
}

/**
 * DeepL's POST /v2/translate and GET /v2/usage (403 for another key): `DeepL-Auth-Key` authorization, form-encoded
 * (repeated `text`) or JSON (`text` array) bodies, `target_lang` in upper
 * case ("EN-GB"), answering `{translations: [{detected_source_language, text}]}`.
 */
export async function startFakeDeepL(apiKey: string): Promise<FakeTranslator> {
  const calls: FakeTranslator['calls'] = [];
  const started = await serve((request, body) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const route = `${request.method} ${url.pathname}`;
    if (route !== 'POST /v2/translate' && route !== 'GET /v2/usage') {
      return { status: 404, json: { message: 'Not found' } };
    }
    if (request.headers.authorization !== `DeepL-Auth-Key ${apiKey}`) {
      return { status: 403, json: { message: 'Wrong endpoint' } };
    }
    if (route === 'GET /v2/usage') {
      return { status: 200, json: { character_count: 1234, character_limit: 500000 } };
    }
    let texts: string[];
    let target: string;
    if ((request.headers['content-type'] ?? '').includes('application/json')) {
      const json = JSON.parse(body) as { text: string[]; target_lang: string };
      texts = json.text;
      target = json.target_lang;
    } else {
      const form = new URLSearchParams(body);
      texts = form.getAll('text');
      target = form.get('target_lang') ?? '';
    }
    if (!target || texts.length === 0) return { status: 400, json: { message: 'Bad request' } };
    calls.push({ target, texts, headers: request.headers });
    return {
      status: 200,
      json: {
        translations: texts.map((text) => ({
          detected_source_language: 'IT',
          text: `[${target.toUpperCase()}] ${text}`,
        })),
      },
    };
  });
  return wrap(started, calls);
}

/** LibreTranslate's POST /translate with `q` as a list, answering `{translatedText: [...]}`, and GET /languages. */
export async function startFakeLibreTranslate(apiKey?: string): Promise<FakeTranslator> {
  const calls: FakeTranslator['calls'] = [];
  const started = await serve((request, body) => {
    if (request.method === 'GET' && request.url === '/languages') {
      // What LibreTranslate lists (code, name, targets); its GET /languages takes no key.
      const codes = ['it', 'en', 'fr', 'es', 'de'];
      return {
        status: 200,
        json: codes.map((code) => ({ code, name: code, targets: codes.filter((c) => c !== code) })),
      };
    }
    if (request.method !== 'POST' || request.url !== '/translate') {
      return { status: 404, json: { error: 'Not found' } };
    }
    const json = JSON.parse(body) as {
      q: string[];
      source: string;
      target: string;
      api_key?: string;
    };
    if (apiKey && json.api_key !== apiKey)
      return { status: 403, json: { error: 'Invalid API key' } };
    if (json.source !== 'it') return { status: 400, json: { error: 'source must be it' } };
    calls.push({ target: json.target, texts: json.q, headers: request.headers });
    return {
      status: 200,
      json: { translatedText: json.q.map((text) => `[${json.target.toUpperCase()}] ${text}`) },
    };
  });
  return wrap(started, calls);
}
