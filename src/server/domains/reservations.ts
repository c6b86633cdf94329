import fp from 'fastify-plugin';
import { floorRoutes } from '../routes/api/floor.ts';
import { reservationRoutes } from '../routes/api/reservations.ts';
import { ContentVersion } from '../services/content-version.ts';
import { FloorPlanService } from '../services/reservations/floor-plan.ts';
import { ReservationsService } from '../services/reservations/reservations.ts';
import { readBookingsVersion } from '../services/reservations/rows.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Table reservations: slots, bookings, their mails, reminders. */
    reservations: ReservationsService;
    /** The bookings' version as this instance knows it: whatever changes bookings expires it. */
    bookingsVersion: ContentVersion;
    /** The owner's floor plan: areas, tables, combinations (table mode when it has a table). */
    floorPlan: FloorPlanService;
  }
}

/** Reminders go out within this long of their time (10:00 the day before). */
const REMINDERS_MS = 5 * 60 * 1000;

/**
 * Table reservations (/api/reservations): availability and bookings for
 * guests, the day's bookings and settings for staff, the calendar feed; and
 * the reminders due, queued at start and then every five minutes (safe on
 * every instance).
 */
export const reservationsDomain = fp(
  async (app, options: { now: () => number }) => {
    const { config } = app;
    const bookingsVersion = new ContentVersion({
      db: app.db,
      read: readBookingsVersion,
      onError: (error) => app.log.warn({ err: error }, 'could not read the bookings version'),
    });
    app.decorate('bookingsVersion', bookingsVersion);
    const reservations = new ReservationsService({
      db: app.db,
      dialect: app.dialect,
      bookingsVersion,
      limits: { floodGuard: app.floodGuard, limiter: app.limiter },
      content: app.content,
      contentVersion: () => app.contentVersion.current(),
      schedule: () => app.openingHours.get('it'),
      publicUrl: config.PUBLIC_URL,
      ...(config.CONTACT_EMAIL ? { deliverTo: config.CONTACT_EMAIL } : {}),
      now: options.now,
      onMail: app.wakeSenders,
    });
    app.decorate('reservations', reservations);
    app.decorate(
      'floorPlan',
      new FloorPlanService({
        db: app.db,
        translations: app.textTranslations,
        contentVersion: () => app.contentVersion.current(),
        now: options.now,
        // The bookings still unassigned get their tables in the plan's transaction.
        assigner: () => reservations.assigner(),
        changed: () => {
          bookingsVersion.expire();
          app.contentVersion.expire();
          void app.textTranslations.refresh();
        },
      }),
    );
    await app.register(reservationRoutes, { prefix: '/api', now: options.now });
    await app.register(floorRoutes, { prefix: '/api' });

    app.scheduler.every('reservation reminders', REMINDERS_MS, () => reservations.queueReminders());
  },
  { name: 'reservations', dependencies: ['core', 'opening-hours'] },
);
