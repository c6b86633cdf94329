import { spawn } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { stopProcess } from './processes.ts';

/** Debian's Caddy (scripts/ensure-caddy.ts installs it), or the one CADDY_PATH names. */
export const CADDY_PATH = process.env.CADDY_PATH ?? '/usr/bin/caddy';

const DEPLOY_CADDYFILE = resolve(import.meta.dirname, '../../deploy/Caddyfile');

/**
 * Caddy running the real deploy/Caddyfile on loopback: a wrapper Caddyfile
 * holds only what a test machine needs instead of a server's defaults (its
 * own high ports, loopback only, certificates from Caddy's local CA, which
 * is trusted nowhere, storage and no admin endpoint in a temporary folder)
 * and `import`s deploy/Caddyfile, with SITE_DOMAIN and UPSTREAMS set as
 * Caddy's unit sets them (README "Going live").
 *
 * The domain resolves to 127.0.0.1 for this module's requests and for a
 * browser given `resolverRule`; `request` trusts Caddy's local root alone.
 */
export interface RunningCaddy {
  origin: string;
  httpOrigin: string;
  /** For Chromium's --host-resolver-rules. */
  resolverRule: string;
  /** SHA-256 of the served chain's public keys (leaf, intermediate), base64: --ignore-certificate-errors-spki-list. */
  spkiHashes: string[];
  request(path: string, options?: ProxyRequest): Promise<ProxyAnswer>;
  stop(): Promise<void>;
}

export interface ProxyRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The client's own address (any of 127.0.0.0/8): another "real" client. */
  from?: string;
  /** Plain HTTP to Caddy's port 80 stand-in instead of HTTPS. */
  plain?: boolean;
}

export interface ProxyAnswer {
  status: number;
  /** Each header line as sent: a name twice is there twice. */
  rawHeaders: [string, string][];
  header(name: string): string | undefined;
  body: string;
}

export async function startCaddy(options: {
  domain: string;
  httpsPort: number;
  httpPort: number;
  upstreams: string[];
}): Promise<RunningCaddy> {
  const { domain, httpsPort, httpPort } = options;
  const dir = await mkdtemp(join(tmpdir(), 'restaurant-caddy-'));
  const storage = join(dir, 'storage');
  await writeFile(
    join(dir, 'Caddyfile'),
    [
      '{',
      '\tadmin off',
      `\thttp_port ${httpPort}`,
      `\thttps_port ${httpsPort}`,
      '\tdefault_bind 127.0.0.1',
      '\tlocal_certs',
      '\tskip_install_trust',
      `\tstorage file_system ${storage}`,
      '}',
      `import ${DEPLOY_CADDYFILE}`,
      '',
    ].join('\n'),
  );
  const child = spawn(CADDY_PATH, ['run', '--adapter', 'caddyfile', '--config', 'Caddyfile'], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: dir,
      XDG_CONFIG_HOME: join(dir, 'config'),
      XDG_DATA_HOME: join(dir, 'data'),
      SITE_DOMAIN: domain,
      UPSTREAMS: options.upstreams.join(' '),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const rootPath = join(storage, 'pki/authorities/local/root.crt');
  const leafPath = join(storage, `certificates/local/${domain}/${domain}.crt`);
  const origin = `https://${domain}:${httpsPort}`;
  const httpOrigin = `http://${domain}:${httpPort}`;
  const stop = async () => {
    await stopProcess(child);
    await rm(dir, { recursive: true, force: true });
  };

  // Caddy issues the site's certificate in the background once it runs.
  let root = '';
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`Caddy exited (${child.exitCode}):\n${output}`);
    }
    if (!root && existsSync(rootPath) && existsSync(leafPath)) {
      root = await readFile(rootPath, 'utf8');
    }
    if (root) {
      const answer = await send(origin, '/api/health', {}, root).catch(() => undefined);
      if (answer?.status === 200) break;
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Caddy did not serve ${origin}/api/health within 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  // The leaf and the intermediate, as the server sends them.
  const chain = (await readFile(leafPath, 'utf8')).match(
    /-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g,
  )!;
  return {
    origin,
    httpOrigin,
    resolverRule: `MAP ${domain} 127.0.0.1`,
    spkiHashes: chain.map((pem) => spkiHash(pem)),
    request: (path, options = {}) => send(options.plain ? httpOrigin : origin, path, options, root),
    stop,
  };
}

function spkiHash(pem: string): string {
  const spki = new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}

/** Every name resolves to 127.0.0.1, as the domain's DNS would point at the server. */
const toLoopback: LookupFunction = (_hostname, options, callback) => {
  if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
};

function send(
  base: string,
  path: string,
  options: ProxyRequest,
  rootCa: string,
): Promise<ProxyAnswer> {
  const url = new URL(path, base);
  const common = {
    method: options.method ?? 'GET',
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    lookup: toLoopback,
    ...(options.from ? { localAddress: options.from } : {}),
  };
  return new Promise((resolvePromise, reject) => {
    const done = (response: IncomingMessage) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('error', reject);
      response.on('end', () => {
        const rawHeaders: [string, string][] = [];
        for (let i = 0; i < response.rawHeaders.length; i += 2) {
          rawHeaders.push([response.rawHeaders[i]!.toLowerCase(), response.rawHeaders[i + 1]!]);
        }
        resolvePromise({
          status: response.statusCode ?? 0,
          rawHeaders,
          header: (name) => rawHeaders.find(([key]) => key === name.toLowerCase())?.[1],
          body,
        });
      });
    };
    const sent =
      url.protocol === 'https:'
        ? httpsRequest(url, { ...common, ca: rootCa, agent: false }, done)
        : httpRequest(url, { ...common, agent: false }, done);
    sent.on('error', reject);
    sent.end(options.body);
  });
}
