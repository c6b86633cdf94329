import fp from 'fastify-plugin';
import { reviewRoutes } from '../routes/api/reviews.ts';
import { GuestLinkKey } from '../services/guests/guest-links.ts';
import { ReviewRequests } from '../services/guests/review-requests.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The review requests the morning after a visit, and their stop link. */
    reviewRequests: ReviewRequests;
  }
}

/** Review requests go out within this long of 09:00 (CONTRACT.md part four: at least every 5 minutes). */
const REVIEW_REQUESTS_MS = 5 * 60 * 1000;

/**
 * Review requests (CONTRACT.md part four, "Guests"): queued by the one
 * scheduler at start and then every five minutes (safe on every instance:
 * each visit is claimed in the database), and the stop link's route. The
 * owner's switch and address are the reservation settings' `reviews`.
 */
export const reviewsDomain = fp(
  async (app, options: { now: () => number }) => {
    const { reservations } = app;
    const reviewRequests = new ReviewRequests({
      db: app.db,
      settings: async () => (await reservations.settings()).reviews,
      linkKey: new GuestLinkKey(),
      publicUrl: app.config.PUBLIC_URL,
      now: options.now,
      onMail: app.wakeSenders,
      counters: { floodGuard: app.floodGuard, limiter: app.limiter },
    });
    app.decorate('reviewRequests', reviewRequests);
    await app.register(reviewRoutes, { prefix: '/api' });

    app.scheduler.every('review requests', REVIEW_REQUESTS_MS, () => reviewRequests.queue());
  },
  { name: 'reviews', dependencies: ['core', 'reservations'] },
);
