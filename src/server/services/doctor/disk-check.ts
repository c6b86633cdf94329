import { existsSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { dirname } from 'node:path';
import { parseDatabaseUrl } from '../../db/dialect.ts';
import { ok, warn, type Check } from './check.ts';

/** Under this much free space the doctor warns: a few days of backups and photos. */
export const LOW_DISK_BYTES = 2 ** 30;

/** Free bytes for an unprivileged user (`bavail`, not `bfree`: root's reserve is not ours). */
export async function statfsFreeBytes(folder: string): Promise<number> {
  const stats = await statfs(folder);
  return stats.bavail * stats.bsize;
}

/** The data folder: SQLite's file's folder, else (PostgreSQL keeps its own) the working directory. */
function dataFolder(databaseUrl: string): string {
  const target = parseDatabaseUrl(databaseUrl);
  let folder = target.dialect === 'sqlite' ? dirname(target.path) : process.cwd();
  // The folder may not exist yet (the server makes it at its first start): its nearest parent.
  while (!existsSync(folder) && dirname(folder) !== folder) folder = dirname(folder);
  return folder;
}

const size = (bytes: number) =>
  bytes >= LOW_DISK_BYTES
    ? `${(bytes / 2 ** 30).toFixed(1)} GiB`
    : `${Math.floor(bytes / 2 ** 20)} MiB`;

/** Low space is a warning, not a failure: the site still works today. */
export const diskCheck: Check = async ({ config, freeBytes }) => {
  const folder = dataFolder(config.DATABASE_URL);
  const free = await freeBytes(folder);
  if (free >= LOW_DISK_BYTES) return ok('disk', `${size(free)} free in ${folder}`);
  return warn(
    'disk',
    `only ${size(free)} free in ${folder} (under 1 GiB)`,
    'free some space (old backups, logs: journalctl --vacuum-size=200M) or grow the disk',
  );
};
