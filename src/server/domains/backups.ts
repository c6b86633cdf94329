import { resolve } from 'node:path';
import fp from 'fastify-plugin';
import { DailyBackup } from '../backup/daily-backup.ts';
import { parseDatabaseUrl } from '../db/dialect.ts';
import { backupRoutes } from '../routes/api/backups.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The daily backup into BACKUP_DIR, and its state for the owners. */
    backups: DailyBackup;
  }
}

/** How often an instance looks whether the day's backup is due (03:30 in Rome). */
const BACKUP_CHECK_MS = 60 * 1000;

/**
 * The daily backup into BACKUP_DIR, looked for at start and then every
 * minute, and its state for the owners (/api/backups). A backup under way
 * finishes before the database closes (its preClose runs before the
 * database's onClose, plugins/database.ts).
 */
export const backupsDomain = fp(
  async (app, options: { now: () => number }) => {
    const { config } = app;
    const database = parseDatabaseUrl(config.DATABASE_URL);
    const backups = new DailyBackup({
      db: app.db,
      source:
        database.dialect === 'sqlite'
          ? { dialect: 'sqlite', path: database.path }
          : { dialect: 'postgres', db: app.db },
      dir: config.BACKUP_DIR === undefined ? undefined : resolve(config.BACKUP_DIR),
      keep: config.BACKUP_KEEP,
      passphrase: config.BACKUP_PASSPHRASE,
      now: options.now,
      log: app.log,
    });
    app.decorate('backups', backups);
    await app.register(backupRoutes, { prefix: '/api' });

    app.scheduler.every('daily backup', BACKUP_CHECK_MS, () => backups.check());
    app.addHook('preClose', async () => {
      await backups.stop();
    });
  },
  { name: 'backups', dependencies: ['database', 'core'] },
);
