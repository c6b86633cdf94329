import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCode } from '../error-code.ts';
import { PasswordWorkBusy } from '../services/passwords.ts';

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
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        const field = path || error.validationContext || 'body';
        (errors[field] ??= []).push(issue.message ?? 'Invalid value');
      }
      return reply.status(400).send({ errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ code: errorCode(error), statusCode: status }, 'client error');
      return reply.status(status).send({ message: clientMessage(error) });
    }
    if (error instanceof PasswordWorkBusy) {
      // Too many password hashes queued: the client may try again shortly.
      request.log.warn('password hashing queue full: answered 503');
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
