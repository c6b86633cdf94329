import type { FastifyInstance } from 'fastify';
import { sendPrecompressed, strongEtag, type Precompressed } from '../precompressed.ts';
import { IMAGE_FILE_NAME, type ImageFile } from '../services/photos/image-files.ts';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const CACHE_CONTROL = `public, max-age=${YEAR_SECONDS}, immutable`;
const PREFIX = '/photos/';

/**
 * Each file kept in memory as the answer it is sent as: its bytes as they
 * are (already compressed: neither brotli nor gzip is kept), its type, a
 * year's caching, and a tag from its bytes, so a revalidation gets 304.
 */
const answers = new WeakMap<ImageFile, Precompressed>();
function answerOf(file: ImageFile): Precompressed {
  let answer = answers.get(file);
  if (!answer) {
    answer = {
      status: 200,
      headers: { 'content-type': file.type, 'cache-control': CACHE_CONTROL },
      body: file.bytes,
      etag: strongEtag(file.bytes),
    };
    answers.set(file, answer);
  }
  return answer;
}

/**
 * `GET /photos/{name}`: an encoded photo or the social-share card, under the
 * content-hashed name the server gave it (docs/security.md item 45): its
 * true type, `nosniff` (security-headers.ts), cached for a year since the
 * bytes behind a name never change. Any other name is 404. Outside /api:
 * pages and scrapers load these as files.
 *
 * A file in memory whose name the instance checked within the version's
 * age (image-files.ts `kept`: a deleted photo's files go at once) is sent
 * before Fastify (front-answers.ts), at its plain address: the same answer.
 */
export async function photoFileRoutes(app: FastifyInstance): Promise<void> {
  app.frontAnswers.add((url) => {
    if (!url.startsWith(PREFIX)) return undefined;
    const name = url.slice(PREFIX.length);
    if (!IMAGE_FILE_NAME.test(name)) return undefined;
    const file = app.imageFiles.kept(name);
    return file && answerOf(file);
  });
  app.get<{ Params: { name: string } }>(
    '/photos/:name',
    // Files are already compressed: compressing them again only costs time.
    { compress: false },
    // A file in memory is sent at once, without a promise.
    (request, reply) => {
      const kept = app.imageFiles.kept(request.params.name);
      if (kept) return sendPrecompressed(request, reply, answerOf(kept));
      return app.imageFiles.get(request.params.name).then((file) => {
        if (!file) return reply.callNotFound();
        return sendPrecompressed(request, reply, answerOf(file));
      });
    },
  );
}
