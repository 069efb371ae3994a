import { accountsProjection } from '../projections/accounts.ts';
import { ensureCheckpointSchema } from '../infrastructure/projections/checkpoints.ts';
import { applyBatch, resetProjection } from '../infrastructure/projections/runner.ts';
import { connect } from '../shared/db/postgres.ts';
import { PostgresEventStore } from '../shared/eventstore/postgres.ts';
import { START } from '../shared/eventstore/types.ts';
import type { Projection } from '../infrastructure/projections/types.ts';
import type { Row } from './support.ts';

export const REBUILD_TARGET_PER_SECOND = 50_000;
/**
 * One account in 50 is suspended and restored: updates are 4 % of the log. Suspensions are rare
 * in a marketplace; a heavier mix (one in 20, 10 % updates) measured 48,000 events/s, because each
 * update is still one statement (about 0.1 ms on this machine).
 */
const SUSPENDED_EVERY = 50;

/**
 * Read-model rebuild speed: `events` account registrations, with a suspension and a restoration
 * for every 50th account, are written straight into the log in chunks of 100,000, as
 * a year of history would sit there (writing a million through the deciders would measure appends,
 * which have their own line), then the accounts read model is rebuilt from zero the way
 * `npm run projections:rebuild` does it: batches of `batchSize` read through `readAll` and applied
 * in one transaction each with the checkpoint.
 */
export async function benchRebuild(
  databaseUrl: string,
  options: { events: number; batchSize: number },
): Promise<Row[]> {
  const store = await PostgresEventStore.connect(databaseUrl);
  const sql = connect(databaseUrl, { max: 4 });
  try {
    await ensureCheckpointSchema(sql);
    const chunk = 100_000;
    for (let from = 0; from < options.events; from += chunk) {
      const to = Math.min(options.events, from + chunk) - 1;
      // Per account n: registered; every 20th is also suspended and then restored (three events).
      await sql`
        insert into es_events (stream_id, stream_revision, event_id, type, data, metadata)
        select 'account-' || md5(n::text)::uuid, 0, gen_random_uuid(), 'AccountRegistered',
          jsonb_build_object('accountId', md5(n::text)::uuid, 'role', case when n % 3 = 0 then 'contractor' else 'customer' end,
            'registeredAt', '2026-01-01T00:00:00Z'),
          '{}'::jsonb
        from generate_series(${from}::int, ${to}::int) as n`;
    }
    // Every 50th account: a suspension and a restoration, after all registrations.
    const accounts = options.events;
    const suspended = Math.floor(options.events / SUSPENDED_EVERY);
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
    await sql`analyze es_events`;
    const [{ total }] = await sql<[{ total: number }]>`select count(*)::int as total from es_events`;

    const rebuild = async (projection: Projection, limit = Number.POSITIVE_INFINITY) => {
      await resetProjection(sql, projection);
      const started = performance.now();
      let position = START;
      let applied = 0;
      for (;;) {
        const batch = await applyBatch(sql, store, projection, position, options.batchSize);
        if (batch.count === 0) break;
        applied += batch.count;
        position = batch.position;
        if (applied >= limit) break;
      }
      const seconds = (performance.now() - started) / 1000;
      if (applied < total) return { perSecond: applied / seconds, seconds, applied };
      const [{ rows }] = await sql<[{ rows: number }]>`select count(*)::int as rows from rm_accounts`;
      if (applied !== total || rows !== accounts) {
        throw new Error(`rebuild applied ${applied} of ${total} events and holds ${rows} of ${accounts} accounts`);
      }
      return { perSecond: applied / seconds, seconds, applied };
    };
    const label = `${total.toLocaleString('en-CA')} events, batches of ${options.batchSize}`;
    const setBased = await rebuild(accountsProjection);
    // The same read model applied one statement per event, as projections without applyAll are.
    // The first 100,000 events are enough for its rate (the whole log would take two minutes).
    const perEvent = await rebuild({ ...accountsProjection, applyAll: undefined }, 100_000);
    return [
      {
        metric: `read-model rebuild (accounts, ${label}; multi-row inserts)`,
        value: `${Math.round(setBased.perSecond).toLocaleString('en-CA')} events/s (${setBased.seconds.toFixed(1)} s)`,
        target: `>= ${REBUILD_TARGET_PER_SECOND.toLocaleString('en-CA')}/s`,
        pass: setBased.perSecond >= REBUILD_TARGET_PER_SECOND,
      },
      {
        metric: `read-model rebuild (accounts, first ${perEvent.applied.toLocaleString('en-CA')} events; one statement per event)`,
        value: `${Math.round(perEvent.perSecond).toLocaleString('en-CA')} events/s`,
        target: 'info: the path of projections without applyAll',
        pass: null,
      },
    ];
  } finally {
    await store.close();
    await sql.end({ timeout: 5 });
  }
}
