import { defineConfig } from 'vitest/config';

// Unit, component and API tests. Browser end-to-end tests are Playwright's (e2e/).
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'content/**/*.test.ts', 'scripts/**/*.test.ts'],
    setupFiles: ['./vitest.setup.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
