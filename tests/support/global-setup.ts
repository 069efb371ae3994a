import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../shared/db/embedded.ts';
import { ensureSiteBuilt } from '../../scripts/site-build.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    /** An empty folder the first browser journey fills with a seeded data folder (start-app.ts). */
    appTemplateDir: string;
  }
}

let embedded: EmbeddedPostgres | null = null;

/**
 * Tests run against a real PostgreSQL: TEST_DATABASE_URL (CI points it at the machine's server),
 * else DATABASE_URL, else an embedded one started here under .data/test-postgres.
 * Each test file creates its own database on that server.
 */
export default async function setup(project: TestProject) {
  // Suites that start the app (npm start, browser journeys) share one site build, made here once.
  ensureSiteBuilt();
  let url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: '.data/test' });
    url = embedded.url;
  }
  project.provide('adminDatabaseUrl', url);
  const appTemplateDir = mkdtempSync(path.join(tmpdir(), 'marketplace-template-'));
  project.provide('appTemplateDir', appTemplateDir);
  return async () => {
    await embedded?.stop();
    rmSync(appTemplateDir, { recursive: true, force: true });
  };
}
