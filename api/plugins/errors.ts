import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import en from 'zod/v4/locales/en.js';
import frCA from 'zod/v4/locales/fr-CA.js';
import { AppError } from '../../shared/errors.ts';
import { WrongExpectedVersionError } from '../../shared/eventstore/types.ts';
import { setFrenchAnswer } from '../i18n/error-language.ts';

type ValidationEntry = { keyword: string; instancePath: string; message?: string; params?: Record<string, unknown> };

const zodMessages = { en: en(), fr: frCA() } as const;

/** The value the failing issue was about: zod's default texts name its type ("received string"). */
function valueAt(root: unknown, instancePath: string): unknown {
  let value = root;
  for (const key of instancePath.split('/').filter(Boolean)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** zod's own text for an issue in a language, or null when zod has none. */
function zodText(locale: keyof typeof zodMessages, entry: ValidationEntry, input: unknown): string | null {
  const issue = { ...entry.params, code: entry.keyword, input } as Parameters<
    (typeof zodMessages)['en']['localeError']
  >[0];
  const text = zodMessages[locale].localeError(issue);
  return typeof text === 'string' ? text : (text?.message ?? null);
}

/**
 * Our schemas carry the modules' own messages (docs/product.md#errors), which the error-language hook translates like any
 * other. zod's default texts (a field with no message of its own) are recognised by being exactly
 * zod's English text for the issue; they get the field name in front, and their French is written
 * here from zod's fr-CA locale, since they are built from values no catalogue holds.
 */
function validationMessage(
  error: { validation: ValidationEntry[]; validationContext?: string },
  request: FastifyRequest,
): { message: string; french?: string } {
  const first = error.validation[0];
  if (!first) return { message: 'Invalid request.' };
  const message = first.message ?? 'is invalid';
  const context = error.validationContext;
  const input = valueAt(
    context === 'body' || context === 'querystring' || context === 'params' || context === 'headers'
      ? request[context === 'querystring' ? 'query' : context]
      : undefined,
    first.instancePath,
  );
  if (message !== zodText('en', first, input)) return { message };
  const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const where = field || (context === 'body' ? 'body' : context) || 'request';
  const french = zodText('fr', first, input);
  return { message: `${where}: ${message}`, ...(french ? { french: `${where} : ${french}` } : {}) };
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
        const { message, french } = validationMessage(error, request);
        if (french) setFrenchAnswer(reply, french);
        return reply.code(400).send({ error: message });
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
