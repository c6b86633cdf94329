/**
 * `npm run export -- FILE [--passphrase-file FILE]`: writes every table of the
 * database (DATABASE_URL, like the server) to FILE, one portable archive that
 * `npm run import` loads into an empty SQLite or PostgreSQL database
 * (src/server/backup/archive.ts), encrypted with the passphrase of the
 * passphrase file or BACKUP_PASSPHRASE when either is given.
 * Runs beside a serving server: the archive is one consistent snapshot.
 */
import { existsSync } from 'node:fs';
import { exportArchive } from '../backup/archive.ts';
import { passphraseOption, readPassphrase } from '../backup/passphrase.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const USAGE = 'Usage: npm run export -- FILE [--passphrase-file FILE]';
const option = passphraseOption(process.argv.slice(2));
if ('error' in option) fail(`Export refused: ${option.error}. ${USAGE}`);
const [file, ...extra] = option.args;
if (file === undefined || extra.length > 0) fail(USAGE);
// Never overwrite: FILE may be the only copy of another database.
if (existsSync(file)) fail(`Export refused: ${file} already exists; choose another name.`);

const config = loadConfig();
const secret = readPassphrase(option.file, config.BACKUP_PASSPHRASE);
if ('error' in secret) fail(`Export refused: ${secret.error}.`);
const database = await openDatabase(config.DATABASE_URL);
try {
  const summary = await exportArchive(database.db, database.dialect, file, secret.passphrase);
  const rows = Object.values(summary.tables).reduce((sum, count) => sum + count, 0);
  console.log(
    `Exported ${rows} rows of ${Object.keys(summary.tables).length} tables (schema ${summary.schemaVersion}) to ${file}, ${summary.bytes} bytes${secret.passphrase === undefined ? '' : ', encrypted'}.`,
  );
} catch (error) {
  fail(`Export failed: ${(error as Error).message}`);
} finally {
  await database.close();
}
