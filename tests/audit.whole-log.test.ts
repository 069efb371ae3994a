import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAuditPublisher, createHeadReader, HEADS_FOLDER, type HeadFile } from '../shared/audit/log.ts';
import { createSigner } from '../shared/audit/signing.ts';
import { verifyWholeLog, type LogAudit } from '../shared/audit/verify.ts';
import { connect } from '../shared/db/postgres.ts';
import { openEventStore, type EventStore, type EventStoreOptions } from '../shared/eventstore/index.ts';
import { createLocalFileStorage } from '../shared/storage/file-storage.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { waitUntil } from './support/wait.ts';

/**
 * The whole-log verification on worker threads cuts the store at the positions heads were published
 * at and compares the stretches in order. These tests hold it to the single pass: on an intact log
 * and on each kind of rewrite, with the cuts where the heads say and where a forger says, the
 * answer is the one-pass answer, word for word.
 */
const signer = createSigner(generateKeyPairSync('ed25519').privateKey);
let cleanup: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

/** 12 escrow streams of 4 events, interleaved with unaudited events, a head published every 5 appends. */
async function publishedLog() {
  const database: TestDatabase = await createTestDatabase('audit_whole');
  const options: EventStoreOptions = { databaseUrl: database.url, postgres: { listen: false } };
  const store: EventStore = await openEventStore(options);
  const dir = await mkdtemp(path.join(tmpdir(), 'audit-whole-'));
  cleanup.push(
    async () => store.close(),
    async () => database.drop(),
    async () => rm(dir, { recursive: true, force: true }),
  );
  const storage = createLocalFileStorage(dir);
  const publisher = createAuditPublisher({ store, storage, signer });
  const heads = createHeadReader(storage);
  // Events of transactions still open anywhere on the server are not readable yet (the store's
  // snapshot rule; other test files share the server), so each publish is retried until its head
  // holds every audited event appended so far: a head every 5 entries, however busy the server.
  const publishAll = (size: number) =>
    waitUntil(async () => {
      await publisher.publish();
      return (await heads.latest())?.treeHead.size === size ? true : undefined;
    });
  const streams = Array.from({ length: 12 }, () => `escrow-${randomUUID()}`);
  let appended = 0;
  for (const step of ['Created', 'Funded', 'WorkCompleted', 'Released']) {
    for (const [i, stream] of streams.entries()) {
      await store.append(stream, [{ type: `Escrow${step}`, data: { amountCents: 1000 + i, step } }]);
      await store.append(`listing-${randomUUID()}`, [{ type: 'ListingViewed', data: { i } }]);
      if (++appended % 5 === 0) await publishAll(appended);
    }
  }
  await publishAll(48);
  const sql = connect(database.url, { max: 1 });
  cleanup.push(async () => sql.end({ timeout: 5 }));
  /** Both ways: one pass, and two threads with a cut after about every 5 entries. */
  async function verifyBothWays(): Promise<{ onePass: LogAudit; onThreads: LogAudit }> {
    const deps = { store, heads: createHeadReader(storage), publicKey: signer.publicKey };
    const onePass = await verifyWholeLog(deps);
    const onThreads = await verifyWholeLog({
      ...deps,
      heads: createHeadReader(storage),
      parallel: { threads: 2, open: options, rangeEntries: 5 },
    });
    return { onePass, onThreads };
  }
  /** The audited rows in the store's global order. */
  const auditedRows = () =>
    sql<{ stream_id: string; stream_revision: string }[]>`
      select stream_id, stream_revision::text from es_events
      where stream_id like 'escrow-%' order by transaction_id, global_position`;
  return { sql, dir, streams, verifyBothWays, auditedRows };
}

describe('the whole-log verification on worker threads', () => {
  it('answers as one pass does over an intact log of many heads', async () => {
    const log = await publishedLog();
    const { onePass, onThreads } = await log.verifyBothWays();
    expect(onePass).toMatchObject({ ok: true, entriesChecked: 48, problem: null });
    expect(onePass.headsChecked).toBeGreaterThanOrEqual(9);
    expect(onThreads).toEqual(onePass);
  }, 60_000);

  it('names the same first bad entry for an altered, an inserted and a deleted event', async () => {
    const log = await publishedLog();
    const rows = await log.auditedRows();
    const [altered, deleted] = [rows[17]!, rows[30]!];
    // An amount changed (late in the log, so earlier stretches all match first), then put back.
    const where = log.sql`stream_id = ${altered.stream_id} and stream_revision = ${altered.stream_revision}::bigint`;
    const [original] = await log.sql<{ data: string }[]>`select data::text as data from es_events where ${where}`;
    await log.sql`update es_events set data = jsonb_set(data, '{amountCents}', '1') where ${where}`;
    let { onePass, onThreads } = await log.verifyBothWays();
    expect(onePass).toMatchObject({
      ok: false,
      entriesChecked: 17,
      problem: {
        stream: altered.stream_id,
        revision: altered.stream_revision,
        reason: expect.stringMatching(/^altered/),
      },
    });
    expect(onThreads).toEqual(onePass);
    await log.sql`update es_events set data = ${original!.data}::text::jsonb where ${where}`;
    const restored = await log.verifyBothWays();
    expect(restored.onePass, JSON.stringify(restored)).toMatchObject({ ok: true });
    expect(restored.onThreads).toEqual(restored.onePass);

    // An unaudited event turned into an audited one in the middle of the log (an insertion).
    const [unaudited] = await log.sql<{ stream_id: string }[]>`
      select stream_id from es_events where stream_id like 'listing-%' order by transaction_id, global_position offset 20 limit 1`;
    await log.sql`update es_events set stream_id = ${`escrow-${randomUUID()}`} where stream_id = ${unaudited!.stream_id}`;
    ({ onePass, onThreads } = await log.verifyBothWays());
    expect(onePass).toMatchObject({ ok: false, problem: { reason: expect.stringMatching(/^deleted or moved/) } });
    expect(onThreads).toEqual(onePass);

    // An audited event deleted further on: the insertion above is still named first.
    await log.sql`delete from es_events where stream_id = ${deleted.stream_id} and stream_revision = ${deleted.stream_revision}::bigint`;
    const withBoth = await log.verifyBothWays();
    expect(withBoth.onThreads).toEqual(withBoth.onePass);
    expect(withBoth.onePass.problem).toEqual(onePass.problem);
  }, 60_000);

  it('answers as one pass does when the last event alone is gone', async () => {
    const log = await publishedLog();
    const rows = await log.auditedRows();
    const last = rows[rows.length - 1]!;
    await log.sql`delete from es_events where stream_id = ${last.stream_id} and stream_revision = ${last.stream_revision}::bigint`;
    const { onePass, onThreads } = await log.verifyBothWays();
    expect(onePass).toMatchObject({
      ok: false,
      entriesChecked: 47,
      problem: { stream: last.stream_id, reason: 'deleted: the store ends before this published entry' },
    });
    expect(onThreads).toEqual(onePass);
  }, 60_000);

  it('gives the same answer when the unsigned position hints in the head files are forged', async () => {
    const log = await publishedLog();
    const folder = path.join(log.dir, HEADS_FOLDER);
    const files = (await readdir(folder)).sort();
    const forge = async (file: string, position: string | null) => {
      const head = JSON.parse(await readFile(path.join(folder, file), 'utf8')) as HeadFile;
      await writeFile(path.join(folder, file), JSON.stringify({ ...head, position }));
    };
    // One hint far ahead, one going backwards, one missing, one not a position at all.
    await forge(files[1]!, '999999999/999999999');
    await forge(files[3]!, '0/0');
    await forge(files[5]!, null);
    await forge(files[6]!, 'not a position');
    const { onePass, onThreads } = await log.verifyBothWays();
    expect(onePass).toMatchObject({ ok: true, entriesChecked: 48 });
    expect(onThreads).toEqual(onePass);
  }, 60_000);
});
