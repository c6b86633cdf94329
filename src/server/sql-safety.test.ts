import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/security.md item 21: all SQL goes through Kysely with bound parameters.
// Values reach a query only as parameters; the escape hatches that splice
// text into SQL appear only where the text is a constant of the code.
const SERVER = import.meta.dirname;
const SPLICING = /\bsql\.(raw|lit|id|ref|table)\(|\.executeQuery\(|\bunsafe\(/g;
/** Each allowed splice, and why it is safe. */
const ALLOWED = new Map([
  // `SHOW <setting>`: PostgreSQL takes no parameter there; the names are
  // constants. And SQLite's `begin immediate`, a constant.
  ['db/dialect.ts', 2],
  // Migration 029 widens CHECKs: on PostgreSQL a constraint of constant
  // statuses; on SQLite a table rebuilt from its own stored definition
  // (sqlite_master's text, changed by constants) under constant names.
  ['db/migrations/029-floor-plan.ts', 5],
  // The portable archive reads every table in key order: the column names are
  // the keys of ARCHIVE_TABLES (constants) and the live schema's own columns,
  // quoted as identifiers by `sql.ref`, never a client's text; and the rows
  // archives leave out, a constant condition per table (LEFT_OUT_OF_ARCHIVES
  // in backup/archive-tables.ts).
  ['backup/archive.ts', 3],
  ['backup/archive-schema.ts', 1],
  // The reports group by a date column the report's own query names
  // (constants of services/reports/*.ts), quoted as identifiers by `sql.ref`.
  ['services/reports/periods.ts', 3],
]);

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter(
      (entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name),
    )
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !file.includes(`${join(SERVER, 'testing')}`));
}

describe('SQL', () => {
  it('splices no text into a query outside the reviewed places', async () => {
    const found = new Map<string, number>();
    for (const file of await sourceFiles(SERVER)) {
      const count = (await readFile(file, 'utf8')).match(SPLICING)?.length ?? 0;
      if (count) found.set(relative(SERVER, file), count);
    }
    expect(found).toEqual(ALLOWED);
  });
});
