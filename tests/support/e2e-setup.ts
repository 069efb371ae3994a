import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { isExecutable, journeyBrowserPath } from './chromium.ts';
import { seedTemplate, startTheRunsSiteBuild, stopListedApps } from './start-app.ts';
import { MissingServiceError, stopTheRun } from './redis.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where each test worker lists the app it shares between its journeys, for the teardown here. */
    sharedAppsDir: string;
  }
}

/**
 * The global setup of the `e2e` project. The journeys run on `npm start` (with its own embedded
 * PostgreSQL, copied from a data folder seeded here into `appTemplateDir`): one app per
 * test worker, shared by its files, or one of a file's own (tests/e2e/support/browser.ts). So no
 * test database or Redis is needed here: only the site build (started here, awaited by each app's
 * start) and the system Chromium (its headless shell when installed, see tests/support/chromium.ts).
 * Without the browser the run stops at once with one line, instead of every journey timing out.
 * The teardown stops the workers' apps.
 */
export default function setup(project: TestProject) {
  const browser = journeyBrowserPath();
  if (!isExecutable(browser)) {
    stopTheRun(
      new MissingServiceError(
        `The browser journeys need Chromium at ${browser}: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH`,
      ),
    );
  }
  // Built while the other projects' tests run (the integration setup starts the same build).
  const building = startTheRunsSiteBuild();
  const appTemplateDir = mkdtempSync(path.join(tmpdir(), 'marketplace-template-'));
  project.provide('appTemplateDir', appTemplateDir);
  // Seeded while the other projects' tests run; a failure here is the first journey's to report.
  const seeding = seedTemplate(appTemplateDir).catch(() => {});
  const sharedAppsDir = mkdtempSync(path.join(tmpdir(), 'marketplace-shared-apps-'));
  project.provide('sharedAppsDir', sharedAppsDir);
  return async () => {
    await building;
    await seeding;
    await stopListedApps(sharedAppsDir);
    rmSync(sharedAppsDir, { recursive: true, force: true });
    rmSync(appTemplateDir, { recursive: true, force: true });
  };
}
