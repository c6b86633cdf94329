import fp from 'fastify-plugin';
import { guestDataRoutes } from '../routes/api/guest-data.ts';
import { GuestDataService } from '../services/guest-data.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Guests' personal data: export, erasure, the retention period. */
    guestData: GuestDataService;
  }
}

/** How often guests' data past its retention period is looked for. */
const RETENTION_MS = 5 * 60 * 1000;

/**
 * Guests' personal data across bookings, orders, event requests and contact
 * messages: one guest's export and erasure (/api/guest-data), and the
 * deletion of what is older than the retention period the owner set, at
 * start and then every five minutes (safe on every instance).
 */
export const guestDataDomain = fp(
  async (app, options: { now: () => number }) => {
    const { bookingsVersion, ordersVersion, reservations } = app;
    const guestData = new GuestDataService({
      db: app.db,
      onBookingsChanged: () => bookingsVersion.expire(),
      onOrdersChanged: () => ordersVersion.expire(),
      now: options.now,
    });
    app.decorate('guestData', guestData);
    await app.register(guestDataRoutes, { prefix: '/api' });

    app.scheduler.every('guest data retention', RETENTION_MS, async () =>
      guestData.purgeExpired((await reservations.settings()).retentionMonths),
    );
  },
  { name: 'guest-data', dependencies: ['reservations', 'takeaway'] },
);
