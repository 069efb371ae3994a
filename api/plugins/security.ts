import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ForbiddenError, ValidationError } from '../../shared/errors.ts';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// A NUL, or half of a UTF-16 surrogate pair: PostgreSQL stores neither in text or jsonb.
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

type Visit = { value: unknown; key: string; parent: Visit | null };

/**
 * The dotted path of the first string in `value` that PostgreSQL cannot store, '' for `value`
 * itself, or null when there is none. Iterative: a deeply nested body cannot overflow the stack.
 */
export function findUnstorableText(value: unknown): string | null {
  const stack: Visit[] = [{ value, key: '', parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    if (typeof visit.value === 'string') {
      if (!UNSTORABLE.test(visit.value)) continue;
      const keys: string[] = [];
      for (let at: Visit | null = visit; at?.parent; at = at.parent) keys.push(at.key);
      // The field a user would recognise: a few levels at most, never a pathological path.
      return keys.reverse().slice(0, 4).join('.');
    }
    if (visit.value && typeof visit.value === 'object') {
      for (const [key, child] of Object.entries(visit.value)) stack.push({ value: child, key, parent: visit });
    }
  }
  return null;
}

// Built once: @fastify/helmet called helmet() on every request, re-parsing the policy each time
// (5 % of a cached directory answer's CPU). helmet sets the headers on the raw response.
const securityHeaders = helmet({
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
  // Browsers ignore it on plain HTTP (RFC 6797), so it is safe on a local `npm start` and
  // binding wherever the site is served over HTTPS.
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
});

/**
 * The headers `securityHeaders` sets, name to value, read once by running it against a response
 * that records them: they are the same on every response, so the answers sent before the request
 * pipeline (answer-cache.ts) carry them without running helmet.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = (() => {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  securityHeaders({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
})();

/**
 * Headers (helmet with a CSP) and a CSRF defence for cookie-authenticated writes: a browser marks
 * cross-site requests with Sec-Fetch-Site and Origin, and such a write is refused. Non-browser
 * clients (curl, servers) send neither and are not a CSRF vector. Rate limits: abuse-limits.ts.
 */
export default fp(
  async function security(app: FastifyInstance) {
    app.addHook('onRequest', (request, reply, next) => {
      securityHeaders(request.raw, reply.raw, (error?: unknown) => next(error as Error | undefined));
    });

    // Before validation, so such text is a 400 naming the field rather than a database error (500).
    app.addHook('preValidation', async (request) => {
      const parts = [
        ['body', request.body],
        ['querystring', request.query],
        ['params', request.params],
      ] as const;
      for (const [part, value] of parts) {
        const path = findUnstorableText(value);
        if (path !== null) {
          throw new ValidationError(`${path || part}: must not contain NUL characters or invalid Unicode`);
        }
      }
    });

    app.addHook('onRequest', async (request) => {
      if (!UNSAFE_METHODS.has(request.method)) return;
      const site = request.headers['sec-fetch-site'];
      if (site && site !== 'same-origin' && site !== 'none') {
        throw new ForbiddenError('Cross-site request refused.');
      }
      const origin = request.headers.origin;
      if (origin === undefined) return;
      // `null` comes from sandboxed frames and opaque redirects: never our own pages.
      let host: string | null = null;
      try {
        host = origin === 'null' ? null : new URL(origin).host;
      } catch {
        host = null;
      }
      // request.host honours X-Forwarded-Host when TRUST_PROXY is on, so a proxy may rewrite Host.
      if (host !== request.host) throw new ForbiddenError('Cross-site request refused.');
    });
  },
  { name: 'security' },
);
