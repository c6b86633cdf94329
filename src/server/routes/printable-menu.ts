import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestLanguage } from '../request-language.ts';
import type { PrintedFile } from '../services/printable-menu.ts';
import { etagMatches } from '../precompressed.ts';

/**
 * A generated file, or 304 when the client holds these very bytes. The
 * language may come from the cookie or Accept-Language, so caches keep one
 * answer per value of those.
 */
function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: PrintedFile,
  headers: Record<string, string>,
) {
  reply.headers(headers).header('vary', 'Cookie, Accept-Language').header('etag', file.etag);
  if (etagMatches(request.headers['if-none-match'], file.etag)) return reply.code(304).send();
  return reply.header('content-length', file.bytes.length).send(file.bytes);
}

/**
 * The menu on paper, outside /api because people open, print and share
 * these addresses: `GET /menu.pdf?lng=xx`, the whole menu as a PDF, and
 * `GET /menu-qr.svg?lng=xx`, the QR code of `PUBLIC_URL/menu?lng=xx`
 * (docs/api.md, "Printed menu"). The language is picked as for
 * a page, so a missing or unknown `lng` falls back the same way.
 */
export async function printableMenuRoutes(app: FastifyInstance): Promise<void> {
  const base = new URL(app.config.PUBLIC_URL).origin;

  app.get('/menu.pdf', async (request, reply) => {
    const lang = requestLanguage(request, new URL(request.url, base));
    const file = await app.printableMenu.pdf(lang);
    return sendFile(request, reply, file, {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="menu-${lang}.pdf"`,
      // Asked again each time (an edit changes it at once), answered 304 while unchanged.
      'cache-control': 'no-cache',
    });
  });

  app.get('/menu-qr.svg', async (request, reply) => {
    const lang = requestLanguage(request, new URL(request.url, base));
    const file = await app.printableMenu.qrSvg(lang);
    return sendFile(request, reply, file, {
      'content-type': 'image/svg+xml; charset=utf-8',
      // Changes only with PUBLIC_URL, that is with a restart.
      'cache-control': 'public, max-age=86400',
    });
  });
}
