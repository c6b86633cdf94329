import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Scheduler } from './scheduler.ts';

// The one scheduler (scheduler.ts): jobs run at start and then on their
// period, never twice at once on one instance, each apart from the others.
// Only the interval timers are faked; the jobs are real promises.
let failures: { job: string; code: string }[];
let scheduler: Scheduler;

beforeEach(() => {
  failures = [];
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  scheduler = new Scheduler((fields) => failures.push(fields));
});
afterEach(async () => {
  await scheduler.stop();
  vi.useRealTimers();
});

/** A job whose runs are counted and which ends when told. */
function heldJob() {
  const job = { runs: 0, finish: () => {} };
  const run = () =>
    new Promise<void>((resolve) => {
      job.runs += 1;
      job.finish = resolve;
    });
  return { job, run };
}

describe('Scheduler', () => {
  it('runs every job at start, then on its own period', async () => {
    const fast = vi.fn().mockResolvedValue(undefined);
    const slow = vi.fn().mockResolvedValue(undefined);
    scheduler.every('fast', 60_000, fast);
    scheduler.every('slow', 300_000, slow);
    scheduler.start();
    expect([fast.mock.calls.length, slow.mock.calls.length]).toEqual([1, 1]);
    await vi.advanceTimersByTimeAsync(300_000);
    expect([fast.mock.calls.length, slow.mock.calls.length]).toEqual([6, 2]);
  });

  it('never starts a job again while its last run is under way', async () => {
    const { job, run } = heldJob();
    scheduler.every('held', 60_000, run);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(180_000);
    expect(job.runs).toBe(1);
    job.finish();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(job.runs).toBe(2);
    job.finish();
  });

  it('logs a failing job by its code and keeps running it and the others', async () => {
    const failing = vi
      .fn()
      .mockRejectedValue(
        Object.assign(new Error('mail to anna@example.it failed'), { code: 'EX' }),
      );
    const other = vi.fn().mockResolvedValue(undefined);
    scheduler.every('failing', 60_000, failing);
    scheduler.every('other', 60_000, other);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(failing).toHaveBeenCalledTimes(2);
    expect(other).toHaveBeenCalledTimes(2);
    expect(failures).toEqual([
      { job: 'failing', code: 'EX' },
      { job: 'failing', code: 'EX' },
    ]);
    expect(JSON.stringify(failures)).not.toContain('anna@');
  });

  it('stops its timers and waits for the runs under way', async () => {
    const { job, run } = heldJob();
    scheduler.every('held', 60_000, run);
    scheduler.start();
    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    job.finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(600_000);
    expect(job.runs).toBe(1);
  });

  it('waits, when asked, until the runs under way are over, so that the next timer runs the job again', async () => {
    const { job, run } = heldJob();
    scheduler.every('held', 60_000, run);
    scheduler.start();
    let idle = false;
    const waiting = scheduler.idle().then(() => (idle = true));
    await Promise.resolve();
    expect(idle).toBe(false);
    job.finish();
    await waiting;
    vi.advanceTimersByTime(60_000);
    expect(job.runs).toBe(2);
    job.finish();
  });

  it('runs every job now when asked, and waits for them', async () => {
    const first = vi.fn().mockResolvedValue(undefined);
    const second = vi.fn().mockRejectedValue(new Error('down'));
    scheduler.every('first', 60_000, first);
    scheduler.every('second', 60_000, second);
    scheduler.start();
    await scheduler.runNow();
    expect([first.mock.calls.length, second.mock.calls.length]).toEqual([2, 2]);
    expect(failures.map((failure) => failure.job)).toEqual(['second', 'second']);
  });

  it('refuses a job added once it has started', () => {
    scheduler.start();
    expect(() => scheduler.every('late', 60_000, async () => {})).toThrow(/too late/);
  });
});
