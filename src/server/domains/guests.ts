import fp from 'fastify-plugin';
import { guestRoutes } from '../routes/api/guests.ts';
import { GuestDirectory } from '../services/guests/guest-directory.ts';
import { bumpBookingsVersion } from '../services/reservations/index.ts';
import { lockOrders } from '../services/takeaway/order-rows.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Guest records: search, history, staff's notes and the owner's tags. */
    guests: GuestDirectory;
  }
}

/**
 * Guest records for staff (/api/guests, CONTRACT.md part four, "Guests").
 * The day views show each guest's notes and tags: a change of them counts
 * the bookings' and the orders' versions up in its transaction (the evening
 * plan's and the kitchen board's tags, on every instance) and expires this
 * instance's copies.
 */
export const guestsDomain = fp(
  async (app, options: { now: () => number }) => {
    const { bookingsVersion, ordersVersion } = app;
    app.decorate(
      'guests',
      new GuestDirectory({
        db: app.db,
        now: options.now,
        changedIn: async (trx) => {
          await bumpBookingsVersion(trx);
          await lockOrders(trx);
        },
        changed: () => {
          bookingsVersion.expire();
          ordersVersion.expire();
        },
      }),
    );
    await app.register(guestRoutes, { prefix: '/api' });
  },
  { name: 'guests', dependencies: ['reservations', 'takeaway'] },
);
