import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from './ports.ts';

// The real server as a child process, for the tests that kill it (durability.ts).

const ROOT = resolve(import.meta.dirname, '../../..');
const MAIN = resolve(ROOT, 'src/server/main.ts');

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
}

/** Starts `src/server/main.ts` as `npm run serve` does and waits for /api/health. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  let gone = false;
  void exited.then(() => (gone = true));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (gone) throw new Error(`the server exited while starting:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /api/health within 30 s:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  return { url, child, exited, output: () => output };
}
