import { Redis } from 'ioredis';
import { halfPoolSize, type Config } from '../shared/config.ts';
import { ensureDatabase } from '../shared/db/databases.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../shared/db/embedded.ts';
import { connect, type Sql } from '../shared/db/postgres.ts';
import { postgresMoneyLocks, type MoneyLocks } from '../shared/db/money-locks.ts';
import { openEventStore, type EventStore } from '../shared/eventstore/index.ts';
import { ensureEventStoreSchema } from '../shared/eventstore/postgres.ts';
import { CheckpointWatcher, ensureCheckpointSchema } from '../infrastructure/projections/checkpoints.ts';
import { createAnswerCaches, type AnswerCaches } from '../api/answer-caches.ts';
import { allProjections } from '../projections/index.ts';
import { ProjectionRunner } from '../infrastructure/projections/runner.ts';
import type { Projection } from '../infrastructure/projections/types.ts';
import { startEmailSender } from '../shared/email/sender.ts';
import { startScheduledJobs } from '../infrastructure/scheduling/scheduled.ts';
import { openAuditLog, type AuditLog } from '../shared/audit/index.ts';
import { allScheduledJobs } from '../workflows/scheduled-jobs.ts';
import { PERSONAL_DATA_SCHEMA } from '../api/modules/accounts/personal-data.ts';
import { PENDING_REGISTRATION_SCHEMA } from '../shared/personal-data/pending-registrations.ts';
import { PERSONAL_RECORDS_SCHEMA } from '../shared/personal-data/schema.ts';
import { IDEMPOTENCY_SCHEMA } from '../shared/idempotency-store.ts';
import type { FileStorage } from '../shared/storage/file-storage.ts';
import { openFileStorage } from '../shared/storage/index.ts';
import { createDisputeNarrator } from '../shared/ai/dispute-narrator.ts';
import { createSandboxGateway, type PaymentGateway } from '../shared/payments/gateway.ts';

type Logger = {
  info(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
};

/** Everything the API needs from the outside world, opened once per process. */
export type Runtime = {
  databaseUrl: string;
  sql: Sql;
  store: EventStore;
  checkpoints: CheckpointWatcher;
  /** Public answers of the busiest read routes, valid until their read models change (api/plugins/answer-cache.ts). */
  answerCaches: AnswerCaches;
  runner: ProjectionRunner | null;
  redis: Redis | null;
  /** The payment gateway (config PAYMENT_GATEWAY; the offline sandbox by default). */
  gateway: PaymentGateway;
  /** Serialises the commands that decide about one job's or one account's money (shared/db/money-locks.ts). */
  locks: MoneyLocks;
  /** Where uploaded files live (dispute evidence): local disk under DATA_DIR, or S3 when configured. */
  fileStorage: FileStorage;
  /** The audit log's signing key, published heads and publisher (shared/audit). */
  auditLog: AuditLog;
  projections: readonly Projection[];
  close(): Promise<void>;
};

/** Creates the tables this process relies on; safe to run from several processes at once. */
export async function migrate(sql: Sql, options: { postgresEventStore: boolean }) {
  if (options.postgresEventStore) await ensureEventStoreSchema(sql);
  await ensureCheckpointSchema(sql);
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext('personal_data_schema'))`;
    await tx.unsafe(PERSONAL_DATA_SCHEMA);
    await tx.unsafe(PENDING_REGISTRATION_SCHEMA);
    await tx.unsafe(PERSONAL_RECORDS_SCHEMA);
  });
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext('idempotency_schema'))`;
    await tx.unsafe(IDEMPOTENCY_SCHEMA);
  });
}

export async function resolveDatabaseUrl(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>,
  log?: (message: string) => void,
): Promise<{ url: string; embedded: EmbeddedPostgres | null }> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, embedded: null };
  const embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, log });
  return { url: await ensureDatabase(embedded.url, 'marketplace'), embedded };
}

export async function createRuntime(
  config: Config,
  options: { logger?: Logger; projections?: readonly Projection[]; databaseUrl?: string } = {},
): Promise<Runtime> {
  const logger = options.logger;
  const projections = options.projections ?? allProjections;
  const { url, embedded } = options.databaseUrl
    ? { url: options.databaseUrl, embedded: null }
    : await resolveDatabaseUrl(config);
  const sql = connect(url, { max: config.DATABASE_POOL_SIZE, applicationName: 'marketplace-api' });
  const closers: Array<() => Promise<unknown>> = [];
  try {
    await migrate(sql, { postgresEventStore: !config.EVENTSTORE_URL });
    const store = await openEventStore({
      databaseUrl: url,
      eventStoreUrl: config.EVENTSTORE_URL,
      postgres: { poolSize: halfPoolSize(config) },
    });
    const gateway = createSandboxGateway();
    const fileStorage = openFileStorage(config);
    const narrator = createDisputeNarrator(config, logger);
    const auditLog = await openAuditLog(config, store, fileStorage);
    closers.push(() => store.close());
    const checkpoints = await CheckpointWatcher.start(
      sql,
      projections.map((p) => p.name),
    );
    closers.push(() => checkpoints.close());

    let runner: ProjectionRunner | null = null;
    if (config.RUN_PROJECTIONS) {
      runner = new ProjectionRunner({
        sql,
        store,
        projections,
        onCheckpoint: (name, position, changed) => checkpoints.update(name, position, changed),
        logger: logger ? { info: (o, m) => logger.info(o, m), error: (o, m) => logger.error(o, m) } : undefined,
      });
      await runner.start();
      const started = runner;
      closers.push(() => started.stop());
      closers.push(startEmailSender(sql, config, logger).stop);
      closers.push(startScheduledJobs(sql, store, allScheduledJobs, { logger, gateway, narrator, auditLog }).stop);
    }

    let redis: Redis | null = null;
    if (config.REDIS_URL) {
      redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: false, lazyConnect: true });
      await redis.connect();
      const connected = redis;
      closers.push(() => connected.quit());
    }

    return {
      databaseUrl: url,
      sql,
      store,
      checkpoints,
      answerCaches: createAnswerCaches(checkpoints),
      runner,
      redis,
      gateway,
      locks: postgresMoneyLocks(sql),
      fileStorage,
      auditLog,
      projections,
      async close() {
        for (const close of closers.reverse()) await close().catch(() => {});
        await sql.end({ timeout: 5 });
        await embedded?.stop();
      },
    };
  } catch (error) {
    for (const close of closers.reverse()) await close().catch(() => {});
    await sql.end({ timeout: 1 }).catch(() => {});
    await embedded?.stop();
    throw error;
  }
}
