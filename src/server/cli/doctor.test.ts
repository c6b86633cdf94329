import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '../db/migrations/index.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../testing/database.ts';
import { startFakeDeepL, type FakeTranslator } from '../testing/fake-translators.ts';
import { startSmtpServer } from '../testing/smtp.ts';

// `npm run doctor` as an operator runs it: the real script in a process of
// its own, against a real database, a real SMTP server and the fake DeepL.
const SCRIPT = resolve(import.meta.dirname, 'doctor.ts');

let dir: string;
let database: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let deepl: FakeTranslator;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'doctor-cli-'));
  database = await createTestDatabase(testDialect(), { migrated: true });
  smtp = await startSmtpServer(0, { login: { user: 'sala', pass: 'good-password' } });
  deepl = await startFakeDeepL('good-key');
});
afterEach(async () => {
  await Promise.all([smtp.stop(), deepl.close(), database.drop()]);
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the doctor with these variables only (and PATH), as a fresh shell would. */
async function doctor(env: Record<string, string>) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [SCRIPT], {
      env: { PATH: process.env.PATH ?? '', ...env },
      cwd: dir,
    });
    return { code: 0, lines: stdout.trim().split('\n'), err: stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, lines: failed.stdout.trim().split('\n'), err: failed.stderr };
  }
}

const portWithNothing = async () => {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
};

describe('npm run doctor', () => {
  it('passes a good configuration: one ✓ line per check, exit 0', async () => {
    const backups = join(dir, 'backups');
    mkdirSync(backups, { mode: 0o700 });
    const { code, lines, err } = await doctor({
      DATABASE_URL: database.url,
      SMTP_URL: `smtp://sala:good-password@127.0.0.1:${smtp.port}`,
      DEEPL_API_KEY: 'good-key',
      DEEPL_SERVER_URL: deepl.url,
      PUBLIC_URL: 'https://www.trattoria.example',
      BACKUP_DIR: backups,
    });
    expect(err).toBe('');
    const count = Object.keys(migrations(database.dialect)).length;
    expect(lines[0]).toMatch(
      new RegExp(`^✓ database +.* reachable, all ${count} migrations applied$`),
    );
    const names = lines.map((line) => line.split(/ +/)[1]);
    const expected = ['database', 'smtp', 'translation', 'public', 'backup', 'disk'];
    if (database.dialect === 'sqlite') expected.splice(1, 0, 'database');
    expect(names.slice(0, -1)).toEqual(expected);
    // Disk space is the machine's: a warning at most, never a failure.
    expect(lines.slice(0, -2).every((line) => line.startsWith('✓ '))).toBe(true);
    expect(lines.at(-1)).toMatch(/^(All checks passed|No failures, 1 warning)\.$/);
    expect(code).toBe(0);
    expect(smtp.received).toHaveLength(0);
    expect(deepl.calls).toHaveLength(0);
  });

  it('fails a broken configuration of each kind, naming each, exit 1', async () => {
    const { code, lines } = await doctor({
      DATABASE_URL: `postgres://restaurant:x@127.0.0.1:${await portWithNothing()}/restaurant`,
      SMTP_URL: `smtp://sala:wrong-password@127.0.0.1:${smtp.port}`,
      DEEPL_API_KEY: 'revoked-key',
      DEEPL_SERVER_URL: deepl.url,
      PUBLIC_URL: 'http://www.trattoria.example',
      BACKUP_DIR: join(dir, 'no-such-folder'),
    });
    expect(code).toBe(1);
    expect(lines.slice(0, 5).map((line) => line.slice(0, 2))).toEqual([
      '✗ ',
      '✗ ',
      '✗ ',
      '✗ ',
      '✗ ',
    ]);
    expect(lines.slice(0, 5).every((line) => line.includes('  → '))).toBe(true);
    expect(lines.at(-1)).toMatch(
      /^Failed: database, smtp, translation, public url, backup(; 1 warning)?\.$/,
    );
  });

  it('reports a bad configuration readably, not as a stack trace', async () => {
    const { code, lines, err } = await doctor({ DATABASE_URL: 'mysql://db/restaurant' });
    expect(code).toBe(1);
    expect(err).toBe('');
    expect(lines).toEqual([
      '✗ configuration   DATABASE_URL: must be file:PATH or postgres://…  → fix these variables in the environment (or the environment file) and run again',
      'Failed: configuration.',
    ]);
  });
});
