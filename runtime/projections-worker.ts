import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, halfPoolSize, loadConfig } from '../shared/config.ts';
import { startEmailSender } from '../shared/email/sender.ts';
import { connect } from '../shared/db/postgres.ts';
import { openEventStore } from '../shared/eventstore/index.ts';
import { migrate, resolveDatabaseUrl } from './runtime.ts';
import { allProjections } from '../projections/index.ts';
import { ProjectionRunner } from '../infrastructure/projections/runner.ts';
import { startScheduledJobs } from '../infrastructure/scheduling/scheduled.ts';
import { openAuditLog } from '../shared/audit/index.ts';
import { openFileStorage } from '../shared/storage/index.ts';
import { allScheduledJobs } from '../workflows/scheduled-jobs.ts';

/**
 * The projection worker process (production: `npm run start:projections`). Run as many as you
 * like: each projection is applied by one worker at a time, and a standby takes over when the
 * owner dies.
 */
async function main() {
  const config = loadConfig();
  const { url, embedded } = await resolveDatabaseUrl(config);
  const sql = connect(url, { max: halfPoolSize(config), applicationName: 'marketplace-projections' });
  await migrate(sql, { postgresEventStore: !config.EVENTSTORE_URL });
  const store = await openEventStore({
    databaseUrl: url,
    eventStoreUrl: config.EVENTSTORE_URL,
    postgres: { poolSize: halfPoolSize(config) },
  });
  const jsonLogger = {
    info: (obj: object, msg?: string) => console.log(JSON.stringify({ level: 'info', msg, ...obj })),
    error: (obj: object, msg?: string) =>
      console.error(JSON.stringify({ level: 'error', msg, ...obj, err: String((obj as { err?: unknown }).err ?? '') })),
  };
  const runner = new ProjectionRunner({
    sql,
    store,
    projections: allProjections,
    logger: jsonLogger,
  });
  let emailSender: ReturnType<typeof startEmailSender> | null = null;
  let scheduledJobs: ReturnType<typeof startScheduledJobs> | null = null;
  // Installed before anything starts: a stop request during start-up still shuts down cleanly.
  const shutdown = async () => {
    await runner.stop();
    await emailSender?.stop();
    await scheduledJobs?.stop();
    await store.close();
    await sql.end({ timeout: 5 });
    await embedded?.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  await runner.start();
  emailSender = startEmailSender(sql, config);
  const auditLog = await openAuditLog(config, store, openFileStorage(config));
  scheduledJobs = startScheduledJobs(sql, store, allScheduledJobs, { logger: jsonLogger, auditLog });
  console.log(`Projection worker running ${allProjections.map((p) => p.name).join(', ')} on ${store.kind}.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
