import { ConfigError, loadConfig } from '../shared/config.ts';
import { siteBuilt } from './site-build.ts';

/**
 * `npm start`: builds the site when the build is missing or older than its sources, then starts
 * the server (API, projections and site on one port; embedded PostgreSQL unless DATABASE_URL).
 */
let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
try {
  await siteBuilt();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const { startServer } = await import('../runtime/api-server.ts');
try {
  await startServer(config);
} catch (error) {
  // A start the configuration forbids (demo data under NODE_ENV=production): its message, not a stack.
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
