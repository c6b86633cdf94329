import { afterEach, vi } from 'vitest';

// An unexpected console.error (a React warning, a
// failed render) fails the test that caused it.
let consoleErrors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  consoleErrors.push(args);
});
afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
  }
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    throw new Error(
      `console.error was called:\n${errors.map((args) => args.join(' ')).join('\n')}`,
    );
  }
});

// Testing Library waits at most 1 s for a screen to settle by default; with a
// Vitest worker on each core (vitest.config.ts) a busy machine can take
// longer, and the wait ends as soon as the screen is right.
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5_000 });
}

// jsdom lays nothing out, so it has no ResizeObserver: an observer whose
// elements never change size is what a browser would give it.
if (typeof window !== 'undefined') {
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  // Nor does it scroll: bringing an element into view does nothing there.
  Element.prototype.scrollIntoView ??= () => {};
}
