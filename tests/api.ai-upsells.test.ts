import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPSELL_MESSAGES as M } from '../shared/domain/ai/upsells.ts';
import { QUOTA_ZONE } from '../shared/quota/daily-quota.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, signUp } from './support/http-client.ts';

/**
 * POST /api/ai/generate-upsells on two API instances sharing one database (and Redis when
 * REDIS_URL is set, as in CI): the day's one use is shared, so the second call, on either
 * instance, is refused with 'Rate limit exceeded'.
 */
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({ DATABASE_URL: a.database.url });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** The same account signed in on both instances. */
async function onBoth(role: 'customer' | 'contractor' = 'contractor') {
  const person = await signUp(a.app, { role });
  const other = new Browser(b.app);
  const login = await other.post('/api/auth/login', {
    email: person.registration.email,
    password: person.registration.password,
  });
  expect(login.statusCode, login.body).toBe(200);
  return { onA: person.browser, onB: other, id: person.user.id };
}

const generate = (browser: Browser, serviceType: unknown, query = '') =>
  browser.post(`/api/ai/generate-upsells${query}`, { serviceType });

describe('POST /api/ai/generate-upsells', () => {
  it('needs a signed-in user and a non-blank service type', async () => {
    expect((await generate(new Browser(a.app), 'house cleaning')).statusCode).toBe(401);
    const { onA } = await onBoth();
    expect((await generate(onA, '   ')).json()).toEqual({ error: M.serviceType });
    expect((await generate(onA, 42)).statusCode).toBe(400);
    expect((await generate(onA, 'x'.repeat(121))).statusCode).toBe(400);
    // Refused input does not use the day's generation.
    expect((await generate(onA, 'house cleaning')).statusCode).toBe(200);
  });

  it('answers {upsells: [{name, description, price}]} in the reader’s language, once a day across instances', async () => {
    const { onA, onB, id } = await onBoth();
    const first = await generate(onA, '  Tonte de pelouse  ', '?locale=fr');
    expect(first.statusCode, first.body).toBe(200);
    const { upsells } = first.json() as { upsells: { name: string; description: string; price: number }[] };
    expect(upsells.length).toBeGreaterThanOrEqual(3);
    expect(upsells[0]).toEqual({
      name: 'Bordures et finition',
      description: 'Bordures nettes le long des allées, plates-bandes et clôtures à chaque visite.',
      price: 12,
    });

    const second = await generate(onB, 'house cleaning');
    expect(second.statusCode).toBe(429);
    expect(second.json().error).toContain('Rate limit exceeded');
    expect(second.json()).toEqual({ error: M.rateLimited });
    expect((await generate(onA, 'house cleaning')).statusCode).toBe(429);

    // Where the use is kept: Redis when configured, else the shared database.
    const day = DateTime.now().setZone(QUOTA_ZONE).toISODate();
    if (a.runtime.redis) {
      expect(await a.runtime.redis.exists(`quota:ai-upsells:${id}:${day}`)).toBe(1);
      expect(await a.runtime.redis.pttl(`quota:ai-upsells:${id}:${day}`)).toBeGreaterThan(0);
    } else {
      const rows = await a.runtime.sql`select 1 from daily_quota_uses where user_id = ${id} and day = ${day}`;
      expect(rows).toHaveLength(1);
    }

    // Another user is not affected.
    const other = await onBoth('customer');
    expect((await generate(other.onB, 'dog walking')).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous calls on the two instances through', async () => {
    const { onA, onB } = await onBoth();
    const answers = await Promise.all([generate(onA, 'tutoring'), generate(onB, 'tutoring')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 429]);
  });
});
