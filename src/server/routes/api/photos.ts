import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGES, TARGET_LANGS } from '../../../shared/languages.ts';
import { toPhotoSlot } from '../../../shared/photo-slots.ts';
import {
  PHOTO_MAX_BYTES,
  photoAlt,
  photoPatch,
  photoTranslationBody,
  photoTranslationsAnswer,
  photoView,
} from '../../../shared/schemas/photos.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import type { PhotoRefusal } from '../../services/photos/encode.ts';
import { notFound, refuse } from './errors.ts';
import { NOT_MODIFIED } from './content-json.ts';

const SLOT_NOT_FOUND = 'Spazio per la foto non trovato.';
const NO_UPLOAD = 'Questo spazio mostra la foto predefinita: carica prima una foto.';
const ITALIAN_CHANGED =
  'Il testo alternativo in italiano è cambiato mentre scrivevi: la traduzione non è stata salvata. Ricontrolla il testo e salvala di nuovo.';

/** What staff read when a file is refused (the back office shows it as it is). */
const REFUSAL_TEXTS: Record<PhotoRefusal, string> = {
  'unsupported-image':
    'Il file non è una foto JPEG, PNG, WebP o AVIF. Scegli una foto dalla galleria o scattane una.',
  'heic-not-supported':
    'Le foto HEIC dell’iPhone non si possono usare così: scegli la foto dalla galleria del telefono, che la invia in JPEG, oppure imposta la fotocamera su «Più compatibile».',
  'image-too-large': 'La foto ha più di 50 megapixel: riducila e riprova.',
  'damaged-image': 'Il file della foto è incompleto o danneggiato: riprova a caricarlo.',
};

const slotParams = z.strictObject({ slot: z.string().max(40) });
const translationParams = slotParams.extend({
  lang: z.enum(TARGET_LANGS, { error: `Lingua non supportata: usa ${TARGET_LANGS.join(', ')}.` }),
});
const listQuery = z.strictObject({
  lang: z
    .enum(LANGUAGES, { error: `Lingua non supportata: usa ${LANGUAGES.join(', ')}.` })
    .optional(),
});
const uploadQuery = z.strictObject({ alt: photoAlt });

/**
 * A picture sent here is read to its end when refused (401, 413, 415), so
 * that the answer reaches its client (plugins/early-answers.ts): the upload
 * takes one, and a PATCH is where a client may send one by mistake.
 */
const SENT_PICTURES = { refusedBodyBytes: PHOTO_MAX_BYTES };

/**
 * The photo slots (docs/api.md, "Photos"): the list for everyone; uploads,
 * alt texts, focal points, "Ripristina" and the alt text's translations for
 * staff, owners and staff alike. The files themselves are served by
 * routes/photo-files.ts.
 */
export const photoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/photos',
    // Answered from memory per content version (content-json.ts).
    {
      schema: { querystring: listQuery, response: { 200: z.array(photoView), ...NOT_MODIFIED } },
      ...app.contentJson.route,
    },
    async (request) => app.photos.list(request.query.lang ?? 'it'),
  );

  // The upload, in a context of its own: the only route that reads an image,
  // and the only body over the 100 KB every other route takes (app.ts), so
  // no other route reads 20 MB before it refuses them (docs/security.md
  // item 49). Its bytes decide what it is (encode.ts), whatever `image/…` type
  // it declares: an SVG or a GIF is a 400 that says so. The bearer is
  // checked before a byte is read (`bearerFirst`, plugins/staff-auth.ts).
  await app.register(async (upload) => {
    upload.addContentTypeParser(
      /^image\/[a-z0-9.+-]+$/i,
      { parseAs: 'buffer', bodyLimit: PHOTO_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    upload.withTypeProvider<ZodTypeProvider>().put(
      '/photos/:slot',
      {
        schema: { params: slotParams, querystring: uploadQuery, response: { 200: photoView } },
        // The one body that may take the server's whole request timeout (app.ts).
        config: { ...SENT_PICTURES, slowBody: true },
        preHandler: requireStaff,
      },
      async (request, reply) => {
        const slot = toPhotoSlot(request.params.slot);
        if (!slot) return notFound(reply, SLOT_NOT_FOUND);
        // A JSON or empty body is no picture either.
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const outcome = await app.photos.upload(slot, body, request.query.alt, request.staff!);
        if (outcome.ok) return outcome.photo;
        if (outcome.code === 'not-found') return notFound(reply, SLOT_NOT_FOUND);
        return refuse(reply, 400, outcome.code, REFUSAL_TEXTS[outcome.code]);
      },
    );
  });

  app.patch(
    '/photos/:slot',
    {
      schema: { params: slotParams, body: photoPatch, response: { 200: photoView } },
      config: SENT_PICTURES,
      preHandler: requireStaff,
    },
    async (request, reply) => {
      const slot = toPhotoSlot(request.params.slot);
      if (!slot || !(await app.photos.exists(slot))) return notFound(reply, SLOT_NOT_FOUND);
      const outcome = await app.photos.patch(slot, request.body, request.staff!);
      return outcome === 'not-found' ? notFound(reply, NO_UPLOAD) : outcome;
    },
  );

  app.delete(
    '/photos/:slot',
    { schema: { params: slotParams }, preHandler: requireStaff },
    async (request, reply) => {
      const slot = toPhotoSlot(request.params.slot);
      if (!slot || (await app.photos.reset(slot, request.staff!)) === 'not-found') {
        return notFound(reply, SLOT_NOT_FOUND);
      }
      return reply.status(204).send();
    },
  );

  // Staff review and correction of an upload's alt text, as the daily menu's.
  const review = { response: { 200: photoTranslationsAnswer } };
  app.get(
    '/photos/:slot/translations',
    { schema: { params: slotParams, ...review }, preHandler: requireStaff },
    async (request, reply) => {
      const slot = toPhotoSlot(request.params.slot);
      const answer = slot ? await app.photos.translations(slot) : undefined;
      return answer ?? notFound(reply, slot ? NO_UPLOAD : SLOT_NOT_FOUND);
    },
  );

  app.put(
    '/photos/:slot/translations/:lang',
    {
      schema: { params: translationParams, body: photoTranslationBody, ...review },
      preHandler: requireStaff,
    },
    async (request, reply) => {
      const slot = toPhotoSlot(request.params.slot);
      if (!slot) return notFound(reply, SLOT_NOT_FOUND);
      const { alt, italian } = request.body;
      const outcome = await app.photos.saveTranslation(
        slot,
        request.params.lang,
        alt,
        italian.alt,
        request.staff!,
      );
      if (outcome === 'not-found') return notFound(reply, NO_UPLOAD);
      if (outcome === 'italian-changed') return refuse(reply, 409, outcome, ITALIAN_CHANGED);
      return (await app.photos.translations(slot))!;
    },
  );

  app.delete(
    '/photos/:slot/translations/:lang',
    { schema: { params: translationParams, ...review }, preHandler: requireStaff },
    async (request, reply) => {
      const slot = toPhotoSlot(request.params.slot);
      if (!slot) return notFound(reply, SLOT_NOT_FOUND);
      const outcome = await app.photos.removeTranslation(slot, request.params.lang, request.staff!);
      if (outcome === 'not-found') return notFound(reply, NO_UPLOAD);
      return (await app.photos.translations(slot))!;
    },
  );
};
