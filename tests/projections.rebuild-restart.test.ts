import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCheckpointSchema } from '../infrastructure/projections/checkpoints.ts';
import { defineFoldedProjection, foldedTable } from '../infrastructure/projections/folded-rows.ts';
import { rebuildProjections, UNFINISHED_REBUILD_VERSION } from '../infrastructure/projections/rebuild.ts';
import { RebuildMemory } from '../infrastructure/projections/rebuild-memory.ts';
import { applyBatch, prepareProjection } from '../infrastructure/projections/runner.ts';
import type { Projection } from '../infrastructure/projections/types.ts';
import { accountsProjection } from '../projections/accounts.ts';
import { connect, type Sql } from '../shared/db/postgres.ts';
import type { AccountEvent } from '../shared/domain/accounts/events.ts';
import { comparePositions, START, type EventStore, type RecordedEvent } from '../shared/eventstore/types.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';

/**
 * A folded read model's rebuild holds rows in memory across windows and drops the secondary
 * indexes until its end: a rebuild that dies before then must leave the read model to be rebuilt
 * from zero (not resumed from a checkpoint its rows lag behind), with its indexes.
 */
let database: TestDatabase;
let sql: Sql;

beforeAll(async () => {
  database = await createTestDatabase('rebuild_restart');
  sql = connect(database.url, { max: 4 });
  await ensureCheckpointSchema(sql);
});

afterAll(async () => {
  await sql?.end({ timeout: 5 });
  await database?.drop();
});

/** Accounts by role, with a secondary index the rebuild drops and recreates. */
const byRole = defineFoldedProjection<AccountEvent, { accounts: { account_id: string; role: string } }>({
  name: 'test-accounts-by-role',
  version: 1,
  handles: ['AccountRegistered'],
  schema: `
    create table if not exists rm_test_roles (account_id uuid primary key, role text not null);
    create index if not exists rm_test_roles_role on rm_test_roles (role);`,
  reset: 'drop table if exists rm_test_roles',
  tables: { accounts: foldedTable('rm_test_roles', ['account_id']) },
  keys: (event) => ({ accounts: [[event.data.accountId]] }),
  fold(event, { accounts }) {
    if (event.type === 'AccountRegistered') accounts.put({ account_id: event.data.accountId, role: event.data.role });
  },
});

const log: RecordedEvent[] = Array.from({ length: 40 }, (_, i) => {
  const accountId = randomUUID();
  const position = BigInt(i + 1);
  return {
    id: randomUUID(),
    streamId: `account-${accountId}`,
    revision: 0n,
    type: 'AccountRegistered',
    data: { accountId, role: i % 2 === 0 ? 'customer' : 'contractor', registeredAt: '2026-01-01T00:00:00.000Z' },
    metadata: {},
    recordedAt: new Date(),
    position: { commit: position, prepare: position },
  } as RecordedEvent;
});

/** The log in memory; with `failAfter`, reads past that many events fail, as a dying rebuild's would. */
function storeOf(failAfter = Infinity): Pick<EventStore, 'readAll' | 'headPosition'> {
  return {
    async readAll(options = {}) {
      const after = options.after;
      const rest = log.filter((event) => !after || comparePositions(event.position, after) > 0);
      const page = rest.slice(0, options.limit ?? 1000);
      if (page.length > 0 && Number(page[page.length - 1]!.position.prepare) > failAfter) {
        throw new Error('the rebuild died');
      }
      return page;
    },
    headPosition: async () => log[log.length - 1]!.position,
  };
}

const rows = (table: string) => sql.unsafe<{ account_id: string }[]>(`select account_id from ${table} order by 1`);
const expected = () => log.map((event) => (event.data as { accountId: string }).accountId).sort();
const indexes = async () =>
  (await sql<{ name: string }[]>`select indexname as name from pg_indexes where tablename = 'rm_test_roles'`)
    .map((row) => row.name)
    .sort();

describe('a folded read model whose rebuild dies', () => {
  it('is rebuilt from zero by the next worker, with its indexes', async () => {
    for (const projection of [accountsProjection, byRole]) {
      await expect(
        rebuildProjections(sql, storeOf(25), [projection], { readSize: 10, windowSize: 10 }),
      ).rejects.toThrow('the rebuild died');
      // Windows were applied and their checkpoint moved, but the rows wait in memory for the end.
      const [checkpoint] = await sql<{ version: number }[]>`
        select version from projection_checkpoints where name = ${projection.name}`;
      expect(checkpoint!.version).toBe(UNFINISHED_REBUILD_VERSION);
      // A worker starting next resumes nothing: it resets the read model and starts at the log's start.
      let position = await prepareProjection(sql, projection);
      expect(position).toEqual(START);
      for (;;) {
        const batch = await applyBatch(sql, storeOf(), projection, position, 7);
        if (batch.count === 0) break;
        position = batch.position;
      }
    }
    expect((await rows('rm_accounts')).map((row) => row.account_id)).toEqual(expected());
    expect((await rows('rm_test_roles')).map((row) => row.account_id)).toEqual(expected());
    expect(await indexes()).toEqual(['rm_test_roles_pkey', 'rm_test_roles_role']);
  });

  it('a rebuild that finishes writes every row, puts the indexes back and its version', async () => {
    const done = await rebuildProjections(sql, storeOf(), [accountsProjection, byRole], {
      readSize: 10,
      windowSize: 10,
      rowBudget: 3,
    });
    expect(done.events).toBe(log.length);
    // The rate is over the whole pass, its finish included; the counts and times are reported.
    expect(done.eventsPerSecond).toBeCloseTo(done.events / done.seconds, 6);
    expect(done.eventsByType).toEqual({ AccountRegistered: log.length });
    expect(Object.keys(done.readModelSeconds).sort()).toEqual(['accounts', 'test-accounts-by-role']);
    expect(done.readModelEvents).toEqual({ accounts: log.length, 'test-accounts-by-role': log.length });
    expect((await rows('rm_accounts')).map((row) => row.account_id)).toEqual(expected());
    expect((await rows('rm_test_roles')).map((row) => row.account_id)).toEqual(expected());
    expect(await indexes()).toEqual(['rm_test_roles_pkey', 'rm_test_roles_role']);
    const checkpoints = await sql<{ name: string; version: number }[]>`
      select name, version from projection_checkpoints where name in ('accounts', 'test-accounts-by-role') order by name`;
    expect(checkpoints).toEqual([
      { name: 'accounts', version: accountsProjection.version },
      { name: 'test-accounts-by-role', version: 1 },
    ]);
  });

  it('holds the rows of the read models with their own rebuild path in one memory of rowBudget rows', async () => {
    const memories: (RebuildMemory | undefined)[] = [];
    const spying = (projection: Projection): Projection => ({
      ...projection,
      rebuild: (options) => {
        memories.push(options?.memory);
        return projection.rebuild!(options);
      },
    });
    const both = [spying(byRole), spying(accountsProjection)];
    await rebuildProjections(sql, storeOf(), both, { rowBudget: 4, readSize: 10, windowSize: 10 });
    const [shared] = memories;
    expect(shared).toBeInstanceOf(RebuildMemory);
    expect(memories).toEqual([shared, shared]);
    expect(shared!.limit).toBe(4);
    // Every row written out and let go at the end.
    expect(shared!.rows).toBe(0);
    expect((await rows('rm_accounts')).map((row) => row.account_id)).toEqual(expected());
    expect((await rows('rm_test_roles')).map((row) => row.account_id)).toEqual(expected());
    memories.length = 0;
    await rebuildProjections(sql, storeOf(), both);
    expect(memories.map((memory) => memory?.limit)).toEqual([1_200_000, 1_200_000]);
    expect((await rows('rm_test_roles')).map((row) => row.account_id)).toEqual(expected());
  });
});
