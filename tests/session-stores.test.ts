import type { Session } from 'fastify';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MemorySessionStore, RedisSessionStore, type SessionStore } from '../api/plugins/session-stores.ts';

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
  await call((done) => store.destroy(id, done));
  // The late save of a request that was in flight during the logout (rolling sessions save on every answer).
  await call((done) => store.set(id, session, done));
  expect(await read(store, id)).toBeNull();
  // Other sessions are untouched.
  const other = randomUUID();
  await call((done) => store.set(other, session, done));
  expect(await read(store, other)).toMatchObject({ userId: 'u1' });
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
