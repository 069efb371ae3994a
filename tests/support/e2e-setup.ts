import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureSiteBuilt } from '../../scripts/site-build.ts';
import { isExecutable, journeyBrowserPath } from './chromium.ts';
import { MissingServiceError, stopTheRun } from './redis.ts';

/**
 * The global setup of the `e2e` project. Each journey starts its own `npm start` (with its own
 * embedded PostgreSQL, copied from a data folder the first one seeds into `appTemplateDir`), so no
 * test database or Redis is needed here: only the site build and the system Chromium (its headless
 * shell when installed, see tests/support/chromium.ts). Without the browser the run stops at once
 * with one line, instead of every journey timing out.
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
  ensureSiteBuilt();
  const appTemplateDir = mkdtempSync(path.join(tmpdir(), 'marketplace-template-'));
  project.provide('appTemplateDir', appTemplateDir);
  return () => rmSync(appTemplateDir, { recursive: true, force: true });
}
