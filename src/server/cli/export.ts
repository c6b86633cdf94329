/**
 * `npm run export -- FILE`: writes every table of the database (DATABASE_URL,
 * like the server) to FILE, one portable archive that `npm run import` loads
 * into an empty SQLite or PostgreSQL database (src/server/backup/archive.ts).
 * Runs beside a serving server: the archive is one consistent snapshot.
 */
import { existsSync } from 'node:fs';
import { exportArchive } from '../backup/archive.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const [file, ...extra] = process.argv.slice(2);
if (file === undefined || extra.length > 0) fail('Usage: npm run export -- FILE');
// Never overwrite: FILE may be the only copy of another database.
if (existsSync(file)) fail(`Export refused: ${file} already exists; choose another name.`);

const config = loadConfig();
const database = await openDatabase(config.DATABASE_URL);
try {
  const summary = await exportArchive(database.db, database.dialect, file);
  const rows = Object.values(summary.tables).reduce((sum, count) => sum + count, 0);
  console.log(
    `Exported ${rows} rows of ${Object.keys(summary.tables).length} tables (schema ${summary.schemaVersion}) to ${file}, ${summary.bytes} bytes.`,
  );
} catch (error) {
  fail(`Export failed: ${(error as Error).message}`);
} finally {
  await database.close();
}
