import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StaffMember } from '../services/sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    staff?: StaffMember;
    bearerToken?: string;
  }
}

export const UNAUTHORIZED_MESSAGE = 'Sessione scaduta o non valida: effettua di nuovo il login.';

/**
 * preHandler for staff-only routes: a valid bearer token, or 401 `{message}`
 * for a missing, revoked or expired one.
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
 * preHandler for what only an owner may do (managing colleagues, the audit
 * log): 401 without a valid session, 403 for staff.
 */
export async function requireOwner(request: FastifyRequest, reply: FastifyReply) {
  await requireStaff(request, reply);
  if (!request.staff) return reply; // answered 401
  if (request.staff.role !== 'owner') {
    return reply.status(403).send({ errors: [{ code: 'owner_only', description: OWNER_ONLY }] });
  }
}

/** The client address rate limits use (TRUST_PROXY decides what `ip` is). */
export const clientKey = (request: FastifyRequest) => request.ip;
