import { readdirSync } from 'node:fs';
import type { HTTPMethods } from 'fastify';
import type { HostileRequest } from './lifecycle.ts';

// The API's routes, as the oracle knows them, by the family file that covers
// each (src/server/hostile-input/<file>.test.ts), with the requests the file
// sends at least. health-and-paths.test.ts checks the routes against those
// Fastify serves, the files against those on disk, and the requests' total;
// each file checks that its families reached every route it is listed for
// and no other, and that they sent their share.

export const FAMILY_FILES = {
  'health-and-paths': { requests: 2400, routes: [['GET', '/api/health']] },
  auth: {
    requests: 2400,
    routes: [
      ['POST', '/api/auth/login'],
      ['DELETE', '/api/auth/logout'],
      ['POST', '/api/auth/register'],
      ['POST', '/api/auth/send-email'],
      ['POST', '/api/auth/recovery-password/:token'],
      ['PUT', '/api/auth/password'],
    ],
  },
  setup: { requests: 400, routes: [['POST', '/api/setup']] },
  staff: {
    requests: 2600,
    routes: [
      ['GET', '/api/auth/me'],
      ['GET', '/api/staff'],
      ['GET', '/api/contact-messages'],
      ['PATCH', '/api/staff/:id'],
      ['DELETE', '/api/staff/:id'],
      ['POST', '/api/staff/invitations'],
      ['GET', '/api/staff/invitations'],
      ['DELETE', '/api/staff/invitations/:id'],
      ['POST', '/api/staff/invitations/:token/accept'],
      ['GET', '/api/audit'],
    ],
  },
  'daily-menu': {
    requests: 4100,
    routes: [
      ['GET', '/api/daily-menu/:id'],
      ['PUT', '/api/daily-menu/:id'],
      ['GET', '/api/daily-menu/:id/translations'],
      ['PUT', '/api/daily-menu/:id/translations/:lang'],
      ['DELETE', '/api/daily-menu/:id/translations/:lang'],
    ],
  },
  contact: {
    requests: 1900,
    routes: [
      ['POST', '/api/contact'],
      ['PATCH', '/api/contact-messages/:id'],
    ],
  },
  menu: {
    requests: 3500,
    routes: [
      ['GET', '/api/menu'],
      ['POST', '/api/menu/sections'],
      ['PATCH', '/api/menu/sections/:id'],
      ['DELETE', '/api/menu/sections/:id'],
      ['POST', '/api/menu/items'],
      ['PATCH', '/api/menu/items/:id'],
      ['DELETE', '/api/menu/items/:id'],
      ['GET', '/api/menu/items/:id/translations'],
      ['PUT', '/api/menu/items/:id/translations/:lang'],
      ['DELETE', '/api/menu/items/:id/translations/:lang'],
    ],
  },
  'menu-csv': {
    requests: 1500,
    routes: [
      ['GET', '/api/menu/export.csv'],
      ['POST', '/api/menu/import/preview'],
      ['POST', '/api/menu/import'],
    ],
  },
  'opening-hours': {
    requests: 2150,
    routes: [
      ['GET', '/api/opening-hours'],
      ['PUT', '/api/opening-hours'],
      ['GET', '/api/opening-hours/translations'],
      ['PUT', '/api/opening-hours/translations/:lang'],
      ['DELETE', '/api/opening-hours/translations/:lang'],
    ],
  },
  restaurant: {
    requests: 1200,
    routes: [
      ['GET', '/api/restaurant'],
      ['PUT', '/api/restaurant'],
    ],
  },
  'site-texts': {
    requests: 2000,
    routes: [
      ['GET', '/api/site-texts'],
      ['PUT', '/api/site-texts'],
      ['GET', '/api/site-texts/translations'],
      ['PUT', '/api/site-texts/translations/:lang'],
      ['DELETE', '/api/site-texts/translations/:lang'],
    ],
  },
  reservations: {
    requests: 1830,
    routes: [
      ['GET', '/api/reservations/availability'],
      ['POST', '/api/reservations'],
      ['POST', '/api/reservations/cancel'],
      ['POST', '/api/guests/stop-reviews'],
      ['POST', '/api/reservations/attend'],
    ],
  },
  'reservations-staff': {
    requests: 3150,
    routes: [
      ['GET', '/api/reservations'],
      ['GET', '/api/reservations/occupancy'],
      ['GET', '/api/reservations/plan'],
      ['POST', '/api/reservations/walk-in'],
      ['PATCH', '/api/reservations/:id'],
      ['POST', '/api/reservations/staff'],
      ['GET', '/api/reservations/decline-pending'],
      ['POST', '/api/reservations/decline-pending'],
      ['GET', '/api/reservations/settings'],
      ['PUT', '/api/reservations/settings'],
      ['POST', '/api/reservations/settings/calendar-feed'],
      ['GET', '/api/reservations/calendar/:file'],
      ['GET', '/api/guest-data'],
      ['DELETE', '/api/guest-data'],
    ],
  },
  floor: {
    requests: 1350,
    routes: [
      ['GET', '/api/floor'],
      ['PUT', '/api/floor'],
    ],
  },
  photos: {
    requests: 1500,
    routes: [
      ['GET', '/api/photos'],
      ['PUT', '/api/photos/:slot'],
      ['PATCH', '/api/photos/:slot'],
      ['DELETE', '/api/photos/:slot'],
      ['GET', '/api/photos/:slot/translations'],
      ['PUT', '/api/photos/:slot/translations/:lang'],
      ['DELETE', '/api/photos/:slot/translations/:lang'],
    ],
  },
  takeaway: {
    requests: 1500,
    routes: [
      ['GET', '/api/takeaway/slots'],
      ['GET', '/api/takeaway/phone-slots'],
      ['GET', '/api/takeaway/settings'],
      ['PUT', '/api/takeaway/settings'],
      ['POST', '/api/takeaway/orders'],
      ['POST', '/api/takeaway/orders/staff'],
      ['GET', '/api/takeaway/orders'],
      ['GET', '/api/takeaway/board'],
      ['POST', '/api/takeaway/orders/:id/opened'],
      ['PATCH', '/api/takeaway/orders/:id'],
      ['GET', '/api/takeaway/orders/status'],
      ['POST', '/api/takeaway/orders/cancel'],
      ['POST', '/api/takeaway/pause'],
      ['DELETE', '/api/takeaway/pause'],
      ['GET', '/api/takeaway/decline-pending'],
      ['POST', '/api/takeaway/decline-pending'],
    ],
  },
  events: {
    requests: 1950,
    routes: [
      ['POST', '/api/events/inquiries'],
      ['GET', '/api/events/inquiries'],
      ['PATCH', '/api/events/inquiries/:id'],
      ['POST', '/api/events/inquiries/:id/messages'],
      ['POST', '/api/events/inquiries/:id/messages/preview'],
      ['GET', '/api/events/decline-pending'],
      ['POST', '/api/events/decline-pending'],
    ],
  },
  guests: {
    requests: 1800,
    routes: [
      ['GET', '/api/guests'],
      ['GET', '/api/guests/tags'],
      ['PUT', '/api/guests/tags'],
      ['GET', '/api/guests/:key'],
      ['PATCH', '/api/guests/:key'],
    ],
  },
  reports: {
    requests: 1600,
    routes: [
      ['GET', '/api/reports/:name'],
      ['GET', '/api/reports/:name.csv'],
    ],
  },
  backups: { requests: 300, routes: [['GET', '/api/backups']] },
  overview: { requests: 300, routes: [['GET', '/api/overview']] },
  push: {
    requests: 1500,
    routes: [
      ['GET', '/api/push/key'],
      ['POST', '/api/push/subscriptions'],
      ['GET', '/api/push/subscriptions'],
      ['DELETE', '/api/push/subscriptions'],
    ],
  },
} satisfies Record<string, { requests: number; routes: [HTTPMethods, string][] }>;
export type FamilyFile = keyof typeof FAMILY_FILES;

export const API_ROUTES: [HTTPMethods, string][] = Object.values(FAMILY_FILES).flatMap(
  ({ routes }) => routes,
);

/** The family files on disk, by the name FAMILY_FILES gives them. */
export const familyFilesOnDisk = () =>
  readdirSync(new URL('../../hostile-input/', import.meta.url))
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => name.replace(/\.test\.ts$/, ''));

/** Route patterns with their parameters' names left out (Fastify prints shared ones as `:id|:token`). */
export const anonymousParams = (route: string) => route.replace(/:[\w|:]+/g, ':param');

/** A parameter's static ending (`:name.csv`), which the segment must end with after one character at least. */
const suffixOf = (part: string) => /^:[\w|]+(\.\w+)$/.exec(part)?.[1];
const paramFits = (part: string, segment: string) => {
  const suffix = suffixOf(part);
  return suffix === undefined || (segment.length > suffix.length && segment.endsWith(suffix));
};

/** The route patterns that decoded path segments (after /api/) match, served with `method` if given (HEAD is served with GET). */
function patternsMatching(segments: string[], method?: HTTPMethods) {
  return API_ROUTES.filter(([served, pattern]) => {
    if (method && served !== method && !(served === 'GET' && method === 'HEAD')) return false;
    const parts = pattern.split('/').slice(2);
    return (
      parts.length === segments.length &&
      parts.every((part, index) =>
        part.startsWith(':') ? paramFits(part, segments[index]!) : part === segments[index],
      )
    );
  });
}

/**
 * Whether decoded path segments (after /api/) match a route pattern: any
 * pattern, or only those served with `method` (HEAD is served with GET).
 */
export const matchesRoute = (segments: string[], method?: HTTPMethods) =>
  patternsMatching(segments, method).length > 0;

/**
 * The route a request that reached a route's own code was served by, as
 * `METHOD /pattern` (HEAD as GET): of the patterns it matches, the one with
 * the most fixed segments, as find-my-way prefers.
 */
export function routeServing(request: HostileRequest): string {
  const segments = request.url.split('?')[0]!.split('/').slice(2).map(decodeURIComponent);
  const fixed = (pattern: string) => pattern.split('/').filter((part) => !part.startsWith(':'));
  // A parameter with a static ending (`:name.csv`) is more specific than one without.
  const endings = (pattern: string) => pattern.split('/').filter((part) => suffixOf(part)).length;
  const [method, pattern] = patternsMatching(segments, request.method).sort(
    ([, a], [, b]) => fixed(b).length - fixed(a).length || endings(b) - endings(a),
  )[0] ?? [request.method, request.url];
  return `${method} ${pattern}`;
}

export const ANY_METHOD: HTTPMethods[] = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
];
export const EXOTIC_METHODS: HTTPMethods[] = ['TRACE', 'PROPFIND', 'LOCK'];
