import { closeSync, existsSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Which servers use a SQLite file: each one writes `<database>.server-<pid>.pid`
 * beside it at start and removes it when it closes, so that `npm run
 * restore` refuses to replace the file under a running server. A lock file
 * whose process is gone (the server was killed, the machine stopped) is
 * stale and counts for nothing. Only processes on this machine (and in this
 * container) are seen: a server elsewhere on a shared disk is not.
 */

/** Whether a process with this id runs (one of another user's included). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

const lockName = (database: string, pid: number) => `${basename(database)}.server-${pid}.pid`;

/** Writes this process's lock file beside the SQLite file `database`; the function returned removes it. */
export function writeServerLock(database: string): () => void {
  const path = join(dirname(database), lockName(database, process.pid));
  const file = openSync(path, 'w', 0o600);
  try {
    writeSync(file, `${process.pid}\n`);
  } finally {
    closeSync(file);
  }
  return () => rmSync(path, { force: true });
}

/** The ids of the live processes whose lock file is beside the SQLite file `database`. */
export function liveServers(database: string): number[] {
  const prefix = `${basename(database)}.server-`;
  const folder = dirname(database);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.startsWith(prefix) && name.endsWith('.pid'))
    .map((name) => Number(name.slice(prefix.length, -'.pid'.length)))
    .filter((pid) => Number.isInteger(pid) && pid > 0 && isProcessAlive(pid));
}
