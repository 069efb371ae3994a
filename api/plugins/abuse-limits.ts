import { createHmac } from 'node:crypto';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { ABUSE_LIMITS, abuseLimitMessage, type AbuseLimitKind, type Limit } from '../../shared/abuse-limits.ts';
import { AppError } from '../../shared/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Count this route's requests against one of ABUSE_LIMITS: per account, per address (and e-mail). */
    abuseLimit?: AbuseLimitKind;
  }
}

type Dimension = 'account' | 'address' | 'email';
type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * Rate limits, all counted by @fastify/rate-limit in one store: Redis when REDIS_URL is set (every
 * API instance shares the counts), else this process's memory.
 *
 * - Sign-in, sign-up and account deletion use the plugin's per-route `config.rateLimit` (per IP).
 * - The abuse limits (shared/abuse-limits.ts) name their kind in `config.abuseLimit`; each kind is
 *   counted per signed-in account, per client address and, for the contact form, per sender
 *   e-mail. The plugin's route hook runs one limit per request, so each dimension is a limiter from
 *   its `createRateLimit`, checked in turn by one hook. The hook runs before the handler, after the
 *   body is validated (a refused body costs nothing to count), and before the idempotency plugin
 *   claims a key, so a 429 is never remembered as a create's answer.
 *
 * The client address is the socket's unless TRUST_PROXY is on, so X-Forwarded-For cannot be used to
 * pick a fresh address per request.
 */
export default fp<{ redis: Redis | null }>(
  async function abuseLimits(app: FastifyInstance, options) {
    await app.register(rateLimit, {
      global: false,
      ...(options.redis ? { redis: options.redis, nameSpace: 'rl:' } : {}),
      errorResponseBuilder: (_request, context) =>
        new AppError(429, `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`),
    });

    // The counter key for an e-mail is a keyed hash: the store holds no addresses.
    const emailKey = (email: string) =>
      createHmac('sha256', app.secrets.emailHashKey).update(email.trim().toLowerCase()).digest('base64url');

    const subjects: Record<Dimension, (request: FastifyRequest) => Promise<string | null>> = {
      account: async (request) => (await request.currentUser())?.id ?? null,
      address: async (request) => normalizeIP(request.ip),
      email: async (request) => {
        const email = (request.body as { email?: unknown } | undefined)?.email;
        return typeof email === 'string' ? emailKey(email) : null;
      },
    };

    const limiters = new Map<AbuseLimitKind, { dimension: Dimension; check: Limiter }[]>();
    for (const kind of Object.keys(ABUSE_LIMITS) as AbuseLimitKind[]) {
      const dimensions = Object.entries(ABUSE_LIMITS[kind]) as [Dimension, Limit][];
      limiters.set(
        kind,
        dimensions.map(([dimension, limit]) => ({
          dimension,
          check: app.createRateLimit({
            max: limit.max,
            timeWindow: limit.windowMs,
            // Only called once `subjects` found one (see below).
            keyGenerator: async (request) => `abuse:${kind}:${dimension}:${await subjects[dimension](request)}`,
          }),
        })),
      );
    }

    app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
      const kind = request.routeOptions.config.abuseLimit;
      if (!kind) return;
      for (const { dimension, check } of limiters.get(kind)!) {
        // A visitor has no account to count; a body without an e-mail has none to count either.
        if ((await subjects[dimension](request)) === null) continue;
        const result = await check(request);
        if (result.isAllowed || !result.isExceeded) continue;
        void reply
          .header('retry-after', String(result.ttlInSeconds))
          .header('x-ratelimit-limit', String(result.max))
          .header('x-ratelimit-remaining', '0')
          .header('x-ratelimit-reset', String(result.ttlInSeconds));
        throw new AppError(429, abuseLimitMessage(result.ttlInSeconds));
      }
    });
  },
  { name: 'abuse-limits', dependencies: ['runtime'] },
);
