import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../api/app.ts';
import { createRuntime, type Runtime } from '../runtime/runtime.ts';
import { loadConfig } from '../shared/config.ts';
import { connect } from '../shared/db/postgres.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../shared/db/embedded.ts';
import { Browser, signUp } from './support/http-client.ts';
import { sleep, waitUntil } from './support/wait.ts';

/**
 * PostgreSQL restarts under a running API. It runs on its own embedded server (a temporary data
 * folder), so stopping it touches nothing else. While it is down the API answers 503 with a clear
 * message, never a 500 and never a crash; it recovers by itself once the server is back; and every
 * command it accepted (a 2xx) is in the event store afterwards, exactly once.
 */
let dataDir: string;
let postgres: EmbeddedPostgres;
let runtime: Runtime;
let app: FastifyInstance;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'pg-restart-'));
  postgres = await startEmbeddedPostgres({ dataDir });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: postgres.url,
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
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
}, 120_000);

afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await postgres?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('PostgreSQL restart under load', { timeout: 120_000 }, () => {
  it('answers 503 while it is down, recovers by itself, and loses or doubles no accepted command', async () => {
    // A crowd of writers, each from its own address: forum posts are limited per account and address.
    const members = [];
    for (let i = 0; i < 12; i++) members.push(await signUp(app, { role: 'customer' }));
    const visitor = new Browser(app);
    const accepted: string[] = [];
    const statuses = new Map<number, number>();
    const serverErrors: string[] = [];
    let running = true;

    const record = (status: number, body: string) => {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status >= 500 && status !== 503) serverErrors.push(`${status} ${body.slice(0, 200)}`);
      if (status === 503 && typeof JSON.parse(body).error !== 'string') serverErrors.push(`503 without error: ${body}`);
    };
    const writer = (async () => {
      for (let turn = 0; running; turn++) {
        const title = `Restart check ${randomUUID()}`;
        const response = await members[turn % members.length]!.browser.post('/api/forum/posts', {
          title,
          content: 'Written while the database restarts.',
          category: 'general',
        });
        record(response.statusCode, response.body);
        if (response.statusCode < 300) accepted.push(title);
        await sleep(40);
      }
    })();
    const reader = (async () => {
      while (running) {
        const response = await visitor.get('/api/forum/posts');
        record(response.statusCode, response.body);
        await sleep(20);
      }
    })();

    await sleep(1_500);
    const acceptedBefore = accepted.length;
    await postgres.stop();
    await sleep(2_000);
    const during = statuses.get(503) ?? 0;
    postgres = await startEmbeddedPostgres({ dataDir });
    // Back: new commands are accepted again without restarting the API.
    await waitUntil(async () => accepted.length > acceptedBefore + 5, {
      timeoutMs: 30_000,
      intervalMs: 100,
      message: 'the API did not recover after PostgreSQL came back',
    });
    running = false;
    await Promise.all([writer, reader]);
    // The projections came back too: they catch up, and a new write is read back at once (200/201).
    await runtime.runner!.idle(20_000);
    const after = await members[members.length - 1]!.browser.post('/api/forum/posts', {
      title: `Restart check ${randomUUID()}`,
      content: 'Written after the database came back.',
      category: 'general',
    });
    expect(after.statusCode, after.body).toBe(201);

    expect(serverErrors).toEqual([]);
    expect(during, JSON.stringify(Object.fromEntries(statuses))).toBeGreaterThan(0);
    expect(acceptedBefore).toBeGreaterThan(5);

    // Every accepted post is in the log once.
    const sql = connect(postgres.url, { max: 1 });
    try {
      const rows = await sql<{ title: string; n: number }[]>`
        select data->>'title' as title, count(*)::int as n from es_events
        where type = 'ForumPostCreated' and data->>'title' like 'Restart check %' group by 1`;
      const logged = new Map(rows.map((row) => [row.title, row.n]));
      expect(accepted.filter((title) => logged.get(title) !== 1)).toEqual([]);
    } finally {
      await sql.end({ timeout: 5 });
    }
  });
});
