import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGES, TARGET_LANGS } from '../../../shared/languages.ts';
import {
  siteTextsBody,
  siteTextsItalianAnswer,
  siteTextsReviewAnswer,
  siteTextsTranslationBody,
  siteTextsView,
} from '../../../shared/schemas/site-texts.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import { refuse } from './errors.ts';

const querystring = z.strictObject({
  lang: z
    .enum(LANGUAGES, { error: `Lingua non supportata: usa ${LANGUAGES.join(', ')}.` })
    .default('it'),
});
const translationParams = z.strictObject({
  lang: z.enum(TARGET_LANGS, {
    error: `Lingua non supportata: usa ${TARGET_LANGS.join(', ')}.`,
  }),
});

/** A staff translation refused because the Italian changed while it was written (409). */
const ITALIAN_CHANGED =
  'Il testo in italiano è cambiato mentre scrivevi: la traduzione non è stata salvata. Ricontrolla il testo e salvala di nuovo.';

/**
 * The page texts: GET /api/site-texts?lang=xx for everyone (what the pages
 * show, placeholders filled in); for staff, PUT of the Italian and the
 * translations' review, correction and reset.
 */
export const siteTextsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/site-texts', { schema: { querystring, response: { 200: siteTextsView } } }, (request) =>
    app.siteTexts.view(request.query.lang),
  );

  app.put(
    '/site-texts',
    {
      schema: { body: siteTextsBody, response: { 200: siteTextsItalianAnswer } },
      preHandler: requireStaff,
    },
    async (request) => ({ texts: await app.siteTexts.save(request.body, request.staff!) }),
  );

  const review = { response: { 200: siteTextsReviewAnswer } };
  app.get('/site-texts/translations', { schema: review, preHandler: requireStaff }, () =>
    app.siteTexts.translations(),
  );

  app.put(
    '/site-texts/translations/:lang',
    {
      schema: { params: translationParams, body: siteTextsTranslationBody, ...review },
      preHandler: requireStaff,
    },
    async (request, reply) => {
      const { italian, ...texts } = request.body;
      const outcome = await app.siteTexts.saveTranslation(
        request.params.lang,
        texts,
        italian,
        request.staff!,
      );
      if (outcome === 'italian-changed') return refuse(reply, 409, outcome, ITALIAN_CHANGED);
      return app.siteTexts.translations();
    },
  );

  app.delete(
    '/site-texts/translations/:lang',
    { schema: { params: translationParams, ...review }, preHandler: requireStaff },
    async (request) => {
      await app.siteTexts.removeTranslation(request.params.lang, request.staff!);
      return app.siteTexts.translations();
    },
  );
};
