import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  benchScale,
  checkEventShape,
  contractorIdOf,
  generateScaleLog,
  rebuildScaleReadModels,
  waitUntilReadable,
  writeScaleLog,
} from '../bench/scale.ts';
import { projectionByName } from '../projections/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { createTestDatabase } from './support/database.ts';
import { awaitTheSiteBuild } from './support/built-site.ts';

/**
 * The scale bench's generator (bench/scale.ts) at a tiny size: every event it writes parses with
 * its module's zod schema, and the rebuild makes the read models the routes read with the counts
 * the sizes imply, in processes started as the rebuild command starts its own.
 */
const sizes = { contractors: 12, orders: 40, customers: 8 };
let t: TestApp;

awaitTheSiteBuild();

beforeAll(async () => {
  t = await createTestApp();
  // The rebuild owns the read models here: the runner would apply the same events again.
  await t.runtime.runner!.stop();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the scale bench generator', () => {
  it('writes only events that parse with their modules’ schemas, in order within each stream', () => {
    const revisions = new Map<string, number>();
    let events = 0;
    for (const batch of generateScaleLog(sizes, 7)) {
      expect(batch.length).toBeLessThanOrEqual(7);
      for (const { stream, revision, event } of batch) {
        expect(() => checkEventShape(event.type, event.data)).not.toThrow();
        expect(revision).toBe((revisions.get(stream) ?? -1) + 1);
        revisions.set(stream, revision);
        events++;
      }
    }
    // Per contractor 6 (registered, profile, area, hours, 2 offerings), per customer 1, per order
    // 3 if open (one in five), else 12.
    const open = Math.ceil(sizes.orders / 5);
    expect(events).toBe(sizes.contractors * 6 + sizes.customers + open * 3 + (sizes.orders - open) * 12);
  });

  it('rejects an event whose data does not match its schema', () => {
    expect(() => checkEventShape('AccountRegistered', { accountId: 'not-a-uuid', role: 'contractor' })).toThrow();
  });

  it('builds the read models the directory, the job board and the profile read', async () => {
    const sql = t.runtime.sql;
    const written = await writeScaleLog(sql, sizes, { sampleEvery: 1 });
    const [{ stored }] = await sql<[{ stored: number }]>`select count(*)::int as stored from es_events`;
    expect(stored).toBeGreaterThanOrEqual(written);
    await waitUntilReadable(sql);
    const counted = async (query: Promise<{ n: number }[]>) => (await query)[0]!.n;
    // In processes of their own, as the rebuild command runs it.
    const { pass, perReadModel } = await rebuildScaleReadModels(t.database.url, { quiet: true });
    expect(pass.events).toBeGreaterThan(0);
    expect(pass.events).toBeLessThanOrEqual(stored);
    // Each read model's time and events are reported, a fold's rebuild path included, and the four
    // largest are set-based. A read model the log has no events for is handed none.
    const timed = new Map(perReadModel.map((r) => [r.name, r]));
    for (const name of ['contractor-directory', 'work-orders', 'contractor-crm', 'conversations', 'escrows']) {
      expect(timed.get(name), name).toMatchObject({ setBased: true });
      expect(timed.get(name)!.seconds, name).toBeGreaterThan(0);
    }
    for (const name of ['contractor-directory', 'work-orders', 'contractor-crm', 'conversations'])
      expect(timed.get(name)!.events, name).toBeGreaterThan(0);
    expect(timed.get('work-orders')!.events).toBe(
      await counted(
        sql`select count(*)::int as n from es_events where type = any(${[...projectionByName('work-orders')!.handles]})`,
      ),
    );
    expect(timed.get('feedback-board')!.events).toBe(0);

    const open = Math.ceil(sizes.orders / 5);
    expect(await counted(sql`select count(*)::int as n from rm_contractor_directory`)).toBe(sizes.contractors);
    expect(
      await counted(
        sql`select count(*)::int as n from rm_contractor_directory where lat is not null and has_availability`,
      ),
    ).toBe(sizes.contractors);
    expect(await counted(sql`select sum(completed_jobs)::int as n from rm_contractor_directory`)).toBe(
      sizes.orders - open,
    );
    expect(await counted(sql`select count(*)::int as n from rm_contractor_reviews`)).toBe(sizes.orders - open);
    expect(await counted(sql`select count(*)::int as n from rm_work_orders`)).toBe(sizes.orders);
    expect(await counted(sql`select count(*)::int as n from rm_work_orders where status = 'open'`)).toBe(open);
    expect(await counted(sql`select count(*)::int as n from rm_bookings`)).toBe(sizes.orders - open);
    expect(await counted(sql`select count(*)::int as n from account_personal where name like 'Contractor %'`)).toBe(
      sizes.contractors,
    );
    const [first] = await sql<{ offerings: unknown[] }[]>`
      select offerings from rm_contractor_directory where contractor_id = ${contractorIdOf(0)}`;
    expect(first!.offerings).toHaveLength(2);
  }, 120_000);
});

describe('the scale bench', () => {
  it('runs end to end on an empty database: it creates the tables it writes, rebuilds, starts the API and measures', async () => {
    const database = await createTestDatabase('scale_empty');
    try {
      const rows = await benchScale(database.url, {
        contractors: 6,
        orders: 10,
        customers: 3,
        seconds: 1,
        connections: 2,
      });
      const metrics = rows.map((row) => row.metric);
      expect(metrics.some((metric) => metric.startsWith('scale: every read model rebuilt'))).toBe(true);
      expect(metrics.some((metric) => metric.startsWith('scale: warm start'))).toBe(true);
      // The rebuild is held to raw inserts of the rows it made, measured in the same run.
      const raw = rows.find((row) => row.metric.startsWith('scale: every read model rebuilt / raw multi-row inserts'));
      expect(raw?.metric).toMatch(/of the same [\d,]+ rows/);
      expect(raw?.value).toMatch(
        /^[\d,]+ \/ [\d,]+ rows\/s \(\d+\.\d\d; the raw inserts alone: \d+ s, [\d,]+ events\/s\)$/,
      );
      expect(typeof raw?.pass).toBe('boolean');
      const routes = rows.filter((row) => /^scale: (directory|job board|contractor profile)/.test(row.metric));
      expect(routes).toHaveLength(3);
      for (const route of routes) expect(route.value).toMatch(/^p50 \d+ ms, p99 \d+ ms, [\d,]+ req\/s$/);
    } finally {
      await database.drop();
    }
  }, 180_000);
});
