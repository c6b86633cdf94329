import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * README's "Layout" section is how a newcomer finds their way: it names every
 * folder at the top of the repository, every folder inside src/app and
 * src/server, and every folder one level further down (src/app/features/auth,
 * src/server/services/reservations, …), each under its parent's entry.
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

/**
 * The layout's entries inside src/app/ or src/server/: an indented line that
 * starts with a path ("  features/", "  routes/api/") and the lines that
 * continue it (indented further), as one text per entry.
 */
function entriesUnder(layout: string, top: string): { path: string; text: string }[] {
  const lines = layout.split('\n');
  const first = lines.findIndex((line) => line.startsWith(`${top}/`));
  const entries: { path: string; text: string }[] = [];
  for (const line of lines.slice(first + 1)) {
    if (/^\S/.test(line)) break; // the next top-level entry
    const entry = /^ {2}(\S+\/)/.exec(line);
    if (entry) entries.push({ path: entry[1]!, text: line });
    else if (entries.length > 0) entries[entries.length - 1]!.text += `\n${line}`;
  }
  return entries;
}

describe('README layout', () => {
  const layout = layoutSection();

  it.each(folders('.'))('names the top-level folder %s/', (name) => {
    expect(layout).toMatch(new RegExp(`^${name}/`, 'm'));
  });

  const tops = ['src/app', 'src/server'];

  it.each(tops.flatMap((top) => folders(top).map((name) => `${top}/${name}`)))(
    'names %s/',
    (path) => {
      const name = path.split('/').at(-1)!;
      expect(layout).toMatch(new RegExp(`^\\s+${name}/`, 'm'));
    },
  );

  it.each(
    tops.flatMap((top) =>
      folders(top).flatMap((child) =>
        folders(`${top}/${child}`).map((grandchild) => [top, child, grandchild] as const),
      ),
    ),
  )('names %s/%s/%s/ in its parent’s entry', (top, child, grandchild) => {
    const texts = entriesUnder(layout, top)
      .filter((entry) => entry.path.startsWith(`${child}/`))
      .map((entry) => entry.text)
      .join('\n');
    expect(texts).toMatch(new RegExp(`(^|[\\s(,/])${grandchild}/`));
  });
});
