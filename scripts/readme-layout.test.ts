import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * README's "Layout" section is how a newcomer finds their way: it names every
 * folder at the top of the repository and every folder inside src/app and
 * src/server.
 */
const ROOT = resolve(import.meta.dirname, '..');
const IGNORED = new Set(['node_modules', 'build', 'data', 'test-results', 'playwright-report']);

function folders(relative: string): string[] {
  return readdirSync(join(ROOT, relative), { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && !entry.name.startsWith('.') && !entry.name.startsWith('+'),
    )
    .map((entry) => entry.name)
    .filter((name) => !IGNORED.has(name));
}

function layoutSection(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('## Layout');
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end);
}

describe('README layout', () => {
  const layout = layoutSection();

  it.each(folders('.'))('names the top-level folder %s/', (name) => {
    expect(layout).toMatch(new RegExp(`^${name}/`, 'm'));
  });

  it.each([
    ...folders('src/app').map((name) => `src/app/${name}`),
    ...folders('src/server').map((name) => `src/server/${name}`),
  ])('names %s/', (path) => {
    const name = path.split('/').at(-1)!;
    expect(layout).toMatch(new RegExp(`^\\s+${name}/`, 'm'));
  });
});
