import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  openingHoursAnswer,
  openingHoursBody,
  openingHoursQuery,
} from '../../../shared/schemas/opening-hours.ts';
import {
  closureTranslationsAnswer,
  closureTranslationsBody,
} from '../../../shared/schemas/closure-translations.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import { validationErrors } from './errors.ts';
import { NOT_MODIFIED } from './content-json.ts';
import { translationReviewRoutes } from './translation-review.ts';

/** A staff translation refused because a note's Italian changed while it was written (409). */
const ITALIAN_CHANGED =
  'Una nota di chiusura in italiano è cambiata mentre scrivevi: la traduzione non è stata salvata. Ricontrolla il testo e salvala di nuovo.';

/**
 * Opening hours (docs/api.md, "Opening hours"): GET /api/opening-hours for
 * everyone, closure notes in `lang`; PUT for staff, answering the hours as
 * GET does, in Italian; for staff too, the closure notes' translations'
 * review, correction and reset (translation-review.ts), like every text.
 */
export const openingHoursRoutes: FastifyPluginAsyncZod = async (app) => {
  const response = { 200: openingHoursAnswer };

  // Answered from memory per content version and date in Rome (content-json.ts).
  app.get(
    '/opening-hours',
    {
      schema: { querystring: openingHoursQuery, response: { ...response, ...NOT_MODIFIED } },
      ...app.contentJson.route,
    },
    (request) => app.openingHours.get(request.query.lang),
  );

  app.put(
    '/opening-hours',
    { schema: { body: openingHoursBody, response }, preHandler: requireStaff },
    async (request, reply) => {
      const outcome = await app.openingHours.replace(request.body, request.staff!);
      if (!outcome.ok) {
        // A special day left out of the body, kept as stored, that the new week runs into.
        const errors: Record<string, string[]> = {};
        for (const { index, message } of outcome.problems) {
          (errors[`exceptions.${index}.ranges`] ??= []).push(message);
        }
        return validationErrors(reply, errors);
      }
      return app.openingHours.get('it');
    },
  );

  translationReviewRoutes(app, '/opening-hours/translations', {
    body: closureTranslationsBody,
    answer: closureTranslationsAnswer,
    italianChanged: ITALIAN_CHANGED,
    service: () => app.openingHours,
  });
};
