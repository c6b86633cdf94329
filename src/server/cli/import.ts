/**
 * `npm run import -- FILE [--passphrase-file FILE]`: loads the archive FILE
 * (`npm run export`; encrypted: read with the passphrase of the passphrase
 * file or BACKUP_PASSPHRASE, a wrong one refused before anything changes) into
 * the database DATABASE_URL names, which must be empty (no staff account, no
 * guest's data; what the migrations seed is replaced). It is not migrated
 * first: the import migrates it to the archive's schema, then to the latest,
 * in the same transaction as the rows, and a refusal changes nothing.
 */
import { Kysely } from 'kysely';
import { importArchive } from '../backup/archive.ts';
import { passphraseOption, readPassphrase } from '../backup/passphrase.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { createDialect, parseDatabaseUrl } from '../db/dialect.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const USAGE = 'Usage: npm run import -- FILE [--passphrase-file FILE]';
const option = passphraseOption(process.argv.slice(2));
if ('error' in option) fail(`Import refused: ${option.error}. ${USAGE}`);
const [file, ...extra] = option.args;
if (file === undefined || extra.length > 0) fail(USAGE);

const config = loadConfig();
const secret = readPassphrase(option.file, config.BACKUP_PASSPHRASE);
if ('error' in secret) fail(`Import refused: ${secret.error}.`);
const target = parseDatabaseUrl(config.DATABASE_URL);
const opened = createDialect(target);
const db = new Kysely<Database>({ dialect: opened.dialect });
try {
  await opened.checkDurability(db);
  const result = await importArchive({ db, dialect: target.dialect }, file, secret.passphrase);
  if (result.ok) {
    const rows = Object.values(result.summary.tables).reduce((sum, count) => sum + count, 0);
    console.log(`Imported ${rows} rows (schema ${result.summary.schemaVersion}) from ${file}.`);
  } else {
    console.error(`Import refused: ${result.message}`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`Import failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
