/**
 * `npm run restore -- FILE [--passphrase-file FILE]`: puts the SQLite backup
 * FILE (`npm run backup`; encrypted: read with the passphrase of the
 * passphrase file or BACKUP_PASSPHRASE) in place of the database DATABASE_URL
 * names, after checking it, with the server stopped
 * (src/server/backup/restore.ts). PostgreSQL restores with `npm run import`
 * into an empty database instead.
 */
import { resolve } from 'node:path';
import { passphraseOption, readPassphrase } from '../backup/passphrase.ts';
import {
  plainBackup,
  problemWithBackup,
  removeRestoreLeftovers,
  replaceDatabase,
} from '../backup/restore.ts';
import { liveServers } from '../backup/server-lock.ts';
import { loadConfig } from '../config.ts';
import { parseDatabaseUrl } from '../db/dialect.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const USAGE = 'Usage: npm run restore -- FILE [--passphrase-file FILE]';
const option = passphraseOption(process.argv.slice(2));
if ('error' in option) fail(`Restore refused: ${option.error}. ${USAGE}`);
const [file, ...extra] = option.args;
if (file === undefined || extra.length > 0) fail(USAGE);

let config;
try {
  config = loadConfig();
} catch (error) {
  fail((error as Error).message);
}
const secret = readPassphrase(option.file, config.BACKUP_PASSPHRASE);
if ('error' in secret) fail(`Restore refused: ${secret.error}. Nothing changed.`);
const target = parseDatabaseUrl(config.DATABASE_URL);
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
await removeRestoreLeftovers(target.path);
const plain = await plainBackup(resolve(file), target.path, secret.passphrase);
if ('refused' in plain) fail(`Restore refused: ${plain.refused}. Nothing changed.`);
let outcome: { ok: true } | { ok: false; message: string };
try {
  const problem = await problemWithBackup(plain.path);
  if (problem === null) {
    await replaceDatabase(plain.path, target.path);
    outcome = { ok: true };
  } else {
    outcome = {
      ok: false,
      message: `Restore refused: ${file} is not a sound backup: ${problem}. Nothing changed.`,
    };
  }
} catch (error) {
  outcome = { ok: false, message: `Restore failed: ${(error as Error).message}` };
} finally {
  await plain.remove();
}
if (!outcome.ok) fail(outcome.message);
console.log(
  `Restored ${file} over ${target.path}. Start the server as usual: it opens the backup.`,
);
