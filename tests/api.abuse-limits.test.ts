import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABUSE_LIMITS, parseAbuseLimitMessage, type AbuseLimitKind } from '../shared/abuse-limits.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, confirmSignUp, randomIp, uniqueRegistration } from './support/http-client.ts';

/**
 * The abuse limits (shared/abuse-limits.ts): each kind of writing is limited per account and per
 * client address, answers 429 with Retry-After past the limit, and cannot be dodged by sending
 * X-Forwarded-For (TRUST_PROXY is off here, as by default).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Member = { browser: Browser; role: string };

/** Signs a member up from the given address (default: one of its own). */
async function member(role: 'customer' | 'contractor' = 'customer', ip = randomIp()): Promise<Member> {
  const browser = new Browser(t.app, { ip });
  const registration = uniqueRegistration({ role });
  const response = await browser.post('/api/auth/register', registration);
  expect(response.statusCode, response.body).toBe(202);
  await confirmSignUp(browser, registration.email);
  return { browser, role };
}

/** The same signed-in member, calling from another address. */
function elsewhere(member: Member, ip = randomIp()): Browser {
  const browser = new Browser(t.app, { ip });
  for (const [name, value] of member.browser.cookies) browser.cookies.set(name, value);
  return browser;
}

function expectLimited(response: LightMyRequestResponse, windowMs: number) {
  expect(response.statusCode, response.body).toBe(429);
  expect(parseAbuseLimitMessage(response.json().error), response.body).not.toBeNull();
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(Math.ceil(windowMs / 1000));
}

const forumPost = (n: number) => ({
  title: `Abuse limit test ${n}`,
  content: 'Checking the limits of the forum.',
  category: 'general',
});

describe('forum posts', () => {
  const limit = ABUSE_LIMITS.forumPost;

  it(`takes ${limit.account.max} discussions an hour from one account, then answers 429 with Retry-After`, async () => {
    const poster = await member();
    for (let i = 1; i <= limit.account.max; i++) {
      const response = await poster.browser.post('/api/forum/posts', forumPost(i));
      expect(response.statusCode, response.body).toBe(201);
    }
    expectLimited(await poster.browser.post('/api/forum/posts', forumPost(0)), limit.account.windowMs);
    // The limit is the account's, wherever it calls from; other members are not affected.
    expectLimited(await elsewhere(poster).post('/api/forum/posts', forumPost(0)), limit.account.windowMs);
    const other = await member();
    expect((await other.browser.post('/api/forum/posts', forumPost(0))).statusCode).toBe(201);
  });

  it(`takes ${limit.address.max} discussions an hour from one address, however many accounts post them`, async () => {
    const address = randomIp();
    const accounts = Math.ceil((limit.address.max + 1) / limit.account.max);
    const posters: Member[] = [];
    for (let i = 0; i < accounts; i++) posters.push(await member('customer', address));
    // With TRUST_PROXY off, a forged X-Forwarded-For is not the client's address.
    const forged = () => ({ 'x-forwarded-for': randomIp() });
    for (let i = 0; i < limit.address.max; i++) {
      const response = await posters[i % accounts]!.browser.post('/api/forum/posts', forumPost(i), forged());
      expect(response.statusCode, response.body).toBe(201);
    }
    const next = posters[limit.address.max % accounts]!;
    expectLimited(await next.browser.post('/api/forum/posts', forumPost(0), forged()), limit.address.windowMs);
    // The same account from another address still has room.
    expect((await elsewhere(next).post('/api/forum/posts', forumPost(0))).statusCode).toBe(201);
  });
});

/**
 * Every limited kind, through one of its routes. The requests pass validation but name nothing
 * that exists (404), which is enough: a request counts once its body is valid, before the handler.
 */
const unknown = randomUUID();
const ROUTES: Record<
  AbuseLimitKind,
  { role: 'customer' | 'contractor' | 'visitor'; url: string; body: (n: number) => object; answer: number }
> = {
  forumPost: { role: 'customer', url: '/api/forum/posts', body: forumPost, answer: 201 },
  forumReply: {
    role: 'customer',
    url: `/api/forum/posts/${unknown}/replies`,
    body: () => ({ content: 'Me too.' }),
    answer: 404,
  },
  feedback: {
    role: 'customer',
    url: '/api/feedback',
    body: (n) => ({ title: `Idea ${n}`, description: 'A dark theme for the forum.', category: 'feature' }),
    answer: 201,
  },
  contact: {
    role: 'visitor',
    url: '/api/contact',
    // A new e-mail each time: the per-e-mail limit has its own test.
    body: (n) => ({ name: 'Ada', email: `ada.${n}.${randomUUID()}@example.ca`, message: 'Hello there.' }),
    answer: 200,
  },
  review: {
    role: 'customer',
    url: `/api/bookings/${unknown}/reviews`,
    body: () => ({ rating: 5, text: 'Careful and on time.' }),
    answer: 404,
  },
  proposal: {
    role: 'contractor',
    url: `/api/work-orders/${unknown}/proposals`,
    body: () => ({
      priceCents: 50_000,
      durationHours: 4,
      earliestStart: '2030-01-15',
      message: 'Two painters, one day, clean finish guaranteed.',
    }),
    answer: 404,
  },
  message: {
    role: 'customer',
    url: `/api/conversations/booking/${unknown}/messages`,
    body: () => ({ body: 'Are you on your way?' }),
    answer: 404,
  },
};

describe.each(Object.keys(ABUSE_LIMITS) as AbuseLimitKind[])('%s', (kind) => {
  const limit = ABUSE_LIMITS[kind];
  const route = ROUTES[kind];
  const signIn = async (ip?: string) =>
    route.role === 'visitor' ? await member('customer', ip) : await member(route.role, ip);

  it('is limited per account, across addresses', async () => {
    const caller = await signIn();
    for (let i = 0; i < limit.account.max; i++) {
      const response = await elsewhere(caller).post(route.url, route.body(i));
      expect(response.statusCode, response.body).toBe(route.answer);
    }
    expectLimited(await elsewhere(caller).post(route.url, route.body(-1)), limit.account.windowMs);
  });

  it('is limited per address, across accounts (and for visitors where they may write)', async () => {
    const address = randomIp();
    const callers: Browser[] = [];
    if (route.role === 'visitor') callers.push(new Browser(t.app, { ip: address }));
    else {
      const accounts = Math.ceil((limit.address.max + 1) / limit.account.max);
      for (let i = 0; i < accounts; i++) callers.push((await signIn(address)).browser);
    }
    for (let i = 0; i < limit.address.max; i++) {
      const response = await callers[i % callers.length]!.post(route.url, route.body(i));
      expect(response.statusCode, response.body).toBe(route.answer);
    }
    const next = callers[limit.address.max % callers.length]!;
    expectLimited(await next.post(route.url, route.body(-1)), limit.address.windowMs);
  });
});

describe('the contact form', () => {
  // Per sender e-mail: tests/api.contact-feedback.test.ts.
  it('counts a filled honeypot like any message from its address', async () => {
    const bot = new Browser(t.app);
    const body = () => ({ name: 'Bot', email: `bot.${randomUUID()}@example.ca`, message: 'Buy', website: 'x.example' });
    for (let i = 0; i < ABUSE_LIMITS.contact.address.max; i++) {
      expect((await bot.post('/api/contact', body())).statusCode).toBe(200);
    }
    expectLimited(await bot.post('/api/contact', body()), ABUSE_LIMITS.contact.address.windowMs);
  });
});

describe('what the limits count', () => {
  it('counts valid requests only: a refused body or a signed-out call uses none of the budget', async () => {
    const limit = ABUSE_LIMITS.forumPost;
    const poster = await member();
    for (let i = 0; i <= limit.account.max; i++) {
      expect((await poster.browser.post('/api/forum/posts', { title: '' })).statusCode).toBe(400);
      expect(
        (await new Browser(t.app, { ip: poster.browser.ip }).post('/api/forum/posts', forumPost(i))).statusCode,
      ).toBe(401);
    }
    for (let i = 0; i < limit.account.max; i++) {
      expect((await poster.browser.post('/api/forum/posts', forumPost(i))).statusCode).toBe(201);
    }
    expectLimited(await poster.browser.post('/api/forum/posts', forumPost(0)), limit.account.windowMs);
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  it('counts the address the proxy saw, not one the client wrote into X-Forwarded-For', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      // The proxy appends the address it saw to whatever the client sent.
      const client = randomIp();
      const viaProxy = new Browser(proxied.app);
      const headers = () => ({ 'x-forwarded-for': `${randomIp()}, ${client}` });
      const { max, windowMs } = ABUSE_LIMITS.contact.address;
      for (let n = 0; n < max; n++) {
        const sent = await viaProxy.post('/api/contact', ROUTES.contact.body(n), headers());
        expect(sent.statusCode, sent.body).toBe(200);
      }
      expectLimited(await viaProxy.post('/api/contact', ROUTES.contact.body(max), headers()), windowMs);
      // Another client behind the same proxy is its own address.
      const other = await viaProxy.post('/api/contact', ROUTES.contact.body(0), { 'x-forwarded-for': randomIp() });
      expect(other.statusCode, other.body).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});
