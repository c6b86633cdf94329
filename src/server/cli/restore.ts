/**
 * `npm run restore -- FILE`: puts the SQLite backup FILE (`npm run backup`)
 * in place of the database DATABASE_URL names, after checking it, with the
 * server stopped (src/server/backup/restore.ts). PostgreSQL restores with
 * `npm run import` into an empty database instead.
 */
import { resolve } from 'node:path';
import { problemWithBackup, replaceDatabase } from '../backup/restore.ts';
import { liveServers } from '../backup/server-lock.ts';
import { loadConfig } from '../config.ts';
import { parseDatabaseUrl } from '../db/dialect.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const [file, ...extra] = process.argv.slice(2);
if (file === undefined || extra.length > 0) fail('Usage: npm run restore -- FILE');

let databaseUrl;
try {
  databaseUrl = loadConfig().DATABASE_URL;
} catch (error) {
  fail((error as Error).message);
}
const target = parseDatabaseUrl(databaseUrl);
if (target.dialect !== 'sqlite') {
  fail(
    'Restore refused: DATABASE_URL names a PostgreSQL database; restore is for SQLite files. ' +
      'Load a backup archive into an empty PostgreSQL database with `npm run import -- FILE`.',
  );
}
const servers = liveServers(target.path);
if (servers.length > 0) {
  fail(
    `Restore refused: a server is using ${target.path} (process ${servers.join(', ')}). ` +
      `Stop it first (Ctrl-C where it runs, your service manager's stop, or \`kill ${servers.join(' ')}\`), then run the restore again.`,
  );
}
const problem = await problemWithBackup(resolve(file));
if (problem !== null)
  fail(`Restore refused: ${file} is not a sound backup: ${problem}. Nothing changed.`);

try {
  await replaceDatabase(resolve(file), target.path);
  console.log(
    `Restored ${file} over ${target.path}. Start the server as usual: it opens the backup.`,
  );
} catch (error) {
  fail(`Restore failed: ${(error as Error).message}`);
}
