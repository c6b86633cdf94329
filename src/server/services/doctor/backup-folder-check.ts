import { randomBytes } from 'node:crypto';
import { unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fail, octal, ok, pathState, RUN_AS_SERVER_USER, warn, type Check } from './check.ts';

/**
 * BACKUP_DIR, where the daily backup goes (src/server/backup/daily-backup.ts):
 * a folder the server's user can really write into (a file is made and
 * removed: permissions alone do not show a read-only mount or a full quota),
 * and private, 0700, like the backups themselves (the database's copies
 * hold every guest's data and the staff's password hashes).
 */
export const backupFolderCheck: Check = async ({ config }) => {
  if (config.BACKUP_DIR === undefined) {
    return warn(
      'backup',
      'BACKUP_DIR unset: no daily backup is taken',
      'set BACKUP_DIR to a folder of its own (mkdir -m 700 /var/backups/trattoria) and copy it off the machine',
    );
  }
  const dir = resolve(config.BACKUP_DIR);
  const folder = pathState(dir);
  if (!folder.found && folder.missing) {
    return fail(
      'backup',
      `BACKUP_DIR ${dir} does not exist`,
      `create it as the server's user: mkdir -m 700 ${dir}`,
    );
  }
  if (!folder.found) {
    return fail(
      'backup',
      `BACKUP_DIR ${dir} cannot be reached (${folder.code})`,
      RUN_AS_SERVER_USER,
    );
  }
  if (!folder.stats.isDirectory()) {
    return fail('backup', `BACKUP_DIR ${dir} is not a folder`, 'point BACKUP_DIR at a folder');
  }
  const mode = folder.stats.mode;
  const probe = join(dir, `.doctor-${randomBytes(6).toString('hex')}`);
  try {
    writeFileSync(probe, '', { flag: 'wx', mode: 0o600 });
    unlinkSync(probe);
  } catch (error) {
    return fail(
      'backup',
      `cannot write into BACKUP_DIR ${dir} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      `give it to the server's user: chown USER ${dir} && chmod 700 ${dir} (run the doctor as that user)`,
    );
  }
  if ((mode & 0o077) !== 0) {
    return fail(
      'backup',
      `BACKUP_DIR ${dir} is ${octal(mode)}: other users can reach the backups`,
      `chmod 700 ${dir}`,
    );
  }
  return ok('backup', `${dir} is writable, 0700`);
};
