import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The server's tests that touch the database through `testApp()` or
 * `createTestDatabase()` (src/server/testing/), which run a second time on
 * PostgreSQL when TEST_POSTGRES_URL names one: there each test
 * database is a database of its own (testing/database.ts), so files stay
 * independent and parallel.
 */
const DATABASE_TESTS = [
  'src/server/db/database.test.ts',
  'src/server/durability.test.ts',
  'src/server/backup/**/*.test.ts',
  'src/server/cli/restore.test.ts',
  'src/server/cli/doctor.test.ts',
  'src/server/routes/**/*.test.ts',
  'src/server/services/**/*.test.ts',
  'src/server/mail/**/*.test.ts',
  'src/server/pages/pages.test.ts',
  'src/server/pages/opening-hours.test.ts',
  'src/server/pages/reservation-pages.test.ts',
  'src/server/pages/review-stop-page.test.ts',
  'src/server/pages/guest-areas.test.ts',
  'src/server/pages/takeaway-pages.test.ts',
  'src/server/pages/photo-pages.test.ts',
  'src/server/pages/site-texts.test.ts',
  'src/server/pages/social-card.test.ts',
  'src/server/pages/setup-page.test.ts',
  'src/server/main.test.ts',
];

/**
 * The server's test files that need modules of their own: one mocks a
 * module (vi.mock), and the hostile-input families add up, in module-level
 * tallies, what every file of theirs sent. The server's other files share
 * their worker's modules (`isolate: false`): loading the server anew for
 * each file took a third of the run.
 */
const SERVER_TESTS_WITH_OWN_MODULES = [
  'src/server/hostile-input/**/*.test.ts',
  'src/server/services/reservations/availability-horizon.test.ts',
];

// Unit, component and API tests. Browser end-to-end tests are Playwright's (e2e/).
// (Each project names its own files: `extends` would add to an inherited list.)
export default defineConfig({
  test: {
    setupFiles: ['./vitest.setup.ts'],
    // One SQLite file and one PostgreSQL database migrated per run, which
    // testApp's databases copy (src/server/testing/test-templates.ts).
    globalSetup: ['./src/server/testing/test-templates.ts'],
    environment: 'node',
    testTimeout: 20_000,
    // One worker per core, where Vitest's default leaves one core idle: most
    // of a server test's time is spent waiting on SQLite's fsync, PostgreSQL
    // or an SMTP peer, so two files at once on two cores keep both busy.
    maxWorkers: availableParallelism(),
    hookTimeout: 30_000,
    projects: [
      // Everything, the database being SQLite, in two projects (`--project 'sqlite*'`):
      // the server's tests sharing modules, and the rest, each file its own.
      {
        extends: true,
        test: {
          name: 'sqlite-server',
          include: ['src/server/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SERVER_TESTS_WITH_OWN_MODULES],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: [
            'src/**/*.test.{ts,tsx}',
            'content/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, 'src/server/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'sqlite-own-modules', include: SERVER_TESTS_WITH_OWN_MODULES },
      },
      ...(process.env.TEST_POSTGRES_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: DATABASE_TESTS,
                env: { TEST_DATABASE: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
