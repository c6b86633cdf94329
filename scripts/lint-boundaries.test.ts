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
  it('a feature imports no other feature, not even its index.ts', async () => {
    const from = 'src/app/features/daily-menu/probe.ts';
    expect(await problems(from, "export { Inbox } from '../inbox/inbox.tsx';\n")).toContain(
      'local/feature-boundaries',
    );
    expect(await problems(from, "export { Inbox } from '../inbox/index.ts';\n")).toContain(
      'local/feature-boundaries',
    );
    expect(await problems(from, "export { LOGIN_TEXTS } from '../auth/texts.ts';\n")).toContain(
      'local/feature-boundaries',
    );
    // Within a feature, anything goes.
    expect(await problems(from, "export { readDrafts } from './drafts.ts';\n")).toEqual([]);
  });

  it('features build on the staff kit, the staff layer (through its index.ts) and components', async () => {
    const from = 'src/app/features/daily-menu/probe.ts';
    for (const allowed of [
      "export { spokenDate } from '../../staff-kit/index.ts';\n",
      "export { useUser } from '../../staff/index.ts';\n",
      "export { sectionsFor } from '../../back-office/sections.ts';\n",
      "export { showToast } from '../../components/toasts.tsx';\n",
    ]) {
      expect(await problems(from, allowed)).toEqual([]);
    }
    expect(
      await problems(from, "export { useUser } from '../../staff/user-provider.tsx';\n"),
    ).toContain('local/feature-boundaries');
    const test = 'src/app/features/daily-menu/probe.test.tsx';
    expect(
      await problems(test, "export { fakeServer } from '../../staff/test-utils.tsx';\n"),
    ).toEqual([]);
  });

  it('the staff layer and the kit import no feature', async () => {
    for (const from of ['src/app/staff/probe.ts', 'src/app/staff-kit/probe.ts']) {
      expect(
        await problems(from, "export { Inbox } from '../features/inbox/index.ts';\n"),
      ).toContain('local/layers-below-features');
    }
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
