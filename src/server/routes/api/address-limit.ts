import { RATE_LIMITED } from '../../../shared/schemas/errors.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientKey } from '../../plugins/staff-auth.ts';
import { hitLimit, type AddressLimit } from '../../services/address-limits.ts';
import { tooManyRequests } from './errors.ts';

/**
 * The per-address budget of an anonymous write (login, reset, invitation,
 * contact), counted by `hitLimit`, so that a flood is refused before it
 * touches the database or hashes a password. Answers 429 and returns false
 * when over.
 */
export async function withinAddressLimit(
  request: FastifyRequest,
  reply: FastifyReply,
  rule: AddressLimit,
): Promise<boolean> {
  const limited = await hitLimit(request.server, rule, clientKey(request));
  if (!limited) return true;
  await tooManyRequests(reply, limited.retryAfterSeconds, RATE_LIMITED, limited.description);
  return false;
}
