import { beforeAll } from 'vitest';
import { siteBuilt } from '../../scripts/site-build.ts';

/** Long enough for a whole build on a slow host, which a file may have to wait out from its start. */
const SITE_BUILD_TIMEOUT_MS = 300_000;

/**
 * For a file that starts an app (which serves the site) or reads the build: waits, before its own
 * hooks and tests, for the build the run's global setup started without waiting
 * (`startTheRunsSiteBuild`). Awaited inside a test instead, the build's minute would count against
 * that test's 30 seconds whenever the file ran while it was still building.
 */
export function awaitTheSiteBuild() {
  beforeAll(() => siteBuilt(), SITE_BUILD_TIMEOUT_MS);
}
