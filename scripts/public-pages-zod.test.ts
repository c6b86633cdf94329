import { resolve } from 'node:path';
import { cruise, type IViolation } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

/**
 * zod (22 KB as served) is for forms: the staff pages, the contact and booking
 * forms. The modules every public page loads (vite.config.ts puts them in
 * one shared chunk) and the home page's components must not reach it by a
 * value import, however indirect: the page texts' hook once imported its
 * key list from the schemas' module, and the home page's JavaScript grew by
 * a sixth (docs/performance.md, "Home page JavaScript"). Type-only imports
 * leave no code, so they are not followed (`tsPreCompilationDeps: false`);
 * `.server` modules never reach the browser.
 */
const ROOT = resolve(import.meta.dirname, '..');

const PUBLIC_MODULES = [
  'src/app/components',
  'src/app/i18n',
  'src/app/seo.ts',
  'src/app/structured-data.ts',
  'src/app/root-meta.ts',
  'src/app/site-texts.ts',
];

/** Each public module that reaches zod, with the way it gets there. */
async function publicModulesReachingZod(): Promise<string[]> {
  const result = await cruise(PUBLIC_MODULES, {
    baseDir: ROOT,
    tsPreCompilationDeps: false,
    doNotFollow: { path: 'node_modules' },
    validate: true,
    ruleSet: {
      forbidden: [
        {
          name: 'public-pages-without-zod',
          severity: 'error',
          from: {
            path: PUBLIC_MODULES.map((path) => `^${path.replaceAll('.', '\\.')}`),
            pathNot: '\\.(server|test)\\.tsx?$',
          },
          to: { path: '^node_modules/zod/', reachable: true },
        },
      ],
    },
  });
  if (typeof result.output === 'string') throw new Error(result.output);
  return result.output.summary.violations.map((violation: IViolation) =>
    [violation.from, ...(violation.via ?? []).map((step) => step.name)].join(' → '),
  );
}

describe('the public pages’ shared modules and the home page', () => {
  it('reach no zod', async () => {
    expect(await publicModulesReachingZod()).toEqual([]);
  });
});
