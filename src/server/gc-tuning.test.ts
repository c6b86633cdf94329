import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const FIXTURE = resolve(import.meta.dirname, 'testing/pretenuring.ts');

/**
 * V8's flags for a run that does not depend on the machine's load:
 * `--predictable` keeps the collector on the main thread and off timers, and
 * `--no-opt` keeps the optimizing compilers out, whose timing against the
 * collections otherwise decides whether V8 learns to pretenure at all (on a
 * busy machine about half the runs did not, so the test failed in CI).
 */
const DETERMINISTIC = ['--predictable', '--no-opt'];

/** The fixture's collections during its service, in a fresh Node process. */
function service(tuned: boolean): { full: number; young: number } {
  const output = execFileSync(process.execPath, [...DETERMINISTIC, FIXTURE], {
    env: { ...process.env, TUNED: tuned ? '1' : '0' },
    encoding: 'utf8',
  });
  return JSON.parse(output) as { full: number; young: number };
}

describe('the server process tunes the garbage collector (gc-tuning.ts)', () => {
  it('keeps short-lived objects young after a start-up whose objects all survived', () => {
    // Without the tuning, V8 learns from the start-up that the shared place
    // makes long-lived objects, and the service's objects land in the old
    // generation: only full collections, no young ones.
    const untuned = service(false);
    expect(untuned.young, JSON.stringify(untuned)).toBe(0);
    expect(untuned.full, JSON.stringify(untuned)).toBeGreaterThanOrEqual(3);

    // Tuned, young collections reclaim them; the full ones, none or one in
    // every run seen, are the start-up's, not the service's.
    const tuned = service(true);
    expect(tuned.young, JSON.stringify(tuned)).toBeGreaterThan(0);
    expect(tuned.full, JSON.stringify(tuned)).toBeLessThanOrEqual(2);
  });
});
