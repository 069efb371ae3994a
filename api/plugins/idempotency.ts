import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { ConflictError, UnauthorizedError, UnprocessableError, ValidationError } from '../../shared/errors.ts';
import { IDEMPOTENCY_MESSAGES } from '../../shared/idempotency.ts';
import { postgresIdempotencyStore, type IdempotencyStore } from '../../shared/idempotency-store.ts';

export { IDEMPOTENCY_SCHEMA, pruneIdempotencyKeys } from '../../shared/idempotency-store.ts';
export { IDEMPOTENCY_MESSAGES };

/**
 * `Idempotency-Key` on commands: the first request with a key runs; a replay of it (same caller,
 * same route, same body) gets the first answer back, byte for byte, with `Idempotent-Replayed:
 * true`, even from another API instance, and nothing runs twice. A key reused for a different
 * request is refused (422), and a replay while the first is still running is told to retry in a
 * moment (409, Retry-After: 1). A 5xx or a 429 is not remembered, so a retry after a server fault
 * or a rate limit runs again.
 *
 * Money commands require a key (`config.idempotent: true`); every other create honours one when
 * sent (`config.idempotent: 'optional'`): a client that retries after a dropped answer sends it.
 * Keys are the account's; the contact form's visitors share one scope (their keys are random
 * UUIDs, and a replay must match the whole body). Stored in PostgreSQL
 * (idempotency-store.ts).
 */

/** The header as money commands document it (the plugin checks it; the schema only describes it). */
export const idempotencyHeader = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .describe('Required: a unique key per attempt (e.g. a UUID); a replay returns the first result.'),
});

/** The header as creates document it: optional, honoured when sent. */
export const optionalIdempotencyHeader = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .describe(
      'Optional: a unique key per user action (e.g. a UUID), sent again when the action is retried; a retry returns the first result and creates nothing twice.',
    ),
});

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** The scope of keys sent by visitors (no account): the nil UUID, which no account has. */
const VISITOR_SCOPE = '00000000-0000-0000-0000-000000000000';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * true: require an Idempotency-Key (money commands); 'optional': honour one when sent (every
     * other create). Either way a replay is answered from the first result.
     */
    idempotent?: true | 'optional';
  }
  interface FastifyRequest {
    idempotency?: { scope: string; key: string };
  }
  interface FastifyInstance {
    idempotencyStore: IdempotencyStore;
  }
}

function fingerprint(request: FastifyRequest, content: unknown): string {
  return createHash('sha256')
    .update(
      `${request.method} ${request.routeOptions.url}\n${JSON.stringify(request.params ?? {})}\n${JSON.stringify(content ?? null)}`,
    )
    .digest('hex');
}

const isMultipart = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/');

/**
 * Claims the request's Idempotency-Key for `content` (what makes two requests the same), or
 * answers a replay. True when the answer was sent (the caller returns the reply and does nothing).
 * The plugin calls it with the body; a multipart route, whose body is read in its handler, calls
 * `claimIdempotencyKeyAfterStoring` there with what it read (its fields and the files' hashes,
 * known once the files streamed into storage).
 */
export async function claimIdempotencyKey(
  request: FastifyRequest,
  reply: FastifyReply,
  content: unknown,
): Promise<boolean> {
  const mode = request.routeOptions.config.idempotent;
  if (!mode || request.idempotency) return false;
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined && mode === 'optional') return false;
  const user = await request.currentUser();
  if (!user && mode === true) throw new UnauthorizedError();
  if (!key || !KEY_PATTERN.test(key)) {
    throw new ValidationError(mode === true ? IDEMPOTENCY_MESSAGES.required : IDEMPOTENCY_MESSAGES.invalid);
  }
  const scope = user?.id ?? VISITOR_SCOPE;
  const hash = fingerprint(request, content);
  const route = `${request.method} ${request.routeOptions.url}`;
  const first = await request.server.idempotencyStore.claim(scope, key, route, hash);
  if (first === null) {
    request.idempotency = { scope, key };
    return false;
  }
  if (first !== 'gone' && first.requestHash !== hash) throw new UnprocessableError(IDEMPOTENCY_MESSAGES.reused);
  if (first === 'gone' || first.statusCode === null) {
    // Still running (or just released after a server error): the same request may try again soon.
    void reply.header('retry-after', '1');
    throw new ConflictError(IDEMPOTENCY_MESSAGES.inFlight);
  }
  await reply
    .code(first.statusCode)
    .header('idempotent-replayed', 'true')
    .type('application/json; charset=utf-8')
    .send(first.response);
  return true;
}

export default fp(
  async function idempotency(app: FastifyInstance) {
    app.decorate('idempotencyStore', postgresIdempotencyStore(app.runtime.sql));

    // After validation (preHandler), so a malformed body is a 400 that never claims the key.
    app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.routeOptions.config.idempotent || isMultipart(request)) return;
      if (await claimIdempotencyKey(request, reply, request.body)) return reply;
    });

    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const claim = request.idempotency;
      if (!claim) return payload;
      // Not an answer to keep: a server fault, a limit, or a refusal that says to retry (a concurrent
      // write on the same stream): a retry with the same key runs again.
      if (reply.statusCode >= 500 || reply.statusCode === 429 || reply.hasHeader('retry-after')) {
        await app.idempotencyStore.release(claim.scope, claim.key);
      } else {
        const text = typeof payload === 'string' ? payload : payload === undefined ? '' : JSON.stringify(payload);
        await app.idempotencyStore.complete(claim.scope, claim.key, reply.statusCode, text);
      }
      return payload;
    });
  },
  // Registered before @fastify/compress, so onSend sees the serialized JSON, not a compressed stream.
  { name: 'idempotency', dependencies: ['runtime'] },
);

/**
 * `claimIdempotencyKey` for a multipart route whose files streamed into storage before their hash
 * was known: a replay answers the first answer and a refused key throws, and either way the copy
 * this request stored is removed, so a retried upload never keeps a second file.
 */
export async function claimIdempotencyKeyAfterStoring(
  request: FastifyRequest,
  reply: FastifyReply,
  content: unknown,
  removeStored: () => Promise<unknown>,
): Promise<boolean> {
  let replayed: boolean;
  try {
    replayed = await claimIdempotencyKey(request, reply, content);
  } catch (error) {
    await removeStored().catch(() => {});
    throw error;
  }
  if (replayed) await removeStored().catch(() => {});
  return replayed;
}
