/**
 * `npm run backup -- --to DIR`: writes a backup of the database (DATABASE_URL,
 * like the server) into the folder DIR while the server serves and writes:
 * a copy of the SQLite file, or PostgreSQL's portable archive
 * (src/server/backup/backup.ts). The daily backup (BACKUP_DIR) is the same.
 */
import { constants, existsSync, statSync, accessSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { takeBackup, type BackupSource } from '../backup/backup.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type AppDatabase } from '../db/database.ts';
import { parseDatabaseUrl } from '../db/dialect.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const args = process.argv.slice(2);
if (args.length !== 2 || args[0] !== '--to') fail('Usage: npm run backup -- --to DIR');
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
  const { file, bytes } = await takeBackup(source, dir, Date.now());
  console.log(`Backup written: ${join(dir, file)}, ${bytes} bytes.`);
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database?.close();
}
