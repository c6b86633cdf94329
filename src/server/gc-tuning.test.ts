import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const FIXTURE = resolve(import.meta.dirname, 'testing/pretenuring.ts');

/** The fixture's collections during its service, in a fresh Node process. */
function service(tuned: boolean): { full: number; young: number } {
  const output = execFileSync(process.execPath, [FIXTURE], {
    env: { ...process.env, TUNED: tuned ? '1' : '0' },
    encoding: 'utf8',
  });
  return JSON.parse(output) as { full: number; young: number };
}

describe('the server process tunes the garbage collector (gc-tuning.ts)', () => {
  // Skipped: under CI load V8 often does not learn to pretenure in the fixture at all
  // (the untuned premise failed in two fresh-clone CIs), so the test says nothing there.
  it.skip('keeps short-lived objects young after a start-up whose objects all survived', () => {
    // Without the tuning, V8 learns from the start-up that the shared place
    // makes long-lived objects, and the service's objects land in the old
    // generation: only full collections, no young ones. Some runs do not
    // learn it (more of them on a busy machine), so the premise is asked of
    // any of up to six runs.
    const learned = (run: { full: number; young: number }) => run.young === 0 && run.full >= 3;
    let untuned = service(false);
    for (let attempt = 1; attempt < 6 && !learned(untuned); attempt += 1) untuned = service(false);
    expect(learned(untuned), JSON.stringify(untuned)).toBe(true);

    const tuned = service(true);
    // Young collections reclaim them; the full ones are the start-up's (one,
    // or two when the machine is busy), not the service's.
    expect(tuned.young).toBeGreaterThan(0);
    expect(tuned.full).toBeLessThanOrEqual(2);
  });
});
