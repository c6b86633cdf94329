import {
  chmodSync,
  closeSync,
  existsSync,
  fchmodSync,
  mkdirSync,
  openSync,
  statSync,
} from 'node:fs';
import { dirname } from 'node:path';

/**
 * The SQLite database holds password hashes, the link-signing key, the VAPID
 * private key and every guest's data: it is readable by the server's own
 * user only, as backups are (docs/security.md item 50), whatever the umask.
 *
 * - A missing folder is made 0700. A folder that exists is left as the
 *   operator made it: it may be shared (the working directory, /var/lib),
 *   and what matters, the files in it, is closed below.
 * - A missing database file is made empty with mode 0600 before SQLite opens
 *   it (an empty file is an empty database). SQLite gives the `-wal` and
 *   `-shm` files it makes the database file's mode, with an explicit chmod
 *   that no umask narrows or widens.
 * - An existing database, `-wal` and `-shm` (made by an older version, under
 *   umask 022: 0644) lose every permission of group and others at each start.
 */
export function prepareSqliteFile(path: string): void {
  const folder = dirname(path);
  if (!existsSync(folder)) {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    chmodSync(folder, 0o700);
  }
  if (!existsSync(path)) {
    try {
      const made = openSync(path, 'wx', 0o600);
      // Exactly 0600: an odd umask (0277) would leave the owner unable to write.
      fchmodSync(made, 0o600);
      closeSync(made);
    } catch (error) {
      // Another process (a second instance, `npm run staff`) made it first: tightened below.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  for (const file of [path, `${path}-wal`, `${path}-shm`]) ownerOnly(file);
}

function ownerOnly(file: string): void {
  let mode: number;
  try {
    mode = statSync(file).mode & 0o7777;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if ((mode & 0o077) !== 0) chmodSync(file, mode & 0o700);
}
