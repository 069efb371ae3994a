import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../../shared/errors.ts';
import { WrongExpectedVersionError } from '../../shared/eventstore/types.ts';

const ZOD_DEFAULT_PREFIXES = ['Invalid', 'Too small', 'Too big', 'Unrecognized', 'Expected'];

/** Our schemas carry the spec's own messages; zod's defaults get the field name in front. */
function validationMessage(error: {
  validation: { instancePath: string; message?: string }[];
  validationContext?: string;
}): string {
  const first = error.validation[0];
  if (!first) return 'Invalid request.';
  const message = first.message ?? 'is invalid';
  const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const isDefault = ZOD_DEFAULT_PREFIXES.some((prefix) => message.startsWith(prefix));
  if (!isDefault) return message;
  const where = field || (error.validationContext === 'body' ? 'body' : error.validationContext) || 'request';
  return `${where}: ${message}`;
}

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);

function isUnavailable(error: { code?: unknown; message?: string }) {
  return (
    (typeof error.code === 'string' && CONNECTION_ERROR_CODES.has(error.code)) ||
    error.message === "Stream isn't writeable and enableOfflineQueue options is false"
  );
}

/**
 * The one error handler: every non-2xx answer is `{ "error": "<message>" }`. Client mistakes get a
 * 4xx with a clear message; internals are logged and never shown.
 */
export default fp(
  async function errors(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        return reply.code(400).send({ error: validationMessage(error) });
      }
      if (error instanceof AppError) {
        return reply.code(error.statusCode).send({ error: error.message });
      }
      if (error instanceof WrongExpectedVersionError) {
        // Retry-After: a moment later the same request can pass (and an Idempotency-Key is not spent on it).
        return reply
          .code(409)
          .header('retry-after', '1')
          .send({ error: 'This record was changed by someone else at the same time. Reload and try again.' });
      }
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
        return reply.code(400).send({ error: 'The request body is not valid JSON.' });
      }
      if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
        return reply.code(400).send({ error: 'The request body is empty but its content type is JSON.' });
      }
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return reply.code(413).send({ error: 'The request body is too large.' });
      }
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        return reply.code(415).send({ error: 'Send the request body as JSON (Content-Type: application/json).' });
      }
      if (isUnavailable(error)) {
        request.log.warn({ err: error }, 'dependency unavailable');
        return reply
          .code(503)
          .header('retry-after', '2')
          .send({ error: 'The service is temporarily unavailable. Please try again shortly.' });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.code(status).send({ error: error.message });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.' });
    });
  },
  { name: 'errors' },
);
