import { createTestDatabase, type TestDatabase } from '../../src/server/testing/database.ts';
import { e2eProject } from './project.ts';

/**
 * A fresh database of the running project's kind for a spec's own servers.
 * On PostgreSQL it is a schema that `drop()` leaves for the run's teardown
 * (global-teardown.ts): every server's migration reads every schema's
 * tables, so a schema dropped while another spec's server migrates makes
 * that migration fail ("schema … does not exist").
 */
export function createE2eDatabase(): Promise<TestDatabase> {
  const project = e2eProject();
  return createTestDatabase(project.database, {
    ...(project.postgresSchema ? { dropLaterAs: `${project.postgresSchema}_` } : {}),
  });
}
