import type { Kysely } from 'kysely';
import fp from 'fastify-plugin';
import { openDatabase, type Database, type SqlDialect } from '../db/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    /** Which database DATABASE_URL names; what differs is in db/dialect.ts. */
    dialect: SqlDialect;
  }
}

/** The database as `app.db`, opened (and migrated) at start, closed with the app. */
export const databasePlugin = fp(
  async (app, options: { databaseUrl: string }) => {
    const database = await openDatabase(options.databaseUrl, {
      onIdleError: (error) => app.log.warn({ err: error }, 'database connection lost'),
    });
    app.decorate('db', database.db);
    app.decorate('dialect', database.dialect);
    app.addHook('onClose', () => database.close());
  },
  { name: 'database' },
);
