import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PollingLoop, QuietWake } from './polling-loop.ts';

// The senders' loops (polling-loop.ts): a poll every `pollMs`, a kick at
// once, and, while a wake waits for a burst to pass, no poll of their own
// in the middle of it.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Lets the drain's promise and the loop's `finally` run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('a polling loop', () => {
  it('drains at start, every pollMs after, and at once when kicked', async () => {
    const drain = vi.fn(async () => undefined);
    const loop = new PollingLoop({ drain, pollMs: 2_000, onError: () => undefined });
    loop.start();
    await settle();
    expect(drain).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(drain).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(drain).toHaveBeenCalledTimes(2);
    loop.kick();
    await settle();
    expect(drain).toHaveBeenCalledTimes(3);
    await loop.stop();
  });

  it('passes over the polls that fall while a wake waits for a burst, and drains when it comes', async () => {
    const drain = vi.fn(async () => undefined);
    const wake = new QuietWake(() => loop.kick(), { quietMs: 50, mostMs: 2_000 });
    const loop = new PollingLoop({
      drain,
      pollMs: 2_000,
      onError: () => undefined,
      skipPollWhile: () => wake.waiting,
    });
    loop.start();
    await settle();
    expect(drain).toHaveBeenCalledTimes(1);
    expect(wake.waiting).toBe(false);
    // A burst: a commit every 10 ms from 1.9 s to 4.1 s, through the poll due at 2 s.
    await vi.advanceTimersByTimeAsync(1_900);
    for (let ms = 0; ms < 100; ms += 10) {
      wake.request();
      expect(wake.waiting).toBe(true);
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(drain).toHaveBeenCalledTimes(1); // the poll at 2 s was passed over
    // At most 2 s after the burst's first commit, the wake drains, burst or not.
    for (let ms = 100; ms < 2_200; ms += 10) {
      wake.request();
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(drain).toHaveBeenCalledTimes(2);
    // Then quiet: the wake drains 50 ms after the last commit, and the polls come back.
    await vi.advanceTimersByTimeAsync(50);
    expect(wake.waiting).toBe(false);
    expect(drain).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(drain).toHaveBeenCalledTimes(4);
    await loop.stop();
  });

  it('waits while busy, however long since the last request, and at most mostMs', async () => {
    const wake = vi.fn();
    let busy = true;
    const quiet = new QuietWake(wake, { quietMs: 50, mostMs: 2_000, busy: () => busy });
    // One commit, then decisions waiting for their turn of the lock for 500 ms.
    quiet.request();
    await vi.advanceTimersByTimeAsync(500);
    expect(wake).not.toHaveBeenCalled();
    expect(quiet.waiting).toBe(true);
    busy = false;
    await vi.advanceTimersByTimeAsync(50);
    expect(wake).toHaveBeenCalledTimes(1);
    expect(quiet.waiting).toBe(false);
    // Busy for ever: woken 2 s after the request all the same.
    busy = true;
    quiet.request();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(wake).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(wake).toHaveBeenCalledTimes(2);
  });
});
