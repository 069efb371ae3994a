import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, signUp } from './support/http-client.ts';

/**
 * Every documented route, hit with bad input by a visitor, a customer and a contractor, answers a
 * clear 4xx (or a success), never a 500: ids that are not ids, ids of nothing, wrong bodies and
 * wrong queries. The route list comes from the OpenAPI document, so a new route is covered the day
 * it is added.
 */
let t: TestApp;
let routes: { method: string; path: string }[];
let visitors: { label: string; browser: Browser }[];

/** Routes that hold the connection open (server-sent events) or sign the caller out. */
const SKIPPED = new Set([
  'GET /api/notifications/stream',
  'GET /api/conversations/stream',
  'POST /api/auth/logout',
  'GET /auth/logout',
  'DELETE /api/auth/account',
]);

beforeAll(async () => {
  t = await createTestApp();
  const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(spec.paths)
    .filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })))
    .filter((route) => !SKIPPED.has(`${route.method} ${route.path}`));
  visitors = [
    { label: 'visitor', browser: new Browser(t.app) },
    { label: 'customer', browser: (await signUp(t.app, { role: 'customer' })).browser },
    { label: 'contractor', browser: (await signUp(t.app, { role: 'contractor' })).browser },
  ];
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const fill = (path: string, value: (name: string) => string) =>
  path.replace(/\{(\w+)\}/g, (_whole, name: string) => encodeURIComponent(value(name)));

const badBodies: unknown[] = [
  {},
  { unexpected: true },
  { title: 42, price: 'free', startsAt: 'tomorrow', rating: 9, body: '', postalCode: 'ZZZ ZZZ', weekly: 'all' },
  [],
];

const badQuery =
  '?limit=abc&offset=-1&distanceKm=-5&radiusKm=x&postalCode=ZZZ&lat=200&lng=x&sort=nope&from=yesterday&tz=Mars/Base';

describe('no route answers 500 to bad input', { timeout: 180_000 }, () => {
  it('covers the marketplace routes', () => {
    const paths = routes.map((route) => route.path);
    for (const path of ['/api/work-orders', '/api/bookings', '/api/conversations', '/api/contractors/browse']) {
      expect(paths).toContain(path);
    }
  });

  it('answers 4xx with an error body, or success, for every route and caller', async () => {
    const failures: string[] = [];
    for (const { method, path } of routes) {
      const urls = [
        fill(path, () => 'not-an-id'),
        fill(path, (name) => (name === 'kind' ? 'booking' : name === 'date' ? '2031-02-30' : randomUUID())),
        fill(path, () => randomUUID()) + badQuery,
      ];
      for (const { label, browser } of visitors) {
        for (const url of urls) {
          const bodies = method === 'GET' || method === 'DELETE' ? [undefined] : badBodies;
          for (const body of bodies) {
            const response = await browser.request(method as 'GET', url, body);
            const where = `${label} ${method} ${url} ${body === undefined ? '' : JSON.stringify(body)}`;
            if (response.statusCode >= 500) {
              failures.push(`${where} → ${response.statusCode} ${response.body.slice(0, 200)}`);
            } else if (response.statusCode >= 400) {
              const error = (response.json() as { error?: unknown }).error;
              if (typeof error !== 'string' || error.length === 0) failures.push(`${where} → no error text`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
