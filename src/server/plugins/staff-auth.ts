import { isIPv6 } from 'node:net';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { AUTH_REFUSALS } from '../../shared/schemas/errors.ts';
import type { StaffMember } from '../services/sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    staff?: StaffMember;
    bearerToken?: string;
  }
}

export const UNAUTHORIZED_MESSAGE = 'Sessione scaduta o non valida: effettua di nuovo il login.';

/**
 * The check of staff-only routes: a valid bearer token, or 401 `{message}`
 * for a missing, revoked or expired one. A route names it as its
 * `preHandler`; `bearerFirst` (below) runs it at `onRequest`, before the body.
 */
export async function requireStaff(request: FastifyRequest, reply: FastifyReply) {
  const header = request.headers.authorization ?? '';
  // The scheme is case-insensitive (RFC 9110 section 11.1).
  const token = /^Bearer ([A-Za-z0-9_-]{1,200})$/i.exec(header)?.[1];
  const staff = token ? await request.server.sessions.authenticate(token) : null;
  if (!token || !staff) {
    return reply
      .status(401)
      .header('www-authenticate', 'Bearer')
      .send({ message: UNAUTHORIZED_MESSAGE });
  }
  request.staff = staff;
  request.bearerToken = token;
}

export const OWNER_ONLY = 'Solo il titolare può farlo.';

/**
 * The check of what only an owner may do (managing colleagues, the audit
 * log): 401 without a valid session, 403 for staff. Run at `onRequest`, as
 * `requireStaff`.
 */
export async function requireOwner(request: FastifyRequest, reply: FastifyReply) {
  await requireStaff(request, reply);
  if (!request.staff) return reply; // answered 401
  if (request.staff.role !== 'owner') {
    return reply
      .status(403)
      .send({ errors: [{ code: AUTH_REFUSALS.ownerOnly, description: OWNER_ONLY }] });
  }
}

const BEARER_CHECKS: unknown[] = [requireStaff, requireOwner];
const LATER_HOOKS = ['preParsing', 'preValidation', 'preHandler'] as const;

/**
 * Who you are before what you send (docs/security.md item 49): wherever a
 * route names `requireStaff` or `requireOwner` (its `preHandler`, as every
 * route does), the check runs first of its `onRequest` hooks instead, so an
 * anonymous or expired caller is answered 401 before a byte of the body is
 * read, parsed or validated. One rule for every route, applied by the
 * `onRoute` hook of plugins/api-conventions.ts as each route is added.
 */
export function bearerFirst(route: RouteOptions): void {
  const checks: unknown[] = [];
  for (const hook of LATER_HOOKS) {
    const declared = [route[hook] ?? []].flat() as unknown[];
    const others = declared.filter((fn) => !BEARER_CHECKS.includes(fn));
    if (others.length === declared.length) continue;
    checks.push(...declared.filter((fn) => BEARER_CHECKS.includes(fn)));
    (route as unknown as Record<string, unknown>)[hook] = others.length > 0 ? others : undefined;
  }
  if (checks.length === 0) return;
  route.onRequest = [...checks, ...[route.onRequest ?? []].flat()] as RouteOptions['onRequest'];
}

/**
 * The client address that limits and lockouts count (TRUST_PROXY decides
 * what `ip` is), the one rule for every limiter (docs/security.md item 4):
 * an IPv6 client by its /56, since one subscriber is commonly given a whole
 * /56 (256 networks of /64) and could otherwise be a new "client" at every
 * request (item 41); an IPv4-mapped IPv6 address, however it is written, as
 * the IPv4 address it is.
 */
export const clientKey = (request: FastifyRequest) => addressKey(request.ip);

export function addressKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const groups = expandIPv6(ip);
  // ::ffff:a.b.c.d however written (dotted, hex, in full): the IPv4 client it is.
  if (groups.slice(0, 5).every((group) => group === '0000') && groups[5] === 'ffff') {
    const [high, low] = [parseInt(groups[6]!, 16), parseInt(groups[7]!, 16)];
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  const [a, b, c, d] = groups as [string, string, string, string];
  return `${a}:${b}:${c}:${d.slice(0, 2)}00::/56`;
}

/** The eight 16-bit groups of an IPv6 address, zero-padded, lower-case (no zone). */
function expandIPv6(ip: string): string[] {
  const [head = '', tail] = ip.split('%')[0]!.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::1.2.3.4) is two groups.
  const last = right.length ? right : left;
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(last[last.length - 1] ?? '');
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    last.splice(last.length - 1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) =>
    group.padStart(4, '0'),
  );
}
