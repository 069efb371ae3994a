import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../api/app.ts';
import { WROTE_AT_COOKIE } from '../api/plugins/answer-cache.ts';
import { createRuntime, type Runtime } from '../runtime/runtime.ts';
import { createTestApp, testConfig, type TestApp } from './support/app.ts';
import { Browser, createAdmin, eventsMentioning, signUp } from './support/http-client.ts';

/**
 * The command pipeline (api/plugins/command-pipeline.ts), through routes declared with
 * `app.command` (the feedback board's): authenticate → validate → decide and append → wait for
 * the caller's read models → answer, and 202 with the position when the read models are late.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const feedback = { title: 'Dark theme for invoices', description: 'Please.', category: 'feature' };

describe('a command route declared with app.command', () => {
  it('refuses a visitor with 401 and a role it does not allow with 403, before reading the body', async () => {
    const visitor = new Browser(t.app);
    const signedOut = await visitor.post('/api/feedback', { nonsense: true });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ error: expect.any(String) });

    const { browser } = await signUp(t.app, { role: 'customer' });
    const posted = await browser.post('/api/feedback', feedback);
    const id = posted.json().feedback.id as string;
    const notAdmin = await browser.patch(`/api/feedback/${id}/status`, { status: 'planned' });
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json()).toEqual({ error: 'Access denied. This page requires admin access.' });
  });

  it('validates the body with its zod schema: 400 with a clear message, nothing appended', async () => {
    const { browser } = await signUp(t.app, { role: 'customer' });
    const title = `Refused ${Date.now()}`;
    const response = await browser.post('/api/feedback', { ...feedback, title, category: 'wishes' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Category must be feature, improvement, bug or other' });
    expect(await eventsMentioning(t.runtime, title)).toBe(0);
  });

  it('answers once the read model has the write: the next read shows it, and a refusal from the decider is a 4xx', async () => {
    const { browser } = await signUp(t.app, { role: 'contractor' });
    const title = `Read back ${Date.now()}`;
    const posted = await browser.post('/api/feedback', { ...feedback, title });
    expect(posted.statusCode).toBe(201);
    const { id } = posted.json().feedback as { id: string };
    const board = (await browser.get('/api/feedback')).json() as { id: string; title: string }[];
    expect(board.find((item) => item.id === id)?.title).toBe(title);

    const voter = await signUp(t.app, { role: 'customer' });
    expect((await voter.browser.post(`/api/feedback/${id}/upvote`)).json()).toEqual({ success: true });
    const again = await voter.browser.post(`/api/feedback/${id}/upvote`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: expect.any(String) });
    const row = ((await voter.browser.get('/api/feedback')).json() as { id: string; upvoteCount: number }[]).find(
      (item) => item.id === id,
    );
    expect(row?.upvoteCount).toBe(1);

    const { registration } = await createAdmin(t.runtime);
    const admin = new Browser(t.app);
    await admin.post('/api/auth/login', { email: registration.email, password: registration.password });
    const changed = await admin.patch(`/api/feedback/${id}/status`, { status: 'planned' });
    expect(changed.statusCode).toBe(200);
    const planned = (await admin.get('/api/feedback?status=planned')).json() as { id: string }[];
    expect(planned.map((item) => item.id)).toContain(id);
  });
});

describe('when the read models are later than the answer may wait', () => {
  let runtime: Runtime;
  let app: FastifyInstance;
  let dataDir: string;

  beforeAll(async () => {
    // A second API on the same database that runs no projections and waits for nothing: the
    // first app's runner still builds the read models, so sign-up works, but every answer is early.
    dataDir = await mkdtemp(path.join(tmpdir(), 'pipeline-'));
    const config = testConfig({
      DATABASE_URL: t.database.url,
      DATA_DIR: dataDir,
      RUN_PROJECTIONS: 'false',
      READ_YOUR_WRITES_TIMEOUT_MS: '0',
    });
    runtime = await createRuntime(config);
    app = await buildApp({
      config,
      runtime,
      secrets: { sessionSecret: 'test-session-secret-that-is-long-enough-0123', emailHashKey: 'test-email-hash-key' },
      distDir: null,
      logger: false,
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await runtime?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 202 with pending, the position (also as x-event-position) and the body as far as it is known', async () => {
    const { browser } = await signUp(app, { role: 'customer' });
    const response = await browser.post('/api/feedback', feedback);
    expect(response.statusCode).toBe(202);
    const body = response.json();
    expect(body.pending).toBe(true);
    expect(body.position).toMatch(/^\d+\/\d+$/);
    expect(response.headers['x-event-position']).toBe(body.position);
    expect(body.feedback).toMatchObject({ title: feedback.title, status: 'open', upvoteCount: 0 });
    // The caller's next reads wait for the write wherever they land (api/plugins/answer-cache.ts).
    const wroteAt = response.cookies.find((cookie) => cookie.name === WROTE_AT_COOKIE);
    expect(wroteAt).toMatchObject({ value: body.position, httpOnly: true, sameSite: 'Lax', maxAge: 60, path: '/' });
  });
});
