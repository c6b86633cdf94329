import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupFolderCheck } from './backup-folder-check.ts';
import { RUN_AS_SERVER_USER } from './check.ts';
import { contextFor } from './test-context.ts';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'doctor-backup-'));
});
afterEach(() => {
  chmodSync(root, 0o700);
  rmSync(root, { recursive: true, force: true });
});

const check = (dir: string | undefined) => backupFolderCheck(contextFor({ BACKUP_DIR: dir }));

describe('backup folder check', () => {
  it('is ok for a private folder it can write into, and leaves nothing in it', async () => {
    const dir = join(root, 'backups');
    mkdirSync(dir, { mode: 0o700 });
    chmodSync(dir, 0o700);
    expect(await check(dir)).toEqual({
      name: 'backup',
      status: 'ok',
      detail: `${dir} is writable, 0700`,
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('fails a missing folder with the mkdir to run, and makes nothing', async () => {
    const dir = join(root, 'missing');
    expect(await check(dir)).toMatchObject({
      status: 'fail',
      advice: `create it as the server's user: mkdir -m 700 ${dir}`,
    });
    expect(readdirSync(root)).toEqual([]);
  });

  it('fails a folder it cannot reach, saying to run as the server’s user', async () => {
    // Below a plain file (ENOTDIR): root reads any folder, so no EACCES here; both take this branch.
    const file = join(root, 'file');
    writeFileSync(file, '');
    expect(await check(join(file, 'backups'))).toMatchObject({
      status: 'fail',
      detail: `BACKUP_DIR ${join(file, 'backups')} cannot be reached (ENOTDIR)`,
      advice: RUN_AS_SERVER_USER,
    });
  });

  it('fails a file that is not a folder', async () => {
    const file = join(root, 'file');
    writeFileSync(file, '');
    expect(await check(file)).toMatchObject({
      status: 'fail',
      detail: `BACKUP_DIR ${file} is not a folder`,
    });
  });

  it('fails a folder others can read (0755), with the chmod', async () => {
    const dir = join(root, 'open');
    mkdirSync(dir);
    chmodSync(dir, 0o755);
    expect(await check(dir)).toMatchObject({
      status: 'fail',
      detail: `BACKUP_DIR ${dir} is 0755: other users can reach the backups`,
      advice: `chmod 700 ${dir}`,
    });
  });

  it('fails a folder it cannot write into, by really trying', async () => {
    // Root writes through any mode: there, sysfs's folders refuse a new file to everyone.
    let dir = join(root, 'read-only');
    if (process.getuid?.() === 0) dir = '/sys/kernel';
    else {
      mkdirSync(dir);
      chmodSync(dir, 0o500);
    }
    const result = await check(dir);
    expect(result).toMatchObject({
      status: 'fail',
      detail: `cannot write into BACKUP_DIR ${dir} (EACCES)`,
    });
    expect(result?.status === 'fail' && result.advice).toContain(`chown USER ${dir}`);
  });

  it('warns when unset: no daily backup', async () => {
    expect(await check(undefined)).toMatchObject({
      status: 'warn',
      detail: 'BACKUP_DIR unset: no daily backup is taken',
    });
  });
});
