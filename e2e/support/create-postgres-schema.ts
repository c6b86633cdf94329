import { createPostgresSchema } from '../../src/server/testing/database.ts';

/**
 * `node e2e/support/create-postgres-schema.ts NAME`: the schema on
 * TEST_POSTGRES_URL's database that the PostgreSQL project's server uses.
 * playwright.config.ts runs it before its web servers start (which is before
 * any globalSetup, and the config itself is synchronous);
 * e2e/support/global-teardown.ts drops it.
 */
const base = process.env.TEST_POSTGRES_URL;
if (!base) throw new Error('TEST_POSTGRES_URL is not set');
await createPostgresSchema(base, process.argv[2] ?? '');
