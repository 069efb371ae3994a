import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Sql } from '../../shared/db/postgres.ts';
import { ConflictError, UnauthorizedError, UnprocessableError, ValidationError } from '../../shared/errors.ts';

/**
 * `Idempotency-Key` for money commands: the first request with a key runs; a replay of it (same
 * user, same route, same body) gets the first answer back, byte for byte, with
 * `Idempotent-Replayed: true`, even from another API instance. A key reused for a different
 * request is refused (422), and a replay while the first is still running waits its turn (409).
 * A 5xx is not remembered, so a retry after a server fault runs again. Keys are kept 7 days.
 *
 * This table is request bookkeeping, like sessions, not a read model: the commands themselves
 * still go through the deciders and the event store.
 */
export const IDEMPOTENCY_SCHEMA = `
create table if not exists idempotency_keys (
  user_id uuid not null,
  key text not null,
  route text not null,
  request_hash text not null,
  status_code integer,
  response text,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);
create index if not exists idempotency_keys_created on idempotency_keys (created_at);`;

export const IDEMPOTENCY_MESSAGES = {
  required: 'An Idempotency-Key header is required for this request (1 to 255 visible characters, e.g. a UUID).',
  reused: 'This Idempotency-Key was already used for a different request.',
  inFlight: 'A request with this Idempotency-Key is still being processed. Retry in a moment.',
} as const;

/** The header as routes document it (the plugin checks it; the schema only describes it). */
export const idempotencyHeader = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .describe('Required: a unique key per attempt (e.g. a UUID); a replay returns the first result.'),
});

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const RETENTION_DAYS = 7;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Require an Idempotency-Key and answer replays from the first result. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency?: { userId: string; key: string };
  }
}

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(
      `${request.method} ${request.routeOptions.url}\n${JSON.stringify(request.params ?? {})}\n${JSON.stringify(request.body ?? null)}`,
    )
    .digest('hex');
}

export async function pruneIdempotencyKeys(sql: Sql) {
  await sql`delete from idempotency_keys where created_at < now() - make_interval(days => ${RETENTION_DAYS})`;
}

export default fp(
  async function idempotency(app: FastifyInstance) {
    const { sql } = app.runtime;

    // After validation (preHandler), so a malformed body is a 400 that never claims the key.
    app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.routeOptions.config.idempotent) return;
      const user = await request.currentUser();
      if (!user) throw new UnauthorizedError();
      const header = request.headers['idempotency-key'];
      const key = Array.isArray(header) ? header[0] : header;
      if (!key || !KEY_PATTERN.test(key)) throw new ValidationError(IDEMPOTENCY_MESSAGES.required);
      const hash = requestHash(request);
      const route = `${request.method} ${request.routeOptions.url}`;
      const claimed = await sql`
        insert into idempotency_keys (user_id, key, route, request_hash)
        values (${user.id}, ${key}, ${route}, ${hash})
        on conflict (user_id, key) do nothing returning key`;
      if (claimed.length > 0) {
        request.idempotency = { userId: user.id, key };
        return;
      }
      const [first] = await sql<{ request_hash: string; status_code: number | null; response: string | null }[]>`
        select request_hash, status_code, response from idempotency_keys where user_id = ${user.id} and key = ${key}`;
      if (!first) throw new ConflictError(IDEMPOTENCY_MESSAGES.inFlight);
      if (first.request_hash !== hash) throw new UnprocessableError(IDEMPOTENCY_MESSAGES.reused);
      if (first.status_code === null) throw new ConflictError(IDEMPOTENCY_MESSAGES.inFlight);
      return reply
        .code(first.status_code)
        .header('idempotent-replayed', 'true')
        .type('application/json; charset=utf-8')
        .send(first.response);
    });

    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const claim = request.idempotency;
      if (!claim) return payload;
      if (reply.statusCode >= 500) {
        await sql`delete from idempotency_keys where user_id = ${claim.userId} and key = ${claim.key}`;
      } else {
        const text = typeof payload === 'string' ? payload : payload === undefined ? '' : JSON.stringify(payload);
        await sql`
          update idempotency_keys set status_code = ${reply.statusCode}, response = ${text}
          where user_id = ${claim.userId} and key = ${claim.key}`;
      }
      return payload;
    });
  },
  // Registered before @fastify/compress, so onSend sees the serialized JSON, not a compressed stream.
  { name: 'idempotency', dependencies: ['runtime'] },
);
