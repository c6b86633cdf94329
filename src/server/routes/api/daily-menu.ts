import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dailyMenuAnswer,
  dailyMenuBody,
  staffTranslationBody,
  translationReviewAnswer,
} from '../../../shared/schemas/daily-menu.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import { LANGUAGES, TARGET_LANGS } from '../../../shared/languages.ts';
import {
  DAILY_MENU_ID,
  type DailyMenuRecord,
  type DailyMenuView,
} from '../../services/daily-menu.ts';
import { refuse } from './errors.ts';

const DAILY_MENU_ID_PARAM = String(DAILY_MENU_ID);
const querystring = z.strictObject({
  lang: z
    .enum(LANGUAGES, { error: `Lingua non supportata: usa ${LANGUAGES.join(', ')}.` })
    .optional(),
});
const translationParams = z.strictObject({
  id: z.string().max(20),
  lang: z.enum(TARGET_LANGS, {
    error: `Lingua non supportata: usa ${TARGET_LANGS.join(', ')}.`,
  }),
});

/** A staff translation refused because the Italian changed while it was written (409). */
const ITALIAN_CHANGED =
  'Il menu in italiano è cambiato mentre scrivevi: la traduzione non è stata salvata. Ricontrolla il testo e salvala di nuovo.';

const publicShape = ({ id, titolo, descrizione, infoAggiuntive, updatedAt }: DailyMenuRecord) => ({
  id,
  titolo,
  descrizione,
  infoAggiuntive,
  updatedAt,
});

/** GET /api/daily-menu/1 (public), PUT /api/daily-menu/1 (staff). */
export const dailyMenuRoutes: FastifyPluginAsyncZod = async (app) => {
  // The daily menu has the fixed id 1; any other is unknown.
  app.addHook('preValidation', (request, reply, done) => {
    if ((request.params as { id?: string }).id !== DAILY_MENU_ID_PARAM) {
      reply.status(404).send({ message: 'Menu del giorno non trovato.' });
      return;
    }
    done();
  });

  // The visitors' call, benchmarked against a bare Fastify route that returns
  // constant JSON: answered from memory per content version (content-json.ts).
  // (`id` needs no schema: the hook above answers anything but 1.)
  app.get(
    '/daily-menu/:id',
    { schema: { querystring }, ...app.contentJson.route },
    async (request) => {
      const { lang } = request.query;
      if (!lang) return publicShape(await app.dailyMenu.get());
      const view: DailyMenuView = await app.dailyMenu.view(lang);
      return { ...publicShape(view), lang: view.lang, translation: view.translation };
    },
  );

  // Staff review of the machine translations.
  const review = { response: { 200: translationReviewAnswer } };
  app.get(
    '/daily-menu/:id/translations',
    { schema: review, preHandler: requireStaff },
    async () => ({ translations: await app.dailyMenu.translations() }),
  );

  app.put(
    '/daily-menu/:id/translations/:lang',
    {
      schema: { params: translationParams, body: staffTranslationBody, ...review },
      preHandler: requireStaff,
    },
    async (request, reply) => {
      const { italian, ...text } = request.body;
      const outcome = await app.dailyMenu.saveTranslation(
        request.params.lang,
        text,
        italian,
        request.staff!,
      );
      if (outcome === 'italian-changed') {
        return refuse(reply, 409, outcome, ITALIAN_CHANGED);
      }
      return { translations: await app.dailyMenu.translations() };
    },
  );

  app.delete(
    '/daily-menu/:id/translations/:lang',
    { schema: { params: translationParams, ...review }, preHandler: requireStaff },
    async (request) => {
      await app.dailyMenu.removeTranslation(request.params.lang, request.staff!);
      return { translations: await app.dailyMenu.translations() };
    },
  );

  app.put(
    '/daily-menu/:id',
    {
      schema: { body: dailyMenuBody, response: { 200: dailyMenuAnswer } },
      preHandler: requireStaff,
    },
    async (request) => publicShape(await app.dailyMenu.save(request.body, request.staff!)),
  );
};
