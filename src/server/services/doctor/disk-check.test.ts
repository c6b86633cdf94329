import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diskCheck, statfsFreeBytes } from './disk-check.ts';
import { contextFor } from './test-context.ts';

const GiB = 2 ** 30;

describe('disk check', () => {
  const dir = mkdtempSync(join(tmpdir(), 'doctor-disk-'));
  const env = { DATABASE_URL: `file:${join(dir, 'data', 'restaurant.db')}` };

  it('asks about the data folder, or its nearest existing parent', async () => {
    const asked: string[] = [];
    const result = await diskCheck(
      contextFor(env, { freeBytes: async (folder) => (asked.push(folder), 3.5 * GiB) }),
    );
    expect(asked).toEqual([dir]);
    expect(result).toEqual({ name: 'disk', status: 'ok', detail: `3.5 GiB free in ${dir}` });
  });

  it('warns under 1 GiB, not a failure', async () => {
    const result = await diskCheck(contextFor(env, { freeBytes: async () => GiB - 1 }));
    expect(result).toMatchObject({
      status: 'warn',
      detail: `only 1023 MiB free in ${dir} (under 1 GiB)`,
    });
  });

  it('reads the real free space through statfs', async () => {
    expect(await statfsFreeBytes(dir)).toBeGreaterThan(0);
  });
});
