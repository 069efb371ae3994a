import { accountsProjection } from '../projections/accounts.ts';
import { escrowsProjection } from '../projections/escrows.ts';
import { ensureCheckpointSchema } from '../infrastructure/projections/checkpoints.ts';
import { rebuildProjections, formatProgress } from '../infrastructure/projections/rebuild.ts';
import { applyBatch, resetProjection } from '../infrastructure/projections/runner.ts';
import { connect, type Sql } from '../shared/db/postgres.ts';
import { PostgresEventStore } from '../shared/eventstore/postgres.ts';
import { START } from '../shared/eventstore/types.ts';
import type { Projection } from '../infrastructure/projections/types.ts';
import { rawInsertRate } from './raw-inserts.ts';
import type { Row } from './support.ts';

export const REBUILD_TARGET_PER_SECOND = 50_000;
/** A rebuild runs at least at this share of the rate of raw multi-row inserts of the rows it makes. */
export const REBUILD_TARGET_RAW_SHARE = 0.5;
/**
 * One account in 50 is suspended and restored: updates are 4 % of the account log. Suspensions are
 * rare in a marketplace.
 */
const SUSPENDED_EVERY = 50;
/** Escrow lifecycles per account registration: created, funded, marked complete, released. */
const JOBS_PER_ACCOUNT = 0.25;

/**
 * Read-model rebuild speed over a log of `events` account registrations (with a suspension and a
 * restoration for every 50th account) and a quarter as many escrow lifecycles (created, funded,
 * marked complete, released: four events each, written in four sweeps so that a job's events lie
 * far apart in the log, as a week between funding and release puts them). The events are written
 * straight into the log in the escrow and account modules' event shapes (writing millions through
 * the deciders would measure appends, which have their own lines). Then:
 * - both read models are rebuilt from zero the way `npm run projections:rebuild -- --all` does it:
 *   one pass over the log, windows applied set-based, each read model in its own transaction;
 * - each is rebuilt alone, and its final rows are inserted again, raw, into an empty copy of its
 *   table with multi-row inserts of the same size: the rebuild's rate in rows/s is held to half of
 *   that, measured in the same run, so a slow host neither hides nor fakes the result;
 * - the accounts read model is applied one event per batch over its first 100,000 events (a load
 *   and an upsert each): the live path at its slowest.
 */
export async function benchRebuild(
  databaseUrl: string,
  options: { events: number; batchSize: number },
): Promise<Row[]> {
  const store = await PostgresEventStore.connect(databaseUrl);
  const sql = connect(databaseUrl, { max: 6, idleInTransactionTimeoutMs: 300_000 });
  try {
    await ensureCheckpointSchema(sql);
    await writeAccountLog(sql, options.events);
    const jobs = Math.floor(options.events * JOBS_PER_ACCOUNT);
    await writeEscrowLog(sql, jobs);
    await sql`analyze es_events`;
    const [{ total }] = await sql<[{ total: number }]>`select count(*)::int as total from es_events`;
    const label = `${total.toLocaleString('en-CA')} events`;
    const count = (n: number) => Math.round(n).toLocaleString('en-CA');

    const all = await rebuildProjections(sql, store, [accountsProjection, escrowsProjection], {
      onProgress: (progress) => process.stdout.write(`\r  ${formatProgress(progress)}   `),
    });
    process.stdout.write('\n');
    await expectRows(sql, 'rm_accounts', options.events);
    await expectRows(sql, 'rm_escrows', jobs);
    const rows: Row[] = [
      {
        metric: `rebuild of every set-based read model in one pass (accounts, escrows; ${label})`,
        value: `${count(all.eventsPerSecond)} events/s (${all.seconds.toFixed(1)} s)`,
        target: `>= ${count(REBUILD_TARGET_PER_SECOND)}/s`,
        pass: all.eventsPerSecond >= REBUILD_TARGET_PER_SECOND,
      },
    ];
    for (const [projection, table] of [
      [accountsProjection, 'rm_accounts'],
      [escrowsProjection, 'rm_escrows'],
    ] as const) {
      const alone = await rebuildProjections(sql, store, [projection]);
      const raw = await rawInsertRate(databaseUrl, [table], { chunk: options.batchSize });
      const rebuiltPerSecond = raw.rows / alone.seconds;
      const rawPerSecond = raw.rowsPerSecond;
      const share = rebuiltPerSecond / rawPerSecond;
      rows.push({
        metric: `rebuild of ${projection.name} alone: ${count(raw.rows)} rows from ${label} / raw multi-row inserts of the same rows`,
        value: `${count(rebuiltPerSecond)} / ${count(rawPerSecond)} rows/s (${share.toFixed(2)}; ${count(alone.eventsPerSecond)} events/s)`,
        target: `>= ${REBUILD_TARGET_RAW_SHARE} of raw`,
        pass: share >= REBUILD_TARGET_RAW_SHARE,
      });
    }
    const perEvent = await applyOneByOne(sql, store, { ...accountsProjection, applyAll: undefined }, 100_000);
    rows.push({
      metric: `accounts applied one event per batch (first ${count(perEvent.applied)} events)`,
      value: `${count(perEvent.perSecond)} events/s`,
      target: 'info: the live path at its slowest, a load and a write per event',
      pass: null,
    });
    return rows;
  } finally {
    await store.close();
    await sql.end({ timeout: 5 });
  }
}

async function expectRows(sql: Sql, table: string, expected: number) {
  const [{ rows }] = await sql.unsafe<[{ rows: number }]>(`select count(*)::int as rows from ${table}`);
  if (rows !== expected) throw new Error(`the rebuild left ${rows} rows in ${table}, not ${expected}`);
}

/** Per account n: registered; every 50th also suspended and then restored, after all registrations. */
async function writeAccountLog(sql: Sql, accounts: number) {
  const chunk = 100_000;
  for (let from = 0; from < accounts; from += chunk) {
    const to = Math.min(accounts, from + chunk) - 1;
    await sql`
      insert into es_events (stream_id, stream_revision, event_id, type, data, metadata)
      select 'account-' || md5(n::text)::uuid, 0, gen_random_uuid(), 'AccountRegistered',
        jsonb_build_object('accountId', md5(n::text)::uuid, 'role', case when n % 3 = 0 then 'contractor' else 'customer' end,
          'registeredAt', '2026-01-01T00:00:00Z'),
        '{}'::jsonb
      from generate_series(${from}::int, ${to}::int) as n`;
  }
  const suspended = Math.floor(accounts / SUSPENDED_EVERY);
  await sql`
    insert into es_events (stream_id, stream_revision, event_id, type, data, metadata)
    select 'account-' || md5((n * ${SUSPENDED_EVERY}::int)::text)::uuid, r, gen_random_uuid(),
      case when r = 1 then 'AccountSuspended' else 'AccountRestored' end,
      case when r = 1 then jsonb_build_object('accountId', md5((n * ${SUSPENDED_EVERY}::int)::text)::uuid, 'suspendedAt', '2026-02-01T00:00:00Z',
          'suspendedBy', '00000000-0000-4000-8000-000000000000', 'reason', 'Bench suspension')
        else jsonb_build_object('accountId', md5((n * ${SUSPENDED_EVERY}::int)::text)::uuid, 'restoredAt', '2026-02-02T00:00:00Z',
          'restoredBy', '00000000-0000-4000-8000-000000000000') end,
      '{}'::jsonb
    from generate_series(0, ${suspended - 1}::int) as n, generate_series(1, 2) as r`;
}

/**
 * Job n's escrow: created, funded, marked complete and released ($500 at the 10 % tier, HST 13 %
 * on the fee), one sweep per step, in chunks: a job's four events are a whole sweep apart.
 */
async function writeEscrowLog(sql: Sql, jobs: number) {
  const chunk = 100_000;
  const steps = ['EscrowCreated', 'EscrowFunded', 'WorkMarkedComplete', 'EscrowReleased'] as const;
  for (const [revision, type] of steps.entries()) {
    for (let from = 0; from < jobs; from += chunk) {
      const to = Math.min(jobs, from + chunk) - 1;
      await sql`
        insert into es_events (stream_id, stream_revision, event_id, type, data, metadata)
        select 'escrow-' || job, ${revision}::int, gen_random_uuid(), ${type},
          case ${type}::text
            when 'EscrowCreated' then jsonb_build_object('jobId', job, 'contractVersion', 1, 'customerId', customer,
              'contractorId', contractor, 'amountCents', 50000, 'contractorProvince', 'ON',
              'fee', jsonb_build_object('reading', 'transaction', 'tierId', 'standard', 'rateBps', 1000, 'feeCents', 5000,
                'taxLines', jsonb_build_array(jsonb_build_object('code', 'HST', 'ratePcm', 13000, 'cents', 650))),
              'startsAt', null, 'createdAt', '2026-03-01T12:00:00Z')
            when 'EscrowFunded' then jsonb_build_object('jobId', job, 'customerId', customer, 'contractorId', contractor,
              'amountCents', 50000, 'paymentId', 'pay_' || n, 'cardBrand', 'visa', 'cardLast4', '4242',
              'fundedAt', '2026-03-01T12:05:00Z')
            when 'WorkMarkedComplete' then jsonb_build_object('jobId', job, 'customerId', customer,
              'contractorId', contractor, 'note', null, 'completedAt', '2026-03-08T17:00:00Z',
              'autoReleaseAt', '2026-03-22T17:00:00Z')
            else jsonb_build_object('jobId', job, 'customerId', customer, 'contractorId', contractor,
              'trigger', 'approval', 'amountCents', 50000,
              'fee', jsonb_build_object('reading', 'transaction', 'tierId', 'standard', 'rateBps', 1000, 'feeCents', 5000,
                'taxLines', jsonb_build_array(jsonb_build_object('code', 'HST', 'ratePcm', 13000, 'cents', 650))),
              'contractorNetCents', 44350,
              'payout', jsonb_build_object('payoutId', 'po_' || n, 'amountCents', 44350, 'dueOn', '2026-03-10'),
              'releasedAt', '2026-03-09T09:00:00Z')
          end,
          '{}'::jsonb
        from (
          select n, md5('job' || n)::uuid::text as job, md5('customer' || (n % 5000))::uuid::text as customer,
            md5('contractor' || (n % 3000))::uuid::text as contractor
          from generate_series(${from}::int, ${to}::int) as n
        ) as j`;
    }
  }
}

async function applyOneByOne(sql: Sql, store: PostgresEventStore, projection: Projection, limit: number) {
  await resetProjection(sql, projection);
  const started = performance.now();
  let position = START;
  let applied = 0;
  while (applied < limit) {
    const batch = await applyBatch(sql, store, projection, position, 2000);
    if (batch.count === 0) break;
    applied += batch.count;
    position = batch.position;
  }
  return { applied, perSecond: applied / ((performance.now() - started) / 1000) };
}
