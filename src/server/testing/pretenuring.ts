/**
 * Run by gc-tuning.test.ts as its own Node process: a start-up whose objects
 * all survive, then a "service" of short-lived objects made where the
 * start-up's were, as the server's start and its requests share Node's own
 * code. Prints how many full and how many young-generation collections the
 * service needed. With `TUNED=1` it first imports gc-tuning.ts as main.ts does.
 */
import { constants, PerformanceObserver } from 'node:perf_hooks';

if (process.env.TUNED === '1') await import('../gc-tuning.ts');

const made = (index: number) => ({ index, pair: [index, index + 1], name: 'n' });

// The start-up: everything made survives its first collections, half of it
// stays for good (the app's state), the rest is let go when it ends.
function startUp(): unknown[] {
  const state: unknown[] = [];
  const startUpOnly: unknown[] = [];
  for (let index = 0; index < 400_000; index += 1) {
    (index % 2 ? startUpOnly : state).push(made(index));
  }
  return state;
}
const state = startUp();

const collections = { full: 0, young: 0 };
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const { kind } = (entry as PerformanceEntry & { detail: { kind: number } }).detail;
    if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) collections.full += 1;
    if (kind === constants.NODE_PERFORMANCE_GC_MINOR) collections.young += 1;
  }
});
observer.observe({ entryTypes: ['gc'] });

// The service: 32 objects alive at a time, as 32 requests in flight.
const inFlight: unknown[] = new Array(32);
for (let index = 0; index < 5_000_000; index += 1) inFlight[index % 32] = made(index);

// The observer is told of the last collections on a later turn.
await new Promise((resolve) => setTimeout(resolve, 50));
observer.disconnect();
console.log(JSON.stringify({ ...collections, kept: state.length }));
