import { appServicesContext } from '../context.ts';
import type { Route } from './+types/robots';

/** Staff pages stay out of search engines. */
const STAFF_PATHS = [
  '/login',
  '/send-email',
  '/reset-password',
  '/accept-invite',
  '/setup',
  '/dashboard',
  '/loading',
];

export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = context.get(appServicesContext);
  const body = [
    'User-agent: *',
    ...STAFF_PATHS.map((path) => `Disallow: ${path}`),
    'Disallow: /api/',
    // A takeaway order's status page: its address holds the order's link.
    'Disallow: /takeaway/order',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'max-age=3600' },
  });
}
