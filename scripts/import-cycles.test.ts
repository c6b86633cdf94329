import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No import circles in src/, type-only imports included. ESLint's
 * `import-x/no-cycle` (eslint.config.js) passes over `import type`, which
 * cannot break loading but still ties two modules to each other (the review
 * of issue 24 found one: the daily menu's API and its drafts). TypeScript's
 * own `preProcessFile` lists every import and re-export of a file.
 */
const ROOT = resolve(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('+') ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Each file's relative imports within src/, as paths. */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles
        .map((imported) => imported.fileName)
        .filter((name) => name.startsWith('.'))
        .map((name) => resolve(dirname(file), name))
        .filter((target) => known.has(target));
      return [file, targets];
    }),
  );
}

/** One circle of imports per strongly connected group of files (Tarjan's algorithm). */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    const selfImport = graph.get(file)?.includes(file);
    if (group.length > 1 || selfImport) found.push(group.map((path) => relative(ROOT, path)));
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('import circles', () => {
  it('finds one in a made-up graph, type-only imports included', () => {
    const a = join(SRC, 'a.ts');
    const b = join(SRC, 'b.ts');
    const c = join(SRC, 'c.ts');
    expect(
      circles(
        new Map([
          [a, [b]],
          [b, [a]],
          [c, [a]],
        ]),
      ),
    ).toEqual([['src/b.ts', 'src/a.ts']]);
  });

  it('reads type-only imports and re-exports as imports', () => {
    const { importedFiles } = ts.preProcessFile(
      "import type { A } from './a.ts';\nexport { B } from './b.ts';\n",
      true,
      true,
    );
    expect(importedFiles.map((imported) => imported.fileName)).toEqual(['./a.ts', './b.ts']);
  });

  it('src/ has none', () => {
    expect(circles(importGraph(sourceFiles(SRC)))).toEqual([]);
  });
});
