import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ImageFile } from '../services/photos/image-files.ts';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const CACHE_CONTROL = `public, max-age=${YEAR_SECONDS}, immutable`;

/**
 * `GET /photos/{name}`: an encoded photo or the social-share card, under the
 * content-hashed name the server gave it (docs/security.md item 45): its
 * true type, `nosniff` (security-headers.ts), cached for a year since the
 * bytes behind a name never change. Any other name is 404. Outside /api:
 * pages and scrapers load these as files.
 */
export async function photoFileRoutes(app: FastifyInstance): Promise<void> {
  const send = (reply: FastifyReply, file: ImageFile | undefined) => {
    if (!file) return reply.callNotFound();
    return reply.type(file.type).header('cache-control', CACHE_CONTROL).send(file.bytes);
  };
  app.get<{ Params: { name: string } }>(
    '/photos/:name',
    // Files are already compressed: compressing them again only costs time.
    { compress: false },
    // A file in memory is sent at once, without a promise: the path nearly every request takes.
    (request, reply) => {
      const kept = app.imageFiles.kept(request.params.name);
      if (kept) return send(reply, kept);
      return app.imageFiles.get(request.params.name).then((file) => send(reply, file));
    },
  );
}
