import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  guestDetailAnswer,
  guestKeyParams,
  guestPatchBody,
  guestsAnswer,
  guestsQuery,
  guestTagsAnswer,
  guestTagsBody,
} from '../../../shared/schemas/guest-records.ts';
import { requireOwner, requireStaff } from '../../plugins/staff-auth.ts';
import { notFound, validationErrors } from './errors.ts';

const GUEST_NOT_FOUND = 'Ospite non trovato.';

/**
 * /api/guests (staff): the guest records (CONTRACT.md part four, "Guests"),
 * searched, one with its history, its notes and tags; the owner's list of
 * tags. Every answer holds guest data: no-store, as every staff answer
 * (plugins/api-conventions.ts).
 */
export const guestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/guests',
    {
      schema: { querystring: guestsQuery, response: { 200: guestsAnswer } },
      preHandler: requireStaff,
    },
    (request) => app.guests.search(request.query.q),
  );

  app.get(
    '/guests/tags',
    { schema: { response: { 200: guestTagsAnswer } }, preHandler: requireStaff },
    async () => ({ tags: await app.guests.tags() }),
  );

  app.put(
    '/guests/tags',
    {
      schema: { body: guestTagsBody, response: { 200: guestTagsAnswer } },
      preHandler: requireOwner,
    },
    async (request) => ({ tags: await app.guests.setTags(request.body.tags, request.staff!) }),
  );

  app.get(
    '/guests/:key',
    {
      schema: { params: guestKeyParams, response: { 200: guestDetailAnswer } },
      preHandler: requireStaff,
    },
    async (request, reply) =>
      (await app.guests.detail(request.params.key)) ?? notFound(reply, GUEST_NOT_FOUND),
  );

  app.patch(
    '/guests/:key',
    {
      schema: {
        params: guestKeyParams,
        body: guestPatchBody,
        response: { 200: guestDetailAnswer },
      },
      preHandler: requireStaff,
    },
    async (request, reply) => {
      const outcome = await app.guests.patch(request.params.key, request.body, request.staff!);
      if (outcome.ok) return outcome.guest;
      if (outcome.reason === 'not-found') return notFound(reply, GUEST_NOT_FOUND);
      return validationErrors(reply, outcome.errors);
    },
  );
};
