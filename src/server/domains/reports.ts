import fp from 'fastify-plugin';
import { reportsRoutes } from '../routes/api/reports.ts';
import { ReportsService } from '../services/reports/reports.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The owner's reports: what happened, counted by the database. */
    reports: ReportsService;
  }
}

/**
 * The owner's reports (/api/reports, CONTRACT.md part four, "The owner's
 * view"): bookings, takeaway, dishes, events and languages over a range,
 * beside the range before. It reads the takeaway slots' limits through
 * the takeaway domain.
 */
export const reportsDomain = fp(
  async (app, options: { now: () => number }) => {
    app.decorate(
      'reports',
      new ReportsService({
        db: app.db,
        dialect: app.dialect,
        now: options.now,
        limits: async () => (await app.takeaway.settings()).limits,
      }),
    );
    await app.register(reportsRoutes, { prefix: '/api' });
  },
  { name: 'reports', dependencies: ['core', 'takeaway'] },
);
