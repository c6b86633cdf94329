import type { ChildProcess } from 'node:child_process';

/** Stops a child process gracefully (SIGTERM), or with SIGKILL after 10 s. */
export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM'); // graceful close (src/server/main.ts; Caddy too)
  });
}
