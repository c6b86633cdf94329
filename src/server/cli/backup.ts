/**
 * `npm run backup -- --to DIR [--passphrase-file FILE]`: writes a backup of
 * the database (DATABASE_URL, like the server) into the folder DIR while the
 * server serves and writes: a copy of the SQLite file, or PostgreSQL's
 * portable archive (src/server/backup/backup.ts), encrypted with the
 * passphrase of FILE or BACKUP_PASSPHRASE when either is given
 * (src/server/backup/encryption.ts). The daily backup (BACKUP_DIR) is the same.
 */
import { constants, existsSync, statSync, accessSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { takeBackup, type BackupSource } from '../backup/backup.ts';
import { passphraseOption, readPassphrase } from '../backup/passphrase.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type AppDatabase } from '../db/database.ts';
import { parseDatabaseUrl } from '../db/dialect.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const USAGE = 'Usage: npm run backup -- --to DIR [--passphrase-file FILE]';
const option = passphraseOption(process.argv.slice(2));
if ('error' in option) fail(`Backup refused: ${option.error}. ${USAGE}`);
const { args } = option;
if (args.length !== 2 || args[0] !== '--to') fail(USAGE);
const dir = resolve(args[1]!);
if (!existsSync(dir)) fail(`Backup refused: the folder ${dir} does not exist; create it first.`);
if (!statSync(dir).isDirectory()) fail(`Backup refused: ${dir} is not a folder.`);
try {
  accessSync(dir, constants.W_OK);
} catch {
  fail(`Backup refused: this user cannot write into ${dir}.`);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  fail((error as Error).message);
}
const secret = readPassphrase(option.file, config.BACKUP_PASSPHRASE);
if ('error' in secret) fail(`Backup refused: ${secret.error}.`);
const target = parseDatabaseUrl(config.DATABASE_URL);
// A missing SQLite file is a wrong DATABASE_URL: never back up a new empty one.
if (target.dialect === 'sqlite' && !existsSync(target.path)) {
  fail(`Backup refused: there is no database at ${target.path} (DATABASE_URL).`);
}

let database: AppDatabase | undefined;
try {
  let source: BackupSource;
  if (target.dialect === 'sqlite') source = target;
  else {
    database = await openDatabase(config.DATABASE_URL);
    source = { dialect: 'postgres', db: database.db };
  }
  const { file, bytes } = await takeBackup(source, dir, Date.now(), secret.passphrase);
  const encrypted = secret.passphrase === undefined ? '' : ', encrypted';
  console.log(`Backup written: ${join(dir, file)}, ${bytes} bytes${encrypted}.`);
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database?.close();
}
