import fp from 'fastify-plugin';
import { overviewRoutes } from '../routes/api/overview.ts';
import { TonightOverview } from '../services/overview.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tonight's covers against the room, the takeaway orders to make, new event requests, unread messages. */
    overview: TonightOverview;
  }
}

/**
 * The back office's first screen at a glance (/api/overview): counts over
 * the bookings, orders, event requests and messages, the room's size from
 * the floor plan or the reservations' settings.
 */
export const overviewDomain = fp(
  async (app, options: { now: () => number }) => {
    app.decorate(
      'overview',
      new TonightOverview({
        db: app.db,
        settings: () => app.reservations.settings(),
        now: options.now,
      }),
    );
    await app.register(overviewRoutes, { prefix: '/api' });
  },
  { name: 'overview', dependencies: ['core', 'reservations'] },
);
