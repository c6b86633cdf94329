import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGES } from '../../../shared/languages.ts';
import {
  siteTextsBody,
  siteTextsItalianAnswer,
  siteTextsReviewAnswer,
  siteTextsTranslationBody,
  siteTextsView,
} from '../../../shared/schemas/site-texts.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import { translationReviewRoutes } from './translation-review.ts';
import { NOT_MODIFIED } from './content-json.ts';

const querystring = z.strictObject({
  lang: z
    .enum(LANGUAGES, { error: `Lingua non supportata: usa ${LANGUAGES.join(', ')}.` })
    .default('it'),
});

/** A staff translation refused because the Italian changed while it was written (409). */
const ITALIAN_CHANGED =
  'Il testo in italiano è cambiato mentre scrivevi: la traduzione non è stata salvata. Ricontrolla il testo e salvala di nuovo.';

/**
 * The page texts: GET /api/site-texts?lang=xx for everyone (what the pages
 * show, placeholders filled in); for staff, PUT of the Italian and the
 * translations' review, correction and reset (translation-review.ts).
 */
export const siteTextsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Answered from memory per content version and date in Rome (content-json.ts).
  app.get(
    '/site-texts',
    {
      schema: { querystring, response: { 200: siteTextsView, ...NOT_MODIFIED } },
      ...app.contentJson.route,
    },
    (request) => app.siteTexts.view(request.query.lang),
  );

  app.put(
    '/site-texts',
    {
      schema: { body: siteTextsBody, response: { 200: siteTextsItalianAnswer } },
      preHandler: requireStaff,
    },
    async (request) => ({ texts: await app.siteTexts.save(request.body, request.staff!) }),
  );

  translationReviewRoutes(app, '/site-texts/translations', {
    body: siteTextsTranslationBody,
    answer: siteTextsReviewAnswer,
    italianChanged: ITALIAN_CHANGED,
    service: () => app.siteTexts,
  });
};
