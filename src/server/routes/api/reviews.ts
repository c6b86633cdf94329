import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RATE_LIMITED } from '../../../shared/schemas/errors.ts';
import { reviewStopAnswer, reviewStopBody } from '../../../shared/schemas/guest-records.ts';
import { RESERVATION_REFUSALS } from '../../../shared/schemas/reservations.ts';
import { clientKey } from '../../plugins/staff-auth.ts';
import { refuse, tooManyRequests } from './errors.ts';

/**
 * POST /api/guests/stop-reviews: the review mail's stop link, pressed (its
 * page, /reviews/stop, posts the same through the page's action). Public:
 * the signed token is the guest's whole authority (docs/security.md).
 */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/guests/stop-reviews',
    { schema: { body: reviewStopBody, response: { 200: reviewStopAnswer } } },
    async (request, reply) => {
      const stopped = await app.reviewRequests.stop(request.body.token, clientKey(request));
      if (stopped === true) return { stopped: true };
      if (stopped === false) {
        return refuse(
          reply,
          400,
          RESERVATION_REFUSALS.badToken,
          'This link is not whole, or no longer names a guest.',
        );
      }
      return tooManyRequests(reply, stopped.retryAfterSeconds, RATE_LIMITED, stopped.description);
    },
  );
};
