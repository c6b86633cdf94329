import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A source file stays under 400 lines: past that it usually holds two things
 * that want a module each. One that is long for a reason says so on its
 * first line, in the form the long test files already use, where the next
 * reader sees it:
 *
 *     // Over 400 lines: <why it stays whole>
 *
 * Tests (`*.test.ts(x)`) and migrations (each the record of one change) are
 * not counted; data files, long because the data is, are exempt by name below.
 */
const ROOT = resolve(import.meta.dirname, '..');
const MAX_LINES = 400;
const REASON = /^\/\/ Over 400 lines: \S.*$/;
/** Folders whose sources are counted, from the repository's root. */
const COUNTED = ['src', 'content'];
/** Data, not code: the first-run seed of the restaurant's menu, dish by dish. */
const DATA_FILES = new Set(['content/menu.ts']);

const isSource = (path: string) =>
  /\.tsx?$/.test(path) &&
  !/\.test\.tsx?$/.test(path) &&
  !path.includes('/db/migrations/') &&
  !path.includes('/+types/');

/** Every counted source file below `dir`, as paths from `root`. */
function sources(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .map((entry) => join(dir, entry))
    .filter(isSource);
}

/** "path: N lines" for each file over the limit without the reason on its first line. */
function oversizedWithoutReason(root: string, files: readonly string[]): string[] {
  return files.flatMap((file) => {
    if (DATA_FILES.has(file)) return [];
    const text = readFileSync(join(root, file), 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines <= MAX_LINES) return [];
    return REASON.test(text.slice(0, text.indexOf('\n'))) ? [] : [`${file}: ${lines} lines`];
  });
}

describe(`source files over ${MAX_LINES} lines`, () => {
  it('are named with their length unless their first line says why they are long', () => {
    const dir = mkdtempSync(join(tmpdir(), 'source-size-'));
    try {
      const body = 'export const x = 1;\n'.repeat(MAX_LINES);
      writeFileSync(join(dir, 'long.ts'), body + 'export const y = 2;\n');
      writeFileSync(join(dir, 'reasoned.ts'), '// Over 400 lines: a table, row by row\n' + body);
      writeFileSync(join(dir, 'vague.ts'), '// Over 400 lines:\n' + body);
      writeFileSync(join(dir, 'at-the-limit.ts'), body);
      writeFileSync(join(dir, 'long.test.ts'), body + body);
      const files = sources(dir, '.').map((file) => relative('.', file));
      expect(oversizedWithoutReason(dir, files).sort()).toEqual([
        'long.ts: 401 lines',
        'vague.ts: 401 lines',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('have a reason on their first line, in src/ and content/', () => {
    const files = COUNTED.flatMap((dir) => sources(ROOT, dir));
    expect(files.length).toBeGreaterThan(100);
    for (const file of DATA_FILES) expect(files).toContain(file);
    expect(oversizedWithoutReason(ROOT, files)).toEqual([]);
  });
});
