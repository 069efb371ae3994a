import type { Session } from 'fastify';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { waitUntil } from './support/wait.ts';
import sessionPlugin, { SESSION_COOKIE } from '../api/plugins/session.ts';
import {
  MemorySessionStore,
  RedisSessionStore,
  savedAfterDestroy,
  type SessionStore,
} from '../api/plugins/session-stores.ts';

const session = { userId: 'u1', cookie: { originalMaxAge: 60_000 } } as unknown as Session;

const call = (run: (done: (error?: unknown) => void) => void) =>
  new Promise<void>((resolve, reject) => run((error) => (error ? reject(error as Error) : resolve())));
const read = (store: SessionStore, id: string) =>
  new Promise<Session | null | undefined>((resolve, reject) =>
    store.get(id, (error, found) => (error ? reject(error as Error) : resolve(found))),
  );

/** A request that loaded the session before a logout and answers after it must not sign the user in again. */
async function destroyedStaysDestroyed(store: SessionStore) {
  const id = randomUUID();
  await call((done) => store.set(id, session, done));
  expect(await read(store, id)).toMatchObject({ userId: 'u1' });
  expect(savedAfterDestroy(session)).toBe(false);
  await call((done) => store.destroy(id, done));
  // The late save of a request that was in flight during the logout (rolling sessions save on every answer).
  const late = { ...session } as Session;
  await call((done) => store.set(id, late, done));
  expect(await read(store, id)).toBeNull();
  expect(savedAfterDestroy(late), 'the late save is marked, so its answer sends no cookie').toBe(true);
  // Other sessions are untouched.
  const other = randomUUID();
  const otherSession = { ...session } as Session;
  await call((done) => store.set(other, otherSession, done));
  expect(await read(store, other)).toMatchObject({ userId: 'u1' });
  expect(savedAfterDestroy(otherSession)).toBe(false);
}

describe('session stores', () => {
  it('in memory: a destroyed session is never written back', async () => {
    const store = new MemorySessionStore();
    try {
      await destroyedStaysDestroyed(store);
    } finally {
      store.close();
    }
  });

  it('in Redis: a destroyed session is never written back', async () => {
    expect(process.env.REDIS_URL, 'REDIS_URL, set by tests/support/integration-env.ts').toBeTruthy();
    const redis = new Redis(process.env.REDIS_URL!, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    try {
      await destroyedStaysDestroyed(new RedisSessionStore(redis, `test-sess-${randomUUID()}:`));
    } finally {
      await redis.quit();
    }
  });
});

describe('the session cookie', () => {
  it('is not sent by an answer whose request began before a sign-out, so a sign-in made since stays', async () => {
    const app = Fastify();
    const held: Array<() => void> = [];
    await app.register(sessionPlugin, {
      secret: 'a-session-secret-of-at-least-32-characters',
      redis: null,
      production: false,
    });
    app.post('/in', async (request) => {
      request.session.userId = randomUUID();
      return {};
    });
    app.post('/out', async (request) => {
      await request.session.destroy();
      return {};
    });
    // Answers once released: its session was loaded before the handler ran.
    app.get('/slow', () => new Promise<object>((resolve) => held.push(() => resolve({}))));
    const sidOf = (setCookie: string | string[] | undefined) =>
      [setCookie ?? []].flat().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
    const slowAnswer = async (cookie: string, meanwhile: () => Promise<unknown> = async () => {}) => {
      const answer = app.inject({ method: 'GET', url: '/slow', headers: { cookie } });
      await waitUntil(() => held.length > 0);
      await meanwhile();
      held.shift()!();
      return answer;
    };
    try {
      const signIn = async () =>
        sidOf((await app.inject({ method: 'POST', url: '/in' })).headers['set-cookie'])!.split(';')[0]!;
      const cookie = await signIn();
      // A rolling session sends its cookie on every answer.
      expect(sidOf((await slowAnswer(cookie)).headers['set-cookie'])).toBeDefined();
      // Signed out while the request was in flight: its answer must not set the old id again.
      const late = await slowAnswer(cookie, () => app.inject({ method: 'POST', url: '/out', headers: { cookie } }));
      expect(late.statusCode).toBe(200);
      expect(sidOf(late.headers['set-cookie'])).toBeUndefined();
      // A new sign-in's session still gets its cookie.
      const again = await signIn();
      expect(sidOf((await slowAnswer(again)).headers['set-cookie'])).toBeDefined();
    } finally {
      await app.close();
    }
  });
});
