import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { MemorySessionStore, RedisSessionStore, savedAfterDestroy } from './session-stores.ts';

declare module 'fastify' {
  interface Session {
    userId?: string;
    /** Set once someone switched user in this session: who really acts (kept across further switches). */
    switchedBy?: string;
  }
}

export const SESSION_COOKIE = 'sid';
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** Cookie sessions: Redis when configured (shared by every instance), else in this process. */
export default fp<{ secret: string; redis: Redis | null; production: boolean }>(
  async function session(app: FastifyInstance, options) {
    const store = options.redis ? new RedisSessionStore(options.redis) : new MemorySessionStore();
    if (store instanceof MemorySessionStore) app.addHook('onClose', async () => store.close());
    await app.register(fastifyCookie);
    await app.register(fastifySession, {
      secret: options.secret,
      cookieName: SESSION_COOKIE,
      saveUninitialized: false,
      rolling: true,
      store,
      cookie: {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        // Secure whenever the request came over HTTPS (behind a proxy: set TRUST_PROXY).
        secure: 'auto',
        maxAge: WEEK_MS,
      },
    });
    // After the session's own onSend (which sets the cookie on every answer, rolling): an answer
    // whose save came after a sign-out sends no cookie (see savedAfterDestroy).
    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.session || !savedAfterDestroy(request.session)) return payload;
      const cookies = reply.getHeader('set-cookie');
      const kept = (Array.isArray(cookies) ? cookies : cookies === undefined ? [] : [String(cookies)]).filter(
        (cookie) => !cookie.startsWith(`${SESSION_COOKIE}=`),
      );
      if (kept.length) reply.header('set-cookie', kept);
      else reply.removeHeader('set-cookie');
      return payload;
    });
  },
  { name: 'session' },
);
