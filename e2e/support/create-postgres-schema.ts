import { createPostgresSchema, dropPostgresSchema } from '../../src/server/testing/database.ts';

/**
 * `node e2e/support/postgres-schema.ts create|drop NAME`: the schema on
 * TEST_POSTGRES_URL's database that the PostgreSQL project's server uses.
 * playwright.config.ts creates it before its web servers start (which is
 * before any globalSetup runs) and e2e/support/global-teardown.ts drops it.
 */
const [action, schema] = process.argv.slice(2);
const base = process.env.TEST_POSTGRES_URL;
if (!base) throw new Error('TEST_POSTGRES_URL is not set');
if (action === 'create') await createPostgresSchema(base, schema ?? '');
else if (action === 'drop') await dropPostgresSchema(base, schema ?? '');
else throw new Error('usage: postgres-schema.ts create|drop NAME');
