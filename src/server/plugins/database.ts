import type { Kysely } from 'kysely';
import fp from 'fastify-plugin';
import { removeRestoreLeftovers } from '../backup/restore.ts';
import { writeServerLock } from '../backup/server-lock.ts';
import { openDatabase, type Database, type SqlDialect } from '../db/database.ts';
import { parseDatabaseUrl } from '../db/dialect.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    /** Which database DATABASE_URL names; what differs is in db/dialect.ts. */
    dialect: SqlDialect;
  }
}

/**
 * The database as `app.db`, opened (and migrated) at start, closed with the
 * app. On SQLite a lock file beside it names this process while it runs
 * (backup/server-lock.ts): `npm run restore` refuses to replace it meanwhile.
 */
export const databasePlugin = fp(
  async (app, options: { databaseUrl: string }) => {
    const database = await openDatabase(options.databaseUrl, {
      onIdleError: (error) => app.log.warn({ err: error }, 'database connection lost'),
    });
    app.decorate('db', database.db);
    app.decorate('dialect', database.dialect);
    const target = parseDatabaseUrl(options.databaseUrl);
    const releaseLock = target.dialect === 'sqlite' ? writeServerLock(target.path) : () => {};
    // A restore killed midway leaves a plaintext copy of its backup beside the database.
    if (target.dialect === 'sqlite') await removeRestoreLeftovers(target.path);
    app.addHook('onClose', async () => {
      try {
        await database.close();
      } finally {
        releaseLock();
      }
    });
  },
  { name: 'database' },
);
