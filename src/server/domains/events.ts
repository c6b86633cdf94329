import fp from 'fastify-plugin';
import { eventsRoutes } from '../routes/api/events.ts';
import { EventsService } from '../services/events/events.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Event requests: a guest's request, checked against the closures and the flood limits. */
    events: EventsService;
  }
}

/**
 * Event requests (/api/events): a guest's request, and staff's list, thread,
 * replies and the covers a confirmed event holds in the reservations.
 */
export const eventsDomain = fp(
  async (app, options: { now: () => number }) => {
    const { config, textTranslations, bookingsVersion } = app;
    app.decorate(
      'events',
      new EventsService({
        db: app.db,
        dialect: app.dialect,
        limits: { floodGuard: app.floodGuard, limiter: app.limiter },
        schedule: () => app.openingHours.get('it'),
        ...(config.CONTACT_EMAIL ? { deliverTo: config.CONTACT_EMAIL } : {}),
        now: options.now,
        onMail: app.wakeSenders,
        translate: (italian, target) => textTranslations.translateNow(italian, target),
        onBookingsChanged: () => bookingsVersion.expire(),
        onTranslationFailed: (error) =>
          app.log.warn({ err: error }, 'machine translation of an event reply failed'),
      }),
    );
    await app.register(eventsRoutes, { prefix: '/api' });
  },
  { name: 'events', dependencies: ['core', 'opening-hours', 'reservations'] },
);
