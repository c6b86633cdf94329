/**
 * A call refused because too much of its kind of work waits already: the
 * error handler answers it 503 with Retry-After (plugins/error-handler.ts).
 * Its message is the client's.
 */
export class WorkBusy extends Error {}

/**
 * Work that takes much memory or a core each time (argon2 hashes, decoding
 * photos) runs at most `concurrency` at once; the rest waits in line, and
 * past `queue` waiting a call is refused at once with `busy()` instead of
 * piling up memory and latency for everyone.
 */
export function workSlots({
  concurrency,
  queue = Number.POSITIVE_INFINITY,
  busy = () => new Error('Too much work waiting'),
}: {
  concurrency: number;
  queue?: number;
  busy?: () => Error;
}) {
  let running = 0;
  const waiting: (() => void)[] = [];
  /** The most that ever ran, and waited, at once (for tests). */
  const most = { running: 0, waiting: 0 };

  async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running >= concurrency) {
      if (waiting.length >= queue) throw busy();
      const turn = new Promise<void>((resolve) => waiting.push(resolve));
      most.waiting = Math.max(most.waiting, waiting.length);
      await turn;
    } else {
      running += 1;
      most.running = Math.max(most.running, running);
    }
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, or is freed.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  }

  /** How many run and wait now, and the most that did at once. */
  const state = () => ({
    running,
    waiting: waiting.length,
    mostRunning: most.running,
    mostWaiting: most.waiting,
  });
  return { run, state };
}
