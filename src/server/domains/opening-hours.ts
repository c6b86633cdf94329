import fp from 'fastify-plugin';
import { openingHoursRoutes } from '../routes/api/opening-hours.ts';
import { OpeningHoursService } from '../services/opening-hours.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Opening hours, closures and special days, and today's in Rome. */
    openingHours: OpeningHoursService;
  }
}

/** Opening hours, closures and special days (/api/opening-hours): what bookings, orders and events are checked against. */
export const openingHoursDomain = fp(
  async (app, options: { now: () => number }) => {
    const { textTranslations } = app;
    app.decorate(
      'openingHours',
      new OpeningHoursService({
        db: app.db,
        content: app.content,
        translations: textTranslations,
        contentVersion: () => app.contentVersion.current(),
        now: options.now,
        onChange: () => void textTranslations.refresh(),
      }),
    );
    await app.register(openingHoursRoutes, { prefix: '/api' });
  },
  { name: 'opening-hours', dependencies: ['core'] },
);
