import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { registerHooks } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from './testing/app.ts';

/**
 * Mozilla HTTP Observatory grade A+ behind TLS. The real
 * app (production build, TRUST_PROXY=loopback) listens on loopback HTTP; in
 * front of it a TLS terminator with a self-signed certificate made here
 * forwards with X-Forwarded-Proto/For, as a reverse proxy does; a plain-HTTP
 * listener redirects everything to HTTPS. The scanner (`@mdn/mdn-http-observatory`,
 * its own code and scoring) then scans that origin, in this process.
 *
 * Two things of the package are adjusted at load time (module hooks), nothing
 * else of it:
 * - `scan(hostname, options)` drops its options (it calls `retrieve(hostname)`),
 *   so it could only scan ports 80/443; ports are passed through instead, so
 *   the test takes free ports and runs alongside anything else.
 * - the HSTS preload list (`conf/hsts-preload.json`) is downloaded by the
 *   package's postinstall, which `--ignore-scripts` (and a closed network)
 *   skip; without it the scan throws ENOENT. 127.0.0.1 is on no preload list,
 *   so an empty list gives the same answer as the real one.
 */
const PACKAGE = '@mdn/mdn-http-observatory';
const SCANNER_MODULE = `/${PACKAGE}/src/scanner/index.js`;
const HSTS_MODULE = `/${PACKAGE}/src/analyzer/hsts.js`;
const HOST = '127.0.0.1';

interface ScanTest {
  pass: boolean | null;
  result: string | null;
  scoreModifier: number | null;
  scoreDescription: string | null;
}
interface ScanResult {
  scan: { grade: string; score: number; testsFailed: number; testsQuantity: number };
  tests: Record<string, ScanTest>;
}
type Scan = (
  hostname: string,
  options: { httpPort: string; httpsPort: string },
) => Promise<ScanResult>;

/** The scanner's descriptions are HTML: as one line of text. */
const asText = (html: string | null) =>
  (html ?? '')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A throwaway self-signed certificate for localhost and 127.0.0.1. */
function selfSignedCertificate(dir: string): { key: string; cert: string } {
  const keyPath = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2'],
      ...['-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'],
      ...['-keyout', keyPath, '-out', certPath],
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(keyPath, 'utf8'), cert: readFileSync(certPath, 'utf8') };
}

function listen(server: Server, port = 0): Promise<number> {
  return new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => resolveListen((server.address() as AddressInfo).port));
  });
}

function close(server: Server | undefined): Promise<void> {
  if (!server?.listening) return Promise.resolve();
  server.closeAllConnections();
  return new Promise((resolveClose) => server.close(() => resolveClose()));
}

/** Loads the scanner with the two adjustments described at the top. */
async function loadScanner(): Promise<{ scan: Scan; unhook: () => void }> {
  const hooks = registerHooks({
    load(url, context, nextLoad) {
      if (url.endsWith(HSTS_MODULE)) {
        return {
          format: 'module',
          shortCircuit: true,
          source:
            'export const hsts = () => new Map();\nexport const isHstsPreloaded = () => null;\n',
        };
      }
      const loaded = nextLoad(url, context);
      if (!url.endsWith(SCANNER_MODULE)) return loaded;
      const source =
        typeof loaded.source === 'string'
          ? loaded.source
          : new TextDecoder().decode(loaded.source as Uint8Array);
      if (source.includes('retrieve(hostname, options)')) return loaded;
      if (!source.includes('retrieve(hostname)')) {
        throw new Error(`${PACKAGE} changed: scan() no longer calls retrieve(hostname)`);
      }
      return {
        ...loaded,
        source: source.replace('retrieve(hostname)', 'retrieve(hostname, options)'),
      };
    },
  });
  // A variable specifier: the package ships JavaScript without types.
  const specifier = `${PACKAGE}/src/index.js`;
  const { scan } = (await import(/* @vite-ignore */ specifier)) as { scan: Scan };
  return { scan, unhook: () => hooks.deregister() };
}

/** The certificate is made with openssl (Debian has it); without it the test says so and skips. */
const hasCertificateTool = hasOpenssl();

describe.skipIf(!hasCertificateTool)('Mozilla HTTP Observatory behind TLS (needs openssl)', () => {
  let dir: string | undefined;
  const defaultCAs = getCACertificates('default');
  const savedNoProxy = { NO_PROXY: process.env.NO_PROXY, no_proxy: process.env.no_proxy };
  let site: Awaited<ReturnType<typeof testApp>> | undefined;
  let tls: Server | undefined;
  let redirector: Server | undefined;
  let ports: { http: number; https: number };
  let scanner: Awaited<ReturnType<typeof loadScanner>> | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'observatory-'));
    const certificate = selfSignedCertificate(dir);
    // The scanner's HTTPS agents use Node's default CA list: trust ours too,
    // so the scan sees a valid chain (an unverified one fails HSTS and redirection).
    setDefaultCACertificates([...defaultCAs, certificate.cert]);
    // Never through a proxy from the environment: the target is loopback.
    process.env.NO_PROXY = process.env.no_proxy = `${HOST},localhost`;

    site = await testApp({ TRUST_PROXY: 'loopback' });
    await site.app.listen({ port: 0, host: HOST });
    const appPort = (site.app.server.address() as AddressInfo).port;

    // The TLS terminator: what nginx/Caddy do in front of the app.
    tls = createHttpsServer(certificate, (request, response) => {
      const upstream = httpRequest(
        {
          host: HOST,
          port: appPort,
          method: request.method,
          path: request.url,
          headers: {
            ...request.headers,
            'x-forwarded-proto': 'https',
            'x-forwarded-for': request.socket.remoteAddress ?? HOST,
          },
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', () => {
        if (!response.headersSent) response.writeHead(502);
        response.end();
      });
      request.pipe(upstream);
    });
    const httpsPort = await listen(tls);

    // Plain HTTP: every request to the same path on the HTTPS origin.
    redirector = createHttpServer((request, response) => {
      const hostname = new URL(`http://${request.headers.host ?? HOST}`).hostname;
      response.writeHead(301, { location: `https://${hostname}:${httpsPort}${request.url}` });
      response.end();
    });
    ports = { http: await listen(redirector), https: httpsPort };
    scanner = await loadScanner();
  });

  afterAll(async () => {
    scanner?.unhook();
    setDefaultCACertificates(defaultCAs);
    for (const [name, value] of Object.entries(savedNoProxy)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await Promise.all([close(redirector), close(tls)]);
    await site?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('grades the site A+ with a score of at least 100', async () => {
    const result = await scanner!.scan(HOST, {
      httpPort: String(ports.http),
      httpsPort: String(ports.https),
    });
    const failing = Object.entries(result.tests)
      .filter(([, test]) => !test.pass || (test.scoreModifier ?? 0) < 0)
      .map(
        ([name, test]) =>
          `  ${name}: ${test.result} (${test.scoreModifier}) ${asText(test.scoreDescription)}`,
      );
    const summary =
      `grade ${result.scan.grade}, score ${result.scan.score}, ` +
      `${result.scan.testsFailed}/${result.scan.testsQuantity} tests failed` +
      (failing.length ? `:\n${failing.join('\n')}` : '');
    expect(result.scan.grade, summary).toBe('A+');
    expect(result.scan.score, summary).toBeGreaterThanOrEqual(100);
    expect(failing, summary).toEqual([]);
  });
});
