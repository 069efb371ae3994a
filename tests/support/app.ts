import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../api/app.ts';
import { createRuntime, type Runtime } from '../../runtime/runtime.ts';
import { loadConfig, type Config } from '../../shared/config.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export type TestApp = {
  app: FastifyInstance;
  runtime: Runtime;
  config: Config;
  database: TestDatabase;
  close(): Promise<void>;
};

/**
 * Connections each test runtime may hold. Two test files run at once, and one file may run three
 * runtimes beside a production-shaped set of processes, all on one server with PostgreSQL's default
 * of 100 connections; at the production default (20 + 10 + lock sessions each) CI ran out.
 */
export const TEST_POOL_SIZE = '6';

/** A runtime's configuration in the tests: quiet, no demo data, small pools, CI's Redis if set. */
export function testConfig(env: Record<string, string>): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    DATABASE_POOL_SIZE: TEST_POOL_SIZE,
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...env,
  });
}

/**
 * The real app on a fresh database of the test server, with projections running in-process and
 * Redis sessions when REDIS_URL is set. Requests go through `app.inject` (see `Browser`). Unless
 * the test gives one, the app gets its own temporary DATA_DIR (removed on close), so the e-mail it
 * writes to DATA_DIR/outbox is its own (tests/support/outbox.ts reads it).
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase('api');
  const ownDataDir = env.DATA_DIR ? null : await mkdtemp(path.join(tmpdir(), 'api-test-'));
  const config = testConfig({
    DATABASE_URL: database.url,
    ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
    ...env,
  });
  const runtime = await createRuntime(config);
  const app = await buildApp({
    config,
    runtime,
    secrets: { sessionSecret: 'test-session-secret-that-is-long-enough-0123', emailHashKey: 'test-email-hash-key' },
    distDir: null,
    logger: false,
  });
  await app.ready();
  return {
    app,
    runtime,
    config,
    database,
    async close() {
      await app.close();
      await runtime.close();
      await database.drop();
      if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
    },
  };
}
