import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/docs/json', () => {
  it('documents every route from its zod schemas, including the spec calls of section 7', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json() as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
    };
    expect(spec.openapi).toMatch(/^3\./);
    for (const [path, method] of [
      ['/api/auth/me', 'get'],
      ['/api/auth/login', 'post'],
      ['/api/auth/logout', 'post'],
      ['/auth/logout', 'get'],
      ['/auth/logout', 'post'],
      ['/api/auth/switch-user', 'post'],
      ['/api/auth/register', 'post'],
      ['/api/auth/confirm-registration', 'post'],
      ['/api/contractor/profile', 'patch'],
      ['/api/service-offerings', 'post'],
      ['/api/service-offerings/my', 'get'],
      ['/api/contractors/browse', 'get'],
    ] as const) {
      expect(spec.paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined();
    }
    const register = spec.paths['/api/auth/register']!.post!.requestBody!.content['application/json']!.schema;
    expect(JSON.stringify(register)).toContain('dateOfBirth');
  });

  it('documents the marketplace routes, each with a summary and a tag', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const spec = response.json() as {
      paths: Record<string, Record<string, { summary?: string; tags?: string[]; responses?: object }>>;
    };
    for (const [path, method] of [
      ['/api/contractors/{id}', 'get'],
      ['/api/service-directory', 'get'],
      ['/api/contractor/service-area', 'put'],
      ['/api/work-orders', 'post'],
      ['/api/work-orders/{id}/proposals', 'post'],
      ['/api/work-orders/{id}/proposals/{proposalId}/accept', 'post'],
      ['/api/work-orders/browse', 'get'],
      ['/api/contractor/availability', 'put'],
      ['/api/contractors/{id}/slots', 'get'],
      ['/api/bookings', 'post'],
      ['/api/bookings/{id}/cancel', 'post'],
      ['/api/bookings/{bookingId}/reviews', 'post'],
      ['/api/work-orders/{workOrderId}/reviews', 'post'],
      ['/api/conversations/{kind}/{id}/messages', 'post'],
      ['/api/conversations/stream', 'get'],
    ] as const) {
      expect(spec.paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined();
    }
    const undocumented = Object.entries(spec.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => !operation.summary || !operation.tags?.length || !operation.responses)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(undocumented).toEqual([]);
  });

  it('serves the interactive page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});
