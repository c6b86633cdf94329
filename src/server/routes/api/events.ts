import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RATE_LIMITED } from '../../../shared/schemas/errors.ts';
import {
  createdInquiryAnswer,
  EVENT_REFUSALS,
  eventInquiryAnswer,
  eventInquiryBody,
  inquiriesAnswer,
  inquiriesQuery,
  inquiryPatch,
  inquiryReplyBody,
  replyPreviewAnswer,
  replyPreviewBody,
} from '../../../shared/schemas/events.ts';
import { idParams } from '../../../shared/schemas/staff.ts';
import type { InquiryRefusal } from '../../services/events/staff-inquiries.ts';
import { clientKey, requireStaff } from '../../plugins/staff-auth.ts';
import { declinePendingRoutes } from './decline-pending.ts';
import { fieldError, notFound, refuse, tooManyRequests } from './errors.ts';

/**
 * /api/events (docs/api.md, "Events"): a guest's request for an event, and
 * staff's list, status and held covers, replies in the guest's language,
 * and all of one guest's open requests declined at once.
 */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/events/inquiries',
    { schema: { body: eventInquiryBody, response: { 201: createdInquiryAnswer } } },
    async (request, reply) => {
      const taken = await app.events.inquire(clientKey(request), request.body);
      if (taken.ok) return reply.status(201).send({ id: taken.id });
      if ('field' in taken) return fieldError(reply, taken.field, taken.message);
      if ('reason' in taken) return refuse(reply, 409, taken.reason, taken.description);
      return tooManyRequests(reply, taken.retryAfterSeconds, RATE_LIMITED, taken.description);
    },
  );

  declinePendingRoutes(app, 'events', () => app.events, 'Richiesta non trovata.');

  app.get(
    '/events/inquiries',
    {
      schema: { querystring: inquiriesQuery, response: { 200: inquiriesAnswer } },
      preHandler: requireStaff,
    },
    (request) => app.events.list(request.query.status),
  );

  app.patch(
    '/events/inquiries/:id',
    {
      schema: { params: idParams, body: inquiryPatch, response: { 200: eventInquiryAnswer } },
      preHandler: requireStaff,
    },
    async (request, reply) => {
      const changed = await app.events.update(request.params.id, request.body, request.staff!);
      return changed.ok ? changed.inquiry : refused(reply, request.params.id, changed);
    },
  );

  app.post(
    '/events/inquiries/:id/messages',
    {
      schema: { params: idParams, body: inquiryReplyBody, response: { 201: eventInquiryAnswer } },
      preHandler: requireStaff,
    },
    async (request, reply) => {
      const sent = await app.events.reply(request.params.id, request.body, request.staff!);
      return sent.ok
        ? reply.status(201).send(sent.inquiry)
        : refused(reply, request.params.id, sent);
    },
  );

  app.post(
    '/events/inquiries/:id/messages/preview',
    {
      schema: { params: idParams, body: replyPreviewBody, response: { 200: replyPreviewAnswer } },
      preHandler: requireStaff,
    },
    async (request, reply) => {
      const preview = await app.events.preview(request.params.id, request.body.text);
      return preview.ok
        ? { translation: preview.translation }
        : refused(reply, request.params.id, preview);
    },
  );
};

/** A staff route's refusal, in the contract's shapes (Italian, as the back office shows it). */
function refused(reply: FastifyReply, id: number, refusal: InquiryRefusal) {
  switch (refusal.reason) {
    case 'not-found':
      return notFound(reply, `Non esiste la richiesta di evento n. ${id}.`);
    case 'hold-not-confirmed':
      return fieldError(reply, 'holdCovers', 'Solo un evento confermato tiene dei coperti.');
    case 'unknown-area':
      return fieldError(
        reply,
        'holdArea',
        "Quest'area non è nella pianta della sala: ricarica la pagina e scegline un'altra.",
      );
    case 'translation-unavailable':
      return refuse(
        reply,
        503,
        EVENT_REFUSALS.translationUnavailable,
        'La traduzione automatica non è disponibile: scrivete voi la traduzione, oppure riprovate più tardi.',
      );
  }
}
