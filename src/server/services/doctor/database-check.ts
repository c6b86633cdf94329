import { existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { readMigrationState } from '../../db/database.ts';
import { parseDatabaseUrl, postgresLocation, type DatabaseTarget } from '../../db/dialect.ts';
import { fail, octal, ok, pathState, RUN_AS_SERVER_USER, warn, type Check } from './check.ts';

/** Where the database is, without the password a PostgreSQL URL may carry. */
function describe(target: DatabaseTarget): string {
  if (target.dialect === 'sqlite') return `SQLite ${target.path}`;
  return `PostgreSQL ${postgresLocation(target.connectionString)}`;
}

/** What to do about an error of pg or node:sqlite while connecting or reading. */
function unreachableAdvice(error: Error & { code?: string; errcode?: number }): string {
  const code = error.code ?? '';
  if (code === 'ECONNREFUSED')
    return 'nothing listens there: start PostgreSQL, or fix host and port in DATABASE_URL';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'check the host name in DATABASE_URL';
  if (code === '28P01' || code === '28000') return 'check the user and password in DATABASE_URL';
  if (code === '3D000')
    return 'create the database (createdb -O USER NAME) or fix its name in DATABASE_URL';
  if (/timeout/i.test(error.message)) {
    return 'no answer in time: check the host in DATABASE_URL and that PostgreSQL listens on that address (listen_addresses, firewall)';
  }
  if (error.errcode === 26)
    return 'the file is not an SQLite database: fix DATABASE_URL, or restore a backup (npm run restore)';
  return 'check DATABASE_URL, and that this user may read the database';
}

/**
 * The database answers, read-only, and has every migration this code
 * knows (db/database.ts readMigrationState: the doctor never migrates nor
 * creates anything). Missing migrations are what the server applies at its
 * next start: a warning. Unknown ones mean a newer version used the
 * database: this code must not run on it.
 */
export const databaseCheck: Check = async ({ config, timeoutMs }) => {
  const target = parseDatabaseUrl(config.DATABASE_URL);
  const where = describe(target);
  const file = target.dialect === 'sqlite' ? pathState(target.path) : null;
  if (file && !file.found) {
    if (!file.missing) {
      return fail('database', `${where} cannot be reached (${file.code})`, RUN_AS_SERVER_USER);
    }
    return warn(
      'database',
      `no database yet at ${where.replace(/^SQLite /, '')}`,
      'the server creates it at its first start; if the restaurant’s database is elsewhere, fix DATABASE_URL',
    );
  }
  let state;
  try {
    state = await readMigrationState(config.DATABASE_URL, { connectTimeoutMs: timeoutMs });
  } catch (error) {
    return fail(
      'database',
      `${where} cannot be read: ${(error as Error).message}`,
      unreachableAdvice(error as Error & { code?: string }),
    );
  }
  const { known, applied, missing, unknown } = state;
  if (unknown.length > 0) {
    return fail(
      'database',
      `${where} has migrations this code does not know: ${unknown.join(', ')}`,
      'a newer version of the site used this database: run that version, or restore a backup taken before it',
    );
  }
  if (applied.length === 0) {
    return warn(
      'database',
      `${where} reachable, empty`,
      'start the server (npm run serve): it creates the tables',
    );
  }
  if (missing.length > 0) {
    return warn(
      'database',
      `${where} reachable, ${applied.length} of ${known.length} migrations applied; missing ${missing.join(', ')}`,
      'restart the server: it applies them at start (a backup first: npm run backup -- --to DIR)',
    );
  }
  return ok('database', `${where} reachable, all ${known.length} migrations applied`);
};

/**
 * SQLite's files hold password hashes, signing keys and every guest's data:
 * readable by the server's user only (db/private-files.ts makes them so
 * at each start, so a wider mode comes from a copy or a restore made while
 * it ran). The folder may be shared (db/private-files.ts leaves an existing
 * one as it is), but no one else may write into it: whoever can could
 * replace the database.
 */
export const databaseFilesCheck: Check = async ({ config }) => {
  const target = parseDatabaseUrl(config.DATABASE_URL);
  // Missing or out of reach: the database line says so.
  if (target.dialect !== 'sqlite' || !pathState(target.path).found) return null;
  const open = [target.path, `${target.path}-wal`, `${target.path}-shm`].filter(
    (file) => existsSync(file) && (statSync(file).mode & 0o077) !== 0,
  );
  const folder = dirname(target.path);
  const folderMode = statSync(folder).mode;
  const folderOpen = (folderMode & 0o022) !== 0;
  if (open.length === 0 && !folderOpen) {
    return ok('database files', `${target.path} readable by its owner only`);
  }
  const problems = open.map(
    (file) => `${file} is ${octal(statSync(file).mode)} (other users can read it)`,
  );
  const commands: string[] = [];
  if (open.length > 0) commands.push(`chmod 600 ${open.join(' ')}`);
  if (folderOpen) {
    problems.push(`${folder} is ${octal(folderMode)} (other users can write into it)`);
    commands.push(`chmod go-w ${folder}`);
  }
  return fail('database files', problems.join('; '), commands.join(' && '));
};
