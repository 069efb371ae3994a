import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from '../shared/config.ts';
import { buildApp } from '../api/app.ts';
import { createRuntime } from './runtime.ts';
import { resolveSecrets } from '../api/secrets.ts';
import { DEMO_PASSWORD, demoAccounts, holdsDemoData, seedDemoData } from '../api/seed.ts';
import { staleTimeZoneDataWarning } from '../shared/time-zone-data.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Production never serves the demo accounts: their password is published. Only a non-production
 * start seeds them (config.ts refuses SEED_DEMO_DATA in production), so this means a data folder or
 * database that was used for the demo first.
 */
export const DEMO_DATA_IN_PRODUCTION =
  'Refusing to start with NODE_ENV=production: this database holds the demo data, whose accounts have a published password. Start production on a new database (an empty DATA_DIR, or another DATABASE_URL).';

/**
 * Starts the API (and, unless RUN_PROJECTIONS=false, the projection workers) on one port, with the
 * built site. With no DATABASE_URL it runs on an embedded PostgreSQL under DATA_DIR.
 */
export async function startServer(config: Config) {
  const started = Date.now();
  const log = (message: string) => process.stdout.write(`${message}\n`);
  const secrets = await resolveSecrets(config);
  const runtime = await createRuntime(config, {
    logger: {
      info: () => {},
      error: (obj, msg) => console.error(msg ?? '', obj),
    },
  });
  if (config.production && (await holdsDemoData(runtime.store))) {
    await runtime.close();
    throw new ConfigError(DEMO_DATA_IN_PRODUCTION);
  }
  const app = await buildApp({ config, runtime, secrets, distDir: path.join(root, 'dist') });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    await app.close().catch(() => {});
    await runtime.close().catch(() => {});
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  if (config.SEED_DEMO_DATA) {
    const { seeded } = await seedDemoData({
      sql: runtime.sql,
      store: runtime.store,
      emailHashKey: secrets.emailHashKey,
    });
    if (seeded) log('Seeded demo data.');
  }
  await runtime.runner?.idle(30_000);
  await app.listen({ host: config.HOST, port: config.PORT });

  // One write, so a reader (or a test) never sees half of the banner.
  const url = `http://localhost:${config.PORT}`;
  const lines = [
    '',
    `  Marketplace ready at ${url}  (${Date.now() - started} ms)`,
    `  Database: ${config.embedded ? `embedded PostgreSQL in ${config.DATA_DIR}` : 'DATABASE_URL'}; event store: ${runtime.store.kind}; sessions: ${runtime.redis ? 'Redis' : 'in memory'}`,
    `  API docs: ${url}/api/docs`,
  ];
  if (config.SEED_DEMO_DATA) {
    lines.push(`  Demo sign-ins (password: ${DEMO_PASSWORD}):`);
    for (const account of demoAccounts.slice(0, 5)) lines.push(`    ${account.role.padEnd(10)} ${account.email}`);
    lines.push(`    …and ${demoAccounts.length - 5} more contractors (see README)`);
  }
  const timeZoneWarning = staleTimeZoneDataWarning();
  if (timeZoneWarning) lines.push(`  ${timeZoneWarning}`);
  lines.push('');
  log(lines.join('\n'));
  // After the banner: the server answers while the pages' code loads.
  const preloading = performance.now();
  app.preloadSite?.().then(
    (pages) => {
      if (pages > 0)
        log(`  Loaded the code of ${pages} server-rendered pages (${Math.round(performance.now() - preloading)} ms)`);
    },
    (error: unknown) => console.error('Loading the pages ahead of their first visit failed:', error),
  );
  return { app, runtime };
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  await startServer(config);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
