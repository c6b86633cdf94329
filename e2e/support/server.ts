import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { createE2eDatabase } from './database.ts';
import { freePort } from '../../src/server/testing/ports.ts';
import { stopProcess } from './processes.ts';

/**
 * A server process of its own for a spec that needs its own configuration
 * (an SMTP peer, a fresh database, or a DATABASE_URL given in `env`): the
 * built app (`npm run build`), like the one playwright.config.ts starts, on a
 * free loopback port, on a fresh database of the running project's kind
 * (SQLite, or PostgreSQL in the `postgres` project). Call it from a test or a
 * hook: the project is the running test's.
 */
export interface TestServer {
  url: string;
  databaseUrl: string;
  /** Everything the server has printed so far, standard output and error (e.g. its setup link). */
  output(): string;
  stop(): Promise<void>;
}

const ROOT = resolve(import.meta.dirname, '../..');

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  // A DATABASE_URL in `env` is shared with others (several instances behind
  // one database); otherwise the server gets a fresh one of the project's kind.
  const ownDatabase = env.DATABASE_URL ? undefined : await createE2eDatabase();
  const databaseUrl = env.DATABASE_URL ?? ownDatabase!.url;
  try {
    // A free port may be taken by another worker's server before ours binds
    // it: that one would answer our health checks. So the server must say
    // itself that it listens on the port, and a lost race is run again.
    for (let attempt = 1; ; attempt += 1) {
      const started = await spawnServer(databaseUrl, env);
      if (started.ok) {
        return {
          url: started.url,
          databaseUrl,
          output: started.output,
          stop: async () => {
            await stopProcess(started.child);
            await ownDatabase?.drop();
          },
        };
      }
      if (!started.portTaken || attempt === 3) throw new Error(started.reason);
    }
  } catch (error) {
    await ownDatabase?.drop();
    throw error;
  }
}

type Spawned =
  | { ok: true; url: string; child: ChildProcess; output: () => string }
  | { ok: false; portTaken: boolean; reason: string };

async function spawnServer(databaseUrl: string, env: Record<string, string>): Promise<Spawned> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      // Info: the line "Server listening at …" is how the server says it owns the port.
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      return {
        ok: false,
        portTaken: output.includes('EADDRINUSE'),
        reason: `the server exited (${child.exitCode}):\n${output}`,
      };
    }
    if (output.includes(`Server listening at ${url}`)) {
      return { ok: true, url, child, output: () => output };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stopProcess(child);
  return {
    ok: false,
    portTaken: false,
    reason: `the server did not listen within 30 s:\n${output}`,
  };
}
