import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, signUp } from './support/http-client.ts';
import { startRedisServer } from './support/redis.ts';
import { freePort } from './support/start-app.ts';
import { waitUntil } from './support/wait.ts';

/**
 * Redis goes away under a running API (sessions and rate limits live there when REDIS_URL is set)
 * and comes back. While it is down, whatever needs a session answers a clear 503, what does not
 * keeps working, and the process does not crash; once it is back, signing in works again without
 * a restart.
 */
let t: TestApp;
let redis: Awaited<ReturnType<typeof startRedisServer>> | null = null;
let port = 0;

beforeAll(async () => {
  // A throw-away Redis on its own port, so the machine's shared one is never touched; it comes back
  // on the same port, the one the app was configured with.
  port = await freePort();
  redis = await startRedisServer({ port });
  t = await createTestApp({ REDIS_URL: redis.url });
});

afterAll(async () => {
  await t?.close();
  await redis?.stop();
});

describe('Redis down', { timeout: 60_000 }, () => {
  it('answers 503 where a session is needed, keeps public pages and health up, and recovers by itself', async () => {
    const member = await signUp(t.app, { role: 'customer' });
    expect((await member.browser.get('/api/auth/me')).statusCode).toBe(200);

    await redis!.crash();

    const me = await member.browser.get('/api/auth/me');
    expect(me.statusCode, me.body).toBe(503);
    expect(me.json().error).toMatch(/^Sign-in is temporarily unavailable\. Please try again shortly\./);

    const login = await new Browser(t.app).post('/api/auth/login', {
      email: member.registration.email,
      password: member.registration.password,
    });
    expect(login.statusCode, login.body).toBe(503);
    expect(typeof login.json().error).toBe('string');

    // A visitor's read needs no session, and the process is alive.
    expect((await new Browser(t.app).get('/api/contractors/browse')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    redis = await startRedisServer({ port });
    // The client reconnects by itself; the old session went with Redis, so the member signs in again.
    const again = new Browser(t.app);
    await waitUntil(
      async () =>
        (
          await again.post('/api/auth/login', {
            email: member.registration.email,
            password: member.registration.password,
          })
        ).statusCode === 200,
      { timeoutMs: 20_000, intervalMs: 500, message: 'sign-in did not recover after Redis came back' },
    );
    expect((await again.get('/api/auth/me')).statusCode).toBe(200);
  });
});
