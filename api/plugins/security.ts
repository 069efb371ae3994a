import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { AppError, ForbiddenError } from '../../shared/errors.ts';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Headers (helmet with a CSP), rate limiting (login throttling uses it per route) and a CSRF
 * defence for cookie-authenticated writes: a browser marks cross-site requests with
 * Sec-Fetch-Site and Origin, and such a write is refused. Non-browser clients (curl, servers)
 * send neither and are not a CSRF vector.
 */
export default fp<{ redis: Redis | null }>(
  async function security(app: FastifyInstance, options) {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // Astro hydrates islands with small inline scripts.
          scriptSrc: ["'self'", "'unsafe-inline'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: false,
    });

    await app.register(rateLimit, {
      global: false,
      ...(options.redis ? { redis: options.redis, nameSpace: 'rl:' } : {}),
      errorResponseBuilder: (_request, context) =>
        new AppError(429, `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`),
    });

    app.addHook('onRequest', async (request) => {
      if (!UNSAFE_METHODS.has(request.method)) return;
      const site = request.headers['sec-fetch-site'];
      if (site && site !== 'same-origin' && site !== 'none') {
        throw new ForbiddenError('Cross-site request refused.');
      }
      const origin = request.headers.origin;
      if (origin && origin !== 'null') {
        let host: string | null = null;
        try {
          host = new URL(origin).host;
        } catch {
          host = null;
        }
        if (host !== request.headers.host) throw new ForbiddenError('Cross-site request refused.');
      }
    });
  },
  { name: 'security' },
);
