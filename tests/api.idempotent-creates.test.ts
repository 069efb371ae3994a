import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_MESSAGES } from '../api/plugins/idempotency.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, signUp } from './support/http-client.ts';
import { PDF, PNG } from './support/uploads.ts';
import { paintingOrder } from './support/work-order-body.ts';
import { card, SUCCESS_CARD } from './support/money-flow.ts';

/**
 * Safe retries: every create takes an Idempotency-Key. A retry with the same key and body from the
 * same caller gets the first answer and creates nothing twice; the same key with another body is
 * refused (422).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Post = { id: string; title: string };

/** A word no other test uses, so a search sees only this test's discussions. */
const token = () => `idem${randomUUID().replaceAll('-', '').slice(0, 10)}`;
const keyed = (key: string) => ({ 'idempotency-key': key });

async function discussionsMatching(tag: string): Promise<{ posts: Post[]; total: string | undefined }> {
  const response = await new Browser(t.app).get(`/api/forum/posts?search=${tag}`);
  expect(response.statusCode, response.body).toBe(200);
  return { posts: response.json() as Post[], total: response.headers['x-total-count'] as string | undefined };
}

const discussion = (tag: string, content = 'Does anyone know a good roofer?') => ({
  title: `Roofers near Halifax ${tag}`,
  content,
  category: 'general',
});

describe('a retried forum post', () => {
  it('with the same Idempotency-Key is stored once and answered the same', async () => {
    const { browser } = await signUp(t.app);
    const tag = token();
    const key = randomUUID();
    const first = await browser.post('/api/forum/posts', discussion(tag), keyed(key));
    expect(first.statusCode, first.body).toBe(201);
    // The answer was lost on the way; the browser sends the same request again.
    const retry = await browser.post('/api/forum/posts', discussion(tag), keyed(key));
    expect(retry.statusCode).toBe(201);
    expect(retry.body).toBe(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const { posts, total } = await discussionsMatching(tag);
    expect(posts.map((post) => post.id)).toEqual([first.json().post.id]);
    expect(total).toBe('1');
  });

  it('with the same key and another body is refused, and stores nothing', async () => {
    const { browser } = await signUp(t.app);
    const tag = token();
    const key = randomUUID();
    expect((await browser.post('/api/forum/posts', discussion(tag), keyed(key))).statusCode).toBe(201);
    const changed = await browser.post('/api/forum/posts', discussion(tag, 'Or a good plumber?'), keyed(key));
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toEqual({ error: IDEMPOTENCY_MESSAGES.reused });
    expect((await discussionsMatching(tag)).total).toBe('1');
  });

  it('sent twice at once (a double click) is stored once', async () => {
    const { browser } = await signUp(t.app);
    const tag = token();
    const key = randomUUID();
    const answers = await Promise.all([
      browser.post('/api/forum/posts', discussion(tag), keyed(key)),
      browser.post('/api/forum/posts', discussion(tag), keyed(key)),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    // The second either waited for the first's answer or was told the first is still running.
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    const busy = answers.find((answer) => answer.statusCode === 409);
    if (busy) {
      expect(busy.json()).toEqual({ error: IDEMPOTENCY_MESSAGES.inFlight });
      expect(busy.headers['retry-after']).toBe('1');
    }
    expect((await discussionsMatching(tag)).total).toBe('1');
  });

  it('keeps keys apart per account, and creates again without a key', async () => {
    const [a, b] = await Promise.all([signUp(t.app), signUp(t.app)]);
    const tag = token();
    const key = randomUUID();
    expect((await a.browser.post('/api/forum/posts', discussion(tag), keyed(key))).statusCode).toBe(201);
    const other = await b.browser.post('/api/forum/posts', discussion(tag), keyed(key));
    expect(other.statusCode).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect((await a.browser.post('/api/forum/posts', discussion(tag), keyed(key))).headers['idempotent-replayed']).toBe(
      'true',
    );
    expect((await a.browser.post('/api/forum/posts', discussion(tag))).statusCode).toBe(201);
    expect((await a.browser.post('/api/forum/posts', discussion(tag))).statusCode).toBe(201);
    expect((await discussionsMatching(tag)).total).toBe('4');
  });

  it('refuses a malformed key with 400 and stores nothing', async () => {
    const { browser } = await signUp(t.app);
    const tag = token();
    for (const key of ['has spaces', 'x'.repeat(256)]) {
      const response = await browser.post('/api/forum/posts', discussion(tag), keyed(key));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: IDEMPOTENCY_MESSAGES.invalid });
    }
    expect((await discussionsMatching(tag)).total).toBe('0');
  });
});

describe('a retried contact message from a visitor', () => {
  it('is stored once', async () => {
    const marker = token();
    const body = { name: 'Ada', email: `ada.${marker}@example.ca`, message: `Hello ${marker}` };
    const key = randomUUID();
    const visitor = new Browser(t.app);
    expect((await visitor.post('/api/contact', body, keyed(key))).statusCode).toBe(200);
    const retry = await visitor.post('/api/contact', body, keyed(key));
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    await t.runtime.runner!.idle();
    const [row] = await t.runtime.sql<{ count: string }[]>`
      select count(*)::text as count from es_events where data::text like ${`%${marker}%`}`;
    expect(row!.count).toBe('1');
  });
});

function multipart(fields: Record<string, string>, file: { field: string; name: string; type: string; bytes: Buffer }) {
  const boundary = `----idem${randomUUID()}`;
  return {
    payload: Buffer.concat([
      ...Object.entries(fields).map(([name, value]) =>
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const someone = randomUUID();
const runTag = token();
const future = new Date(Date.now() + 10 * 86_400_000).toISOString();
const terms = { proposerGives: 'Two hours of math tutoring', proposerHours: 2, recipientHours: 2 };

type Role = 'visitor' | 'customer' | 'contractor';
type Send = (browser: Browser, key: string, variant: number) => Promise<LightMyRequestResponse>;

const json =
  (url: string, body: (variant: number) => object): Send =>
  (browser, key, variant) =>
    browser.post(url, body(variant), keyed(key));

const upload =
  (
    url: string,
    fields: Record<string, string>,
    file: { field: string; name: string; type: string; bytes: Buffer },
  ): Send =>
  (browser, key, variant) => {
    // The same bytes with another boundary, as a browser sends a retry; the variant changes a byte.
    const bytes = variant === 0 ? file.bytes : Buffer.concat([file.bytes, Buffer.from([variant])]);
    const { payload, contentType } = multipart(fields, { ...file, bytes });
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: browser.ip,
      headers: { 'content-type': contentType, cookie, ...keyed(key) },
    });
  };

/**
 * Every create, as the caller who may use it, with a body its schema takes. What the handler then
 * answers (a 201, or a 4xx because the thing named does not exist or the plan does not allow it)
 * is the first answer a retry must get back, without the handler running again.
 */
const CREATES: Record<string, { role: Role; send: Send; prepare?: (browser: Browser) => Promise<void> }> = {
  'POST /api/forum/posts': {
    role: 'customer',
    send: json('/api/forum/posts', (v) => discussion(`${runTag}v${v}`)),
  },
  'POST /api/forum/posts/{postId}/replies': {
    role: 'customer',
    send: json(`/api/forum/posts/${someone}/replies`, (v) => ({ content: `Me too ${v}` })),
  },
  'POST /api/feedback': {
    role: 'customer',
    send: json('/api/feedback', (v) => ({ title: `Idea ${v}`, description: 'A dark theme.', category: 'feature' })),
  },
  'POST /api/contact': {
    role: 'visitor',
    send: json('/api/contact', (v) => ({ name: 'Ada', email: `ada.${runTag}.${v}@example.ca`, message: 'Hello.' })),
  },
  'POST /api/bookings/{bookingId}/reviews': {
    role: 'customer',
    send: json(`/api/bookings/${someone}/reviews`, (v) => ({ rating: 5 - v, text: 'Careful and on time.' })),
  },
  'POST /api/work-orders/{workOrderId}/reviews': {
    role: 'contractor',
    send: json(`/api/work-orders/${someone}/reviews`, (v) => ({ rating: 5 - v, text: 'Clear and paid promptly.' })),
  },
  'POST /api/work-orders/{id}/proposals': {
    role: 'contractor',
    send: json(`/api/work-orders/${someone}/proposals`, (v) => ({
      priceCents: 50_000 + v,
      durationHours: 4,
      earliestStart: '2030-01-15',
      message: 'Two painters, one day, clean finish guaranteed.',
    })),
  },
  'POST /api/conversations/{kind}/{id}/messages': {
    role: 'customer',
    send: json(`/api/conversations/booking/${someone}/messages`, (v) => ({ body: `On my way ${v}` })),
  },
  'POST /api/work-orders': {
    role: 'customer',
    send: json('/api/work-orders', (v) => paintingOrder({ title: `Paint a two-bedroom apartment ${v}` })),
  },
  'POST /api/bookings': {
    role: 'customer',
    send: json('/api/bookings', (v) => ({ contractorId: someone, startsAt: future, note: `Note ${v}` })),
  },
  'POST /api/disputes': {
    role: 'customer',
    send: json('/api/disputes', (v) => ({
      jobId: someone,
      reason: 'poor-quality',
      description: `The tiles are cracked in three places and the grout is missing along the bathtub (${v}).`,
    })),
  },
  'POST /api/barter/trades': {
    role: 'customer',
    send: json('/api/barter/trades', (v) => ({ offeringId: someone, ...terms, proposerHours: 2 + v })),
  },
  'POST /api/barter/trades/{id}/counter': {
    role: 'customer',
    send: json(`/api/barter/trades/${someone}/counter`, (v) => ({ ...terms, recipientHours: 2 + v })),
  },
  'POST /api/barter/trades/{id}/review': {
    role: 'customer',
    send: json(`/api/barter/trades/${someone}/review`, (v) => ({ rating: 5 - v })),
  },
  'POST /api/gallery': {
    role: 'contractor',
    send: json('/api/gallery', (v) => ({ title: `Kitchen ${v}`, photo: `${someone}.png` })),
  },
  'POST /api/recurring-offers': {
    role: 'contractor',
    send: json('/api/recurring-offers', (v) => ({
      title: `Weekly cleaning ${v}`,
      service: 'house-cleaning',
      pricePerVisit: 60,
      frequencies: ['weekly'],
    })),
  },
  'POST /api/service-offerings': {
    role: 'contractor',
    send: json('/api/service-offerings', (v) => ({
      title: `House cleaning ${v}`,
      description: 'Kitchens, bathrooms and floors, supplies included.',
      pricingModel: 'hourly',
      price: '50',
    })),
  },
  'POST /api/urgent-alerts': {
    role: 'customer',
    send: json('/api/urgent-alerts', (v) => {
      const { title, description, category, service, postalCode } = paintingOrder();
      return { title, description, category, service, postalCode, baseCents: 50_000 + v, multiplier: 1.5 };
    }),
  },
  'POST /api/uploads/photos': {
    role: 'customer',
    send: upload('/api/uploads/photos', {}, { field: 'photos', name: 'a.png', type: 'image/png', bytes: PNG }),
  },
  'POST /api/credentials': {
    role: 'contractor',
    // The file streams to storage before its hash (part of what makes two requests the same) is
    // known, so the plan check refuses before the key is claimed: a contractor on Local gets a 201.
    prepare: async (browser) => {
      const bought = await browser.post(
        '/api/plans/purchase',
        { planId: 'local', ...card(SUCCESS_CARD) },
        { 'idempotency-key': randomUUID() },
      );
      expect(bought.statusCode, bought.body).toBe(200);
    },
    send: upload(
      '/api/credentials',
      { kind: 'insured', expiresOn: '2031-01-31' },
      { field: 'file', name: 'policy.pdf', type: 'application/pdf', bytes: PDF },
    ),
  },
};

describe.each(Object.keys(CREATES))('%s', (route) => {
  const { role, send, prepare } = CREATES[route]!;

  it('answers a retry with the same key from the first answer, and refuses the key for another body', async () => {
    const browser = role === 'visitor' ? new Browser(t.app) : (await signUp(t.app, { role })).browser;
    await prepare?.(browser);
    const key = randomUUID();
    const first = await send(browser, key, 0);
    expect(first.statusCode, first.body).toBeLessThan(500);
    // Replayed: the request passed validation and the key was claimed (the handler's answer, even a
    // 4xx, is the first answer).
    const retry = await send(browser, key, 0);
    expect(retry.headers['idempotent-replayed'], retry.body).toBe('true');
    expect(retry.statusCode).toBe(first.statusCode);
    expect(retry.body).toBe(first.body);
    const changed = await send(browser, key, 1);
    expect(changed.statusCode, changed.body).toBe(422);
    expect(changed.json()).toEqual({ error: IDEMPOTENCY_MESSAGES.reused });
  });
});
