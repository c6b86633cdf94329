import type { FastifyInstance } from 'fastify';

/** The back office's colours: its header's sea blue, its pages' white (src/app/styles). */
const SEA = '#0b4f6c';
const SURFACE = '#ffffff';

/**
 * `GET /dashboard/manifest.webmanifest`: what makes the back office
 * installable on a phone's home screen, linked by the back-office pages only
 * (src/app/routes/staff/dashboard-shell.tsx). Its name carries the
 * restaurant's, which the owner can change: asked again each time (no-cache).
 *
 * The scope is /dashboard, not /dashboard/: a start_url outside the scope
 * would make browsers drop the scope and claim the whole site as the app.
 * The icons are public/dashboard/icons/ (npm run icons).
 */
export async function backOfficeManifestRoutes(app: FastifyInstance): Promise<void> {
  app.get('/dashboard/manifest.webmanifest', async (_request, reply) => {
    const { name } = await app.restaurantFacts.get();
    const manifest = {
      id: '/dashboard',
      name: `${name} – Area riservata`,
      short_name: 'Area riservata',
      description: `Prenotazioni, asporto, eventi e messaggi di ${name}.`,
      lang: 'it',
      dir: 'ltr',
      start_url: '/dashboard',
      scope: '/dashboard',
      display: 'standalone',
      theme_color: SEA,
      background_color: SURFACE,
      icons: [
        { src: '/dashboard/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/dashboard/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        {
          src: '/dashboard/icons/icon-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    };
    return reply
      .header('content-type', 'application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(JSON.stringify(manifest));
  });
}
