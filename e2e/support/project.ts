import { test, type FullProject } from '@playwright/test';

/**
 * What playwright.config.ts tells each project's tests about its server: the
 * suite runs once on SQLite and, when TEST_POSTGRES_URL is set, once more on
 * PostgreSQL, each project against a server of its own.
 */
export interface E2eProjectMetadata {
  database: 'sqlite' | 'postgres';
  /** The DATABASE_URL of the project's server (for the staff CLI). */
  databaseUrl: string;
  /** PostgreSQL: the schema made for the server, dropped after the run. */
  postgresSchema?: string;
  /** SQLite: the folder of the server's file, removed after the run. */
  scratchDir?: string;
}

/** The running test's project (or the given one, from a worker fixture). */
export function e2eProject(project: FullProject = test.info().project): E2eProjectMetadata {
  return project.metadata as E2eProjectMetadata;
}

/**
 * Marks a test whose outcome no database could change: it reads only what
 * the build and the seed put on a page, or what the browser does alone (a
 * static section, a client-side check, the scripts a page loads). The
 * PostgreSQL project skips such tests (playwright.config.ts): the page tests
 * already render every page on PostgreSQL (src/server/pages/pages.test.ts),
 * so running them twice in a browser would only cost time.
 */
export const DATABASE_INDEPENDENT = { tag: '@database-independent' };
