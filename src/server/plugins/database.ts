import type { Kysely } from 'kysely';
import fp from 'fastify-plugin';
import { openDatabase, type Database } from '../db/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
  }
}

/** The database as `app.db`, opened (and migrated) at start, closed with the app. */
export const databasePlugin = fp(
  async (app, options: { databaseUrl: string }) => {
    const database = await openDatabase(options.databaseUrl);
    app.decorate('db', database.db);
    app.addHook('onClose', () => database.close());
  },
  { name: 'database' },
);
