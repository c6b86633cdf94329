import type { FastifyReply, FastifyRequest } from 'fastify';
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
 * The per-address budget of an anonymous write (login, reset, invitation,
 * contact): checked first in this process's memory, so that a flood is
 * refused before it touches the database or hashes a password, then in the
 * database, so that the budget holds across instances. Answers 429 and
 * returns false when over.
 */
export async function withinAddressLimit(
  request: FastifyRequest,
  reply: FastifyReply,
  rule: AddressLimit,
): Promise<boolean> {
  const key = `${rule.name}:${clientKey(request)}`;
  const { floodGuard, limiter } = request.server;
  let limit = floodGuard.hit(key, rule.limit, rule.windowMs);
  if (limit.allowed) limit = await limiter.hit(key, rule.limit, rule.windowMs);
  if (limit.allowed) return true;
  await tooManyRequests(reply, limit.retryAfterSeconds, 'rate_limited', rule.description);
  return false;
}
