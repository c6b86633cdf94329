import type { FastifyReply } from 'fastify';
import type { DetailsOf, ErrorCode } from '../../../shared/schemas/errors.ts';

/**
 * A refused operation is 4xx `{errors: [{code, description, details?}]}`:
 * `details` only for a code that declares them (REFUSAL_DETAILS in
 * src/shared/schemas/errors.ts), and only when given.
 */
export function refuse<Code extends ErrorCode>(
  reply: FastifyReply,
  status: number,
  code: Code,
  description: string,
  details?: DetailsOf<Code>,
) {
  const refusal = details === undefined ? { code, description } : { code, description, details };
  return reply.status(status).send({ errors: [refusal] });
}

/** Field validation is 400 `{errors: {field: [messages]}}`. */
export function fieldError(reply: FastifyReply, field: string, message: string) {
  return fieldErrors(reply, field, [message]);
}

/** Several problems with one field (at least one message). */
export function fieldErrors(reply: FastifyReply, field: string, messages: string[]) {
  return validationErrors(reply, { [field]: messages });
}

/** Problems found past the schema, by field (each with at least one message). */
export function validationErrors(reply: FastifyReply, errors: Record<string, string[]>) {
  return reply.status(400).send({ errors });
}

export function tooManyRequests(
  reply: FastifyReply,
  retryAfterSeconds: number,
  code: ErrorCode,
  description: string,
) {
  reply.header('retry-after', String(retryAfterSeconds));
  return refuse(reply, 429, code, description);
}

/** An unknown id is 404 `{message}`. */
export function notFound(reply: FastifyReply, message: string) {
  return reply.status(404).send({ message });
}
