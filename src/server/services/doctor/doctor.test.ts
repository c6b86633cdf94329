import { describe, expect, it } from 'vitest';
import { formatResult, runDoctor, summarize } from './doctor.ts';

describe('the doctor’s lines', () => {
  it('prints a mark, the name, what it found and, unless ok, what to do', () => {
    expect(formatResult({ name: 'database', status: 'ok', detail: 'reachable' })).toBe(
      '✓ database        reachable',
    );
    expect(
      formatResult({ name: 'smtp', status: 'fail', detail: 'login refused', advice: 'fix it' }),
    ).toBe('✗ smtp            login refused  → fix it');
    expect(formatResult({ name: 'disk', status: 'warn', detail: 'low', advice: 'free some' })).toBe(
      '! disk            low  → free some',
    );
  });

  it('exits 1 naming the failed checks; warnings alone exit 0', () => {
    const ok = { name: 'a', status: 'ok', detail: '' } as const;
    const warned = { name: 'b', status: 'warn', detail: '', advice: '' } as const;
    const failed = (name: string) => ({ name, status: 'fail', detail: '', advice: '' }) as const;
    expect(summarize([ok])).toEqual({ line: 'All checks passed.', exitCode: 0 });
    expect(summarize([ok, warned])).toEqual({ line: 'No failures, 1 warning.', exitCode: 0 });
    expect(summarize([failed('smtp'), warned, failed('backup')])).toEqual({
      line: 'Failed: smtp, backup; 1 warning.',
      exitCode: 1,
    });
  });

  it('reports a bad configuration as its first failed check, readably, and runs no other', async () => {
    const lines: string[] = [];
    const code = await runDoctor({
      env: { PORT: 'eighty', SMTP_URL: 'mail.example.it' },
      print: (line) => lines.push(line),
    });
    expect(code).toBe(1);
    expect(lines).toEqual([
      '✗ configuration   PORT: Invalid input: expected number, received NaN; SMTP_URL: must be a URL starting with smtp:// or smtps://  → fix these variables in the environment (or the environment file) and run again',
      'Failed: configuration.',
    ]);
  });

  it('turns a check that throws into its failed line, the others still printed', async () => {
    const lines: string[] = [];
    const code = await runDoctor({
      env: { DATABASE_URL: 'file:/nonexistent-doctor-folder/restaurant.db' },
      print: (line) => lines.push(line),
      freeBytes: async () => {
        throw new Error('statfs refused');
      },
    });
    expect(code).toBe(1);
    expect(lines).toContain(
      '✗ disk            the check itself failed: statfs refused  → an unexpected error: report it with this line',
    );
    expect(lines.map((line) => line.split(/ +/)[1])).toEqual([
      'database',
      'smtp',
      'translation',
      'public',
      'backup',
      'disk',
      'disk;',
    ]);
    expect(lines.at(-1)).toBe('Failed: disk; 5 warnings.');
  });
});
