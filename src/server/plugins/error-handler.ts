import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCode } from '../error-code.ts';
import { WorkBusy } from '../services/work-slots.ts';

/**
 * A 400 names at most this many errors, each cut to a few hundred
 * characters (docs/security.md item 49): an answer never grows with its
 * request. A body of 5,000 unknown keys is one error that would list them
 * all; an array of 4,000 wrong items, 4,000 errors. The first ones tell the
 * client what to fix; zod's messages name types, not the values received.
 */
const MAX_FIELD_ERRORS = 20;
const MAX_ERROR_MESSAGE = 300;
const MAX_FIELD_NAME = 100;
const cut = (text: string, limit: number) =>
  text.length > limit ? `${text.slice(0, limit - 1)}…` : text;

/**
 * One error handler for the whole server, answering in the API's error
 * shapes: field validation → 400 {errors: {field: [messages]}}; any other
 * client error → its 4xx status with {message}; anything unexpected → 500
 * {message} with no detail, logged in full.
 */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation.slice(0, MAX_FIELD_ERRORS)) {
        const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        const field = cut(path || error.validationContext || 'body', MAX_FIELD_NAME);
        (errors[field] ??= []).push(cut(issue.message ?? 'Invalid value', MAX_ERROR_MESSAGE));
      }
      return reply.status(400).send({ errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ code: errorCode(error), statusCode: status }, 'client error');
      return reply.status(status).send({ message: clientMessage(error) });
    }
    if (error instanceof WorkBusy) {
      // Too many password hashes or photo decodes queued: the client may try again shortly.
      request.log.warn({ work: error.constructor.name }, 'work queue full: answered 503');
      return reply.status(503).header('retry-after', '5').send({ message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Internal server error' });
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply.status(404).send({ message: 'Not found' });
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  });
});

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send application/json';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Empty JSON body';
    default:
      return error.statusCode === 400 && error instanceof SyntaxError
        ? 'Malformed JSON'
        : error.message;
  }
}
