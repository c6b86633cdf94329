import type { FastifyInstance } from 'fastify';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * `GET /photos/{name}`: an encoded photo, under the
 * content-hashed name the server gave it (docs/security.md item 45): its
 * true type, `nosniff` (security-headers.ts), cached for a year since the
 * bytes behind a name never change. Any other name is 404. Outside /api:
 * pages and scrapers load these as files.
 */
export async function photoFileRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { name: string } }>(
    '/photos/:name',
    // Files are already compressed: compressing them again only costs time.
    { compress: false },
    async (request, reply) => {
      const file = await app.imageFiles.get(request.params.name);
      if (!file) return reply.callNotFound();
      return reply
        .type(file.type)
        .header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`)
        .send(file.bytes);
    },
  );
}
