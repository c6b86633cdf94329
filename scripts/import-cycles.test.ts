import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { cruise, type IViolation } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

/**
 * No import circles in src/, type-only imports included. ESLint's
 * `import-x/no-cycle` (eslint.config.js) passes over `import type`, which
 * cannot break loading but still ties two modules to each other (the review
 * of issue 24 found one: the daily menu's API and its drafts).
 * dependency-cruiser reads them too (`tsPreCompilationDeps`).
 */
const ROOT = resolve(import.meta.dirname, '..');

/** Each circle of imports among the files below `dir`, as paths from the repository. */
async function circlesIn(dir: string): Promise<string[][]> {
  const result = await cruise([dir], {
    baseDir: ROOT,
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    validate: true,
    ruleSet: {
      forbidden: [{ name: 'no-circular', severity: 'error', from: {}, to: { circular: true } }],
    },
  });
  if (typeof result.output === 'string') throw new Error(result.output);
  return result.output.summary.violations.map((violation: IViolation) =>
    (violation.cycle ?? []).map((step) => step.name),
  );
}

describe('import circles', () => {
  it('are found when only one side of them is a type-only import', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-circle-'));
    try {
      writeFileSync(join(dir, 'a.ts'), "import type { B } from './b.ts';\nexport type A = B;\n");
      writeFileSync(join(dir, 'b.ts'), "import { a } from './a.ts';\nexport const b = a;\n");
      expect(await circlesIn(relative(ROOT, dir))).not.toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('src/ has none', async () => {
    expect(await circlesIn('src')).toEqual([]);
  });
});
