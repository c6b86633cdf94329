import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createdAnswer,
  itemCreateBody,
  itemPatchBody,
  itemTranslationBody,
  itemTranslationsAnswer,
  menuAnswer,
  menuLangQuery,
  menuTranslationParams,
  sectionCreateBody,
  sectionPatchBody,
  staffItemAnswer,
  type MenuView,
} from '../../../shared/schemas/menu.ts';
import { MENU_REFUSALS } from '../../../shared/schemas/errors.ts';
import { idParams } from '../../../shared/schemas/staff.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import { fieldError, notFound, refuse } from './errors.ts';
import { KeptJson } from './kept-json.ts';

const SECTION_NOT_FOUND = 'Sezione del menu non trovata.';
const ITEM_NOT_FOUND = 'Piatto non trovato.';
const SECTION_NOT_EMPTY =
  'La sezione contiene ancora dei piatti: spostali o eliminali, poi elimina la sezione.';
/** A staff translation refused because the Italian changed while it was written (409). */
const ITALIAN_CHANGED =
  'Il testo in italiano è cambiato mentre scrivevi: la traduzione non è stata salvata. Ricontrolla il testo e salvala di nuovo.';

/**
 * The menu in the database (docs/api.md, "Menu"): GET /api/menu for
 * everyone; sections, dishes and their translations for staff.
 */
export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  // Serialised once per view (the schema leaves the sections' `key` out) (views are kept per content version), not at every request.
  const visitorJson = new KeptJson<MenuView, typeof menuAnswer>(menuAnswer);
  app.get('/menu', { schema: { querystring: menuLangQuery } }, async (request, reply) =>
    visitorJson.send(reply, await app.menu.view(request.query.lang), (view) => view),
  );

  app.post(
    '/menu/sections',
    {
      schema: { body: sectionCreateBody, response: { 201: createdAnswer } },
      preHandler: requireStaff,
    },
    async (request, reply) =>
      reply.status(201).send(await app.menu.createSection(request.body, request.staff!)),
  );

  app.patch(
    '/menu/sections/:id',
    { schema: { params: idParams, body: sectionPatchBody }, preHandler: requireStaff },
    async (request, reply) => {
      const outcome = await app.menu.updateSection(request.params.id, request.body, request.staff!);
      if (outcome === 'not-found') return notFound(reply, SECTION_NOT_FOUND);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/menu/sections/:id',
    { schema: { params: idParams }, preHandler: requireStaff },
    async (request, reply) => {
      const outcome = await app.menu.deleteSection(request.params.id, request.staff!);
      if (outcome === 'not-found') return notFound(reply, SECTION_NOT_FOUND);
      if (outcome === 'not-empty')
        return refuse(reply, 409, MENU_REFUSALS.sectionNotEmpty, SECTION_NOT_EMPTY);
      return reply.status(204).send();
    },
  );

  app.post(
    '/menu/items',
    {
      schema: { body: itemCreateBody, response: { 201: staffItemAnswer } },
      preHandler: requireStaff,
    },
    async (request, reply) => {
      const item = await app.menu.createItem(request.body, request.staff!);
      if (item === 'section-not-found') return fieldError(reply, 'sectionId', SECTION_NOT_FOUND);
      return reply.status(201).send(item);
    },
  );

  app.patch(
    '/menu/items/:id',
    {
      schema: { params: idParams, body: itemPatchBody, response: { 200: staffItemAnswer } },
      preHandler: requireStaff,
    },
    async (request, reply) => {
      const item = await app.menu.updateItem(request.params.id, request.body, request.staff!);
      if (item === 'not-found') return notFound(reply, ITEM_NOT_FOUND);
      if (item === 'section-not-found') return fieldError(reply, 'sectionId', SECTION_NOT_FOUND);
      return item;
    },
  );

  app.delete(
    '/menu/items/:id',
    { schema: { params: idParams }, preHandler: requireStaff },
    async (request, reply) => {
      if ((await app.menu.deleteItem(request.params.id, request.staff!)) === 'not-found') {
        return notFound(reply, ITEM_NOT_FOUND);
      }
      return reply.status(204).send();
    },
  );

  // Staff review and correction of a dish's translations.
  const review = { response: { 200: itemTranslationsAnswer } };
  app.get(
    '/menu/items/:id/translations',
    { schema: { params: idParams, ...review }, preHandler: requireStaff },
    async (request, reply) => {
      const answer = await app.menu.itemTranslations(request.params.id);
      return answer ?? notFound(reply, ITEM_NOT_FOUND);
    },
  );

  app.put(
    '/menu/items/:id/translations/:lang',
    {
      schema: { params: menuTranslationParams, body: itemTranslationBody, ...review },
      preHandler: requireStaff,
    },
    async (request, reply) => {
      const { id, lang } = request.params;
      const { italian, ...texts } = request.body;
      const outcome = await app.menu.saveItemTranslation(id, lang, texts, italian, request.staff!);
      if (outcome === 'not-found') return notFound(reply, ITEM_NOT_FOUND);
      if (outcome === 'italian-changed') return refuse(reply, 409, outcome, ITALIAN_CHANGED);
      return (await app.menu.itemTranslations(id))!;
    },
  );

  app.delete(
    '/menu/items/:id/translations/:lang',
    { schema: { params: menuTranslationParams, ...review }, preHandler: requireStaff },
    async (request, reply) => {
      const { id, lang } = request.params;
      if ((await app.menu.removeItemTranslation(id, lang, request.staff!)) === 'not-found') {
        return notFound(reply, ITEM_NOT_FOUND);
      }
      return (await app.menu.itemTranslations(id))!;
    },
  );
};
