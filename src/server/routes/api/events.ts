import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RATE_LIMITED } from '../../../shared/schemas/errors.ts';
import { createdInquiryAnswer, eventInquiryBody } from '../../../shared/schemas/events.ts';
import { clientKey } from '../../plugins/staff-auth.ts';
import { fieldError, tooManyRequests } from './errors.ts';

/** /api/events: a guest's request for an event (docs/api.md, "Events"). */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/events/inquiries',
    { schema: { body: eventInquiryBody, response: { 201: createdInquiryAnswer } } },
    async (request, reply) => {
      const taken = await app.events.inquire(clientKey(request), request.body);
      if (taken.ok) return reply.status(201).send({ id: taken.id });
      if ('field' in taken) return fieldError(reply, taken.field, taken.message);
      return tooManyRequests(reply, taken.retryAfterSeconds, RATE_LIMITED, taken.description);
    },
  );
};
