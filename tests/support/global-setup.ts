import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../shared/db/embedded.ts';
import { findOrStartRedis, stopTheRun, type TestRedis } from './redis.ts';
import { startTheRunsSiteBuild } from './start-app.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    /** The Redis of the run (REDIS_URL, the machine's on 6379, or one started here: redis.ts). */
    redisUrl: string;
    /** An empty folder the first browser journey fills with a seeded data folder (start-app.ts). */
    appTemplateDir: string;
  }
}

let embedded: EmbeddedPostgres | null = null;
let redis: TestRedis | null = null;

/**
 * The global setup of the `integration` project (the unit project has none: it needs no server).
 * Tests run against a real PostgreSQL: TEST_DATABASE_URL (CI points it at the machine's server),
 * else DATABASE_URL, else an embedded one started here under .data/test. Each test file creates
 * its own database on that server. Redis is found or started by redis.ts, first, so a machine
 * without it stops at once with one line.
 */
export default async function setup(project: TestProject) {
  redis = await findOrStartRedis(console.log).catch(stopTheRun);
  project.provide('redisUrl', redis.url);
  // Suites that start the app (npm start) share one site build: the first tests, which need no
  // site, run while it builds.
  const building = startTheRunsSiteBuild();
  let url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: '.data/test' });
    url = embedded.url;
  }
  project.provide('adminDatabaseUrl', url);
  const appTemplateDir = mkdtempSync(path.join(tmpdir(), 'marketplace-template-'));
  project.provide('appTemplateDir', appTemplateDir);
  return async () => {
    await building;
    await embedded?.stop();
    await redis?.stop();
    rmSync(appTemplateDir, { recursive: true, force: true });
  };
}
