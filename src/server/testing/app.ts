import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

const BUILD_DIR = resolve(import.meta.dirname, '../../../build');

/** The production build (`npm run build`), which page tests render through. */
async function loadBuild(): Promise<{ server: ServerBuild; clientDir: string }> {
  const entry = join(BUILD_DIR, 'server/index.js');
  if (!existsSync(entry)) throw new Error('No build: run `npm run build` before these tests.');
  const server = (await import(pathToFileURL(entry).href)) as ServerBuild;
  return { server, clientDir: join(BUILD_DIR, 'client') };
}

/**
 * A whole app as production wires it, on a database of its own (SQLite, or
 * PostgreSQL in the `postgres` test project: testing/database.ts), for
 * `app.inject()`. Call `close()` after.
 */
export async function testApp(
  env: Record<string, string> = {},
  options: {
    pages?: boolean;
    /** Another app's database (two instances behind one database); left in place by `close()`. */
    sharedDatabase?: TestDatabase;
    /** Receives the app's log lines (at LOG_LEVEL, `info` unless `env` says otherwise). */
    logStream?: { write(line: string): void };
    /** The app's clock for opening hours (ms): a test moves it instead of waiting. */
    now?: () => number;
    /** How long a request may take to arrive whole (app.ts): a test shortens it instead of waiting. */
    requestTimeoutMs?: number;
    /** How long a refused body's rest is read (plugins/early-answers.ts): a test shortens it. */
    drainDeadlineMs?: number;
    /** How long a body other than a photo upload may take (plugins/early-answers.ts): a test shortens it. */
    bodyTimeoutMs?: number;
  } = {},
) {
  const { pages = true, sharedDatabase, logStream, now, requestTimeoutMs } = options;
  const { drainDeadlineMs, bodyTimeoutMs } = options;
  const database = sharedDatabase ?? (await createTestDatabase(undefined, { migrated: true }));
  const drop = () => (sharedDatabase ? Promise.resolve() : database.drop());
  try {
    const config = loadConfig({
      PUBLIC_URL: 'https://www.trattoria.example',
      DATABASE_URL: database.url,
      LOG_LEVEL: logStream ? 'info' : 'silent',
      ...env,
    });
    const app = await buildApp({
      config,
      build: pages ? await loadBuild() : undefined,
      logger: logStream !== undefined,
      ...(logStream ? { logStream } : {}),
      ...(now ? { now } : {}),
      ...(requestTimeoutMs ? { requestTimeoutMs } : {}),
      ...(drainDeadlineMs ? { drainDeadlineMs } : {}),
      ...(bodyTimeoutMs ? { bodyTimeoutMs } : {}),
    });
    await app.ready();
    return {
      app,
      config,
      database,
      async close() {
        try {
          await app.close();
        } finally {
          await drop();
        }
      },
    };
  } catch (error) {
    await drop();
    throw error;
  }
}

export const STAFF_PASSWORD = 'onde-del-mare-azzurro';

/** A staff account straight in the database (what `npm run staff -- add` does). */
export async function createStaff(
  app: import('fastify').FastifyInstance,
  overrides: Partial<{
    email: string;
    username: string;
    firstName: string;
    password: string;
    role: 'owner' | 'staff';
  }> = {},
) {
  const member = {
    email: overrides.email ?? 'anna@trattoria.example',
    username: overrides.username ?? 'anna',
    firstName: overrides.firstName ?? 'Anna',
    lastName: 'Rossi',
    password: overrides.password ?? STAFF_PASSWORD,
    ...(overrides.role ? { role: overrides.role } : {}),
  };
  const result = await app.staffAccounts.create(member);
  if (!result.ok) throw new Error(result.reason);
  return { ...member, id: result.id };
}

/** Logs in through the API and returns the bearer token. */
export async function login(
  app: import('fastify').FastifyInstance,
  email = 'anna@trattoria.example',
  password = STAFF_PASSWORD,
  remoteAddress = '127.0.0.1',
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
  });
  if (response.statusCode !== 200)
    throw new Error(`login: ${response.statusCode} ${response.body}`);
  return response.json<{ tokens: { token: string }[] }>().tokens[0]!.token;
}
