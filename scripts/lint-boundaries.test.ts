import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import boundaries eslint.config.js enforces, on code written to cross them.
const ROOT = resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: ROOT });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, filePath) });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe('import boundaries', () => {
  it("a feature reaches another only through that feature's index.ts", async () => {
    const from = 'src/app/features/daily-menu/probe.ts';
    expect(await problems(from, "export { Inbox } from '../inbox/inbox.tsx';\n")).toContain(
      'local/feature-boundaries',
    );
    expect(await problems(from, "export { Inbox } from '../inbox/index.ts';\n")).toEqual([]);
    expect(await problems(from, "export { DASHBOARD_TEXTS } from '../auth/texts.ts';\n")).toContain(
      'local/feature-boundaries',
    );
    // Within a feature, anything goes.
    expect(await problems(from, "export { readDrafts } from './drafts.ts';\n")).toEqual([]);
  });

  it('the server imports nothing from the app but its context module', async () => {
    const from = 'src/server/probe.ts';
    expect(await problems(from, "export { default } from '../app/root.tsx';\n")).toContain(
      'local/server-uses-app-context-only',
    );
    expect(await problems(from, "export type { AppServices } from '../app/context.ts';\n")).toEqual(
      [],
    );
  });
});
