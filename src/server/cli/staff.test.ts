import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// `npm run staff`, as an operator runs it: the real script on a real SQLite file.
const SCRIPT = resolve(import.meta.dirname, 'staff.ts');
const PASSWORD = 'onde-del-mare-azzurro';
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'staff-cli-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function staff(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [SCRIPT, ...args], {
      env: { ...process.env, DATABASE_URL: `file:${join(dir, 'db.sqlite')}`, LOG_LEVEL: 'silent' },
    });
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout, err: failed.stderr };
  }
}

const add = (email: string, ...extra: string[]) =>
  staff(
    'add',
    '--email',
    email,
    '--first-name',
    'Anna',
    '--last-name',
    'Rossi',
    '--password',
    PASSWORD,
    ...extra,
  );

describe('npm run staff', () => {
  it('makes the first account an owner and later ones staff unless --role says otherwise', async () => {
    expect((await add('anna@example.com')).out).toContain('Created the owner account');
    expect((await add('marco@example.com')).out).toContain('Created the staff account');
    expect((await add('lia@example.com', '--role', 'owner')).out).toContain(
      'Created the owner account',
    );
    const list = (await staff('list')).out;
    expect(list).toMatch(/anna@example\.com\towner \(Titolare\)/);
    expect(list).toMatch(/marco@example\.com\tstaff \(Staff\)/);
    expect(list).toMatch(/lia@example\.com\towner \(Titolare\)/);
    const bad = await add('x@example.com', '--role', 'chef');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('--role must be owner or staff');
  });

  it('changes roles with set-role and never leaves the database without an owner', async () => {
    await add('anna@example.com');
    await add('marco@example.com');
    const demoteLast = await staff('set-role', '--email', 'anna@example.com', '--role', 'staff');
    expect(demoteLast.code).toBe(1);
    expect(demoteLast.err).toContain('last owner');
    const removeLast = await staff('remove', '--email', 'anna@example.com');
    expect(removeLast.code).toBe(1);
    expect(removeLast.err).toContain('last owner');

    expect(
      (await staff('set-role', '--email', 'marco@example.com', '--role', 'owner')).out,
    ).toContain('marco@example.com is now owner');
    expect((await staff('remove', '--email', 'anna@example.com')).out).toContain(
      'Removed anna@example.com',
    );
    expect((await staff('list')).out).toMatch(/^marco@example\.com\towner/);
    expect((await staff('set-role', '--email', 'ghost@example.com', '--role', 'staff')).code).toBe(
      1,
    );
  });
});
