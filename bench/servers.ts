import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { freePort } from '../src/server/testing/ports.ts';

export { freePort };
export const ROOT = resolve(import.meta.dirname, '..');

async function waitFor(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

interface Running {
  url: string;
  stop(): Promise<void>;
}

interface RunningSite extends Running {
  databaseUrl: string;
}

/** Stops the process, then removes its scratch folder (if it has one). */
function stopper(child: ChildProcess, scratchDir?: string): () => Promise<void> {
  return async () => {
    await new Promise<void>((resolveStop) => {
      if (child.exitCode !== null) return resolveStop();
      child.once('exit', () => resolveStop());
      child.kill('SIGTERM');
    });
    if (scratchDir) rmSync(scratchDir, { recursive: true, force: true });
  };
}

/** The real server (`npm run serve`) on a free port, with a database of its own. */
export async function startSite(env: Record<string, string> = {}): Promise<RunningSite> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'bench-site-'));
  const url = `http://127.0.0.1:${port}`;
  const databaseUrl = `file:${join(dir, 'db.sqlite')}`;
  // SITE_CPU_PROF=<folder>: the site writes a V8 CPU profile there when it stops
  // (NODE_OPTIONS may not carry --cpu-prof), to see where a measure's time goes.
  const profile = process.env.SITE_CPU_PROF;
  const flags = profile ? ['--cpu-prof', '--cpu-prof-dir', profile] : [];
  const child = spawn(process.execPath, [...flags, 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`${url}/api/health`);
  return { url, databaseUrl: env.DATABASE_URL ?? databaseUrl, stop: stopper(child, dir) };
}

/** A staff account made with the CLI on the site's database, logged in through the API. */
export async function staffToken(site: RunningSite): Promise<string> {
  const email = 'bench@trattoria.example';
  const password = 'bench-password-del-mare';
  spawnSync(
    process.execPath,
    [
      'src/server/cli/staff.ts',
      'add',
      '--email',
      email,
      '--first-name',
      'Bench',
      '--last-name',
      'Mark',
      '--password',
      password,
    ],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: site.databaseUrl }, stdio: 'ignore' },
  );
  const response = await fetch(`${site.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`bench login failed: ${response.status}`);
  return ((await response.json()) as { tokens: { token: string }[] }).tokens[0]!.token;
}

/** A child Node process running `code` (an ES module), printing nothing. */
export async function startNodeScript(code: string, port: number): Promise<Running> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/ready`);
  return { url, stop: stopper(child) };
}

/**
 * The headers of one of our answers that nginx is to send as well, so that
 * it serves the same bytes: all of them but those nginx writes itself, with
 * values of its own (the date, the length, the connection's, the ETag, the
 * type, from its MIME table and `charset`).
 */
export function headersToCopy(answer: Response): Record<string, string> {
  return Object.fromEntries([...answer.headers].filter(([name]) => !WRITTEN_BY_NGINX.has(name)));
}

const WRITTEN_BY_NGINX = new Set([
  'date',
  'content-length',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'etag',
  'content-type',
]);

/**
 * nginx serving files from `root`, when it is installed (or installable: root
 * on Debian), adding `headers` to each answer: with our answers' headers
 * (headersToCopy), it serves the same bytes as we do; without, only its own
 * eight.
 */
export async function startNginx(
  root: string,
  headers: Record<string, string> = {},
): Promise<Running | null> {
  if (
    !existsSync('/usr/sbin/nginx') &&
    process.getuid?.() === 0 &&
    existsSync('/usr/bin/apt-get')
  ) {
    console.log('installing nginx (Debian package) for the baseline…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['install', '-y', '-qq', 'nginx-light'], { stdio: 'ignore', env });
    if (!existsSync('/usr/sbin/nginx')) {
      spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
      spawnSync('apt-get', ['install', '-y', '-qq', 'nginx-light'], { stdio: 'ignore', env });
    }
  }
  if (!existsSync('/usr/sbin/nginx')) return null;
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'bench-nginx-'));
  mkdirSync(join(dir, 'logs'));
  const added = Object.entries(headers)
    .map(([name, value]) => {
      // nginx reads `$` as a variable, and `"` or `\` would end or escape the string.
      if (/["$\\]/.test(value))
        throw new Error(`nginx cannot be given the header ${name}: ${value}`);
      return `add_header ${name} "${value}";`;
    })
    .join(' ');
  // One worker: our server is one process too. With headers of ours, nginx
  // names our type's charset as we do, and leaves out what it can of its own
  // that we never send: its version, and Accept-Ranges (no ranges). It still
  // sends `Server: nginx` and Last-Modified.
  const asOurs = added ? 'server_tokens off; max_ranges 0; charset utf-8;' : '';
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/logs/error.log;
events { worker_connections 1024; }
http { access_log off; include /etc/nginx/mime.types; sendfile on; keepalive_requests 100000;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server { listen 127.0.0.1:${port}; root ${root}; location = /ready { return 200 'ok'; } location / { default_type text/html; try_files $uri $uri.html =404; ${asOurs} ${added} } } }`,
  );
  const child = spawn('/usr/sbin/nginx', ['-c', join(dir, 'nginx.conf'), '-p', dir], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/ready`);
  return { url, stop: stopper(child, dir) };
}
