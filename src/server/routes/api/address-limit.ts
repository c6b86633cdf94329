import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientKey } from '../../plugins/staff-auth.ts';
import { tooManyRequests } from './errors.ts';

export interface AddressLimit {
  /** Names the budget: each name is counted on its own. */
  name: string;
  limit: number;
  windowMs: number;
  /** The refusal's description (429 `rate_limited`). */
  description: string;
}

/**
 * Counts one hit of `rule` for `subject` (a client address, or a digest of
 * an e-mail or phone): first in this process's memory, so that a flood is
 * refused before it touches the database, then in the database, so that the
 * budget holds across instances.
 */
export async function hitLimit(
  app: FastifyInstance,
  rule: AddressLimit,
  subject: string,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const key = `${rule.name}:${subject}`;
  const limit = app.floodGuard.hit(key, rule.limit, rule.windowMs);
  return limit.allowed ? app.limiter.hit(key, rule.limit, rule.windowMs) : limit;
}

/**
 * The per-address budget of an anonymous write (login, reset, invitation,
 * contact, a cancel link's button), counted by `hitLimit`, so that a flood
 * is refused before it touches the database or hashes a password. Answers
 * 429 and returns false when over.
 */
export async function withinAddressLimit(
  request: FastifyRequest,
  reply: FastifyReply,
  rule: AddressLimit,
): Promise<boolean> {
  const limit = await hitLimit(request.server, rule, clientKey(request));
  if (limit.allowed) return true;
  await tooManyRequests(reply, limit.retryAfterSeconds, 'rate_limited', rule.description);
  return false;
}
