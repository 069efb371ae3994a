import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { checkBundle } from '../shared/audit/bundle.ts';
import { headKey, type HeadFile } from '../shared/audit/log.ts';
import { createSigner, parsePublicKey } from '../shared/audit/signing.ts';
import { eventHashV2 } from '../shared/eventstore/hash-chain.ts';
import { createLocalFileStorage } from '../shared/storage/file-storage.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { runAuditCli } from './support/audit-cli.ts';
import { Browser, createAdmin, signUp } from './support/http-client.ts';
import { idempotencyKey, moneyFlow } from './support/money-flow.ts';

let t: TestApp;
let admin: Browser;
const { fundedJob } = moneyFlow(() => t);

beforeAll(async () => {
  t = await createTestApp();
  const created = await createAdmin(t.runtime);
  admin = new Browser(t.app);
  const login = await admin.post('/api/auth/login', {
    email: created.registration.email,
    password: created.registration.password,
  });
  expect(login.statusCode).toBe(200);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** A job paid into escrow, completed and approved: EscrowCreated, Funded, WorkCompleted, Released. */
async function releasedJob() {
  const job = await fundedJob();
  const done = await job.contractor.browser.post(`/api/escrows/${job.jobId}/complete`, {}, idempotencyKey());
  expect(done.statusCode, done.body).toBe(200);
  const approved = await job.customer.browser.post(`/api/escrows/${job.jobId}/approve`, {}, idempotencyKey());
  expect(approved.statusCode, approved.body).toBe(200);
  const stream = `escrow-${job.jobId}`;
  const events = await t.runtime.store.readStream(stream);
  expect(events.length).toBeGreaterThanOrEqual(4);
  await t.runtime.auditLog.publisher.publish();
  return { ...job, stream, length: events.length, last: events[events.length - 1]! };
}

const verify = async (stream: string) => (await admin.get(`/api/audit/streams/${stream}/verify`)).json();

/** The audit CLI on the test app's database and data folder (its heads and its key). */
const cli = (...args: string[]) =>
  runAuditCli(args, { DATABASE_URL: t.runtime.databaseUrl, DATA_DIR: t.config.DATA_DIR });

/** Rewrites a stored event's row, then re-links every later event under rule 2 (an insider's rewrite). */
async function rewriteAndRelink(stream: string, revision: number, change: (row: Record<string, unknown>) => void) {
  const sql = t.runtime.sql;
  const events = await t.runtime.store.readStream(stream);
  let prevHash = (events[revision]!.metadata.prevHash as string | null) ?? null;
  for (const event of events.slice(revision)) {
    const row: Record<string, unknown> = { type: event.type, data: event.data, metadata: { ...event.metadata } };
    if (event.revision === BigInt(revision)) change(row);
    const metadata = { ...(row.metadata as Record<string, unknown>), prevHash };
    const hash = eventHashV2({ ...event, type: row.type as string, data: row.data, metadata });
    await sql`update es_events set type = ${row.type as string}, data = ${sql.json(row.data as never)},
        metadata = ${sql.json({ ...metadata, hash } as never)}
      where stream_id = ${stream} and stream_revision = ${Number(event.revision)}`;
    prevHash = hash;
  }
}

describe('the audit key and signed tree heads', () => {
  it('serves the public key at /.well-known/audit-key, and the heads it signs verify with it', async () => {
    const answer = await new Browser(t.app).get('/.well-known/audit-key');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/application\/x-pem-file/);
    expect(answer.body).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+-----END PUBLIC KEY-----\n$/);
    const key = parsePublicKey(answer.body);
    expect(answer.headers['x-audit-key-id']).toBe(t.runtime.auditLog.signer.keyId);

    await releasedJob();
    const head = await t.runtime.auditLog.heads.latest();
    expect(head).not.toBeNull();
    expect(head!.treeHead.size).toBeGreaterThan(0);
    // Written outside the database, under DATA_DIR/audit/heads.
    const file = path.join(t.config.DATA_DIR, headKey(head!.treeHead.size));
    expect((JSON.parse(await readFile(file, 'utf8')) as HeadFile).treeHead).toEqual(head!.treeHead);
    expect(t.runtime.auditLog.signer.keyId).toBe(head!.keyId);
    expect(key.equals(t.runtime.auditLog.publicKey)).toBe(true);
  });

  it('publishes nothing when the log has not grown, and a head that continues the last when it has', async () => {
    await t.runtime.auditLog.publisher.publish();
    const before = await t.runtime.auditLog.heads.latest();
    expect(await t.runtime.auditLog.publisher.publish()).toEqual([]);
    await releasedJob();
    const after = await t.runtime.auditLog.heads.latest();
    expect(after!.previousSize).toBe(before!.treeHead.size);
    expect(after!.treeHead.size).toBe(before!.treeHead.size + after!.entries.length);
    const shell = await cli('publish');
    expect(shell.code, shell.out).toBe(0);
    expect(shell.out).toContain('Nothing new to publish');
  });
});

describe('verification catches every rewrite a published head covers', () => {
  it('an intact history verifies over HTTP and from the shell, every event proven in the head', async () => {
    const job = await releasedJob();
    // The app's 30-second audit-heads job must not cover the probe appended below before it is
    // verified as pending (it did once on CI). A tick already running ends during the shell calls.
    const heldTicks = vi.spyOn(t.runtime.auditLog.publisher, 'publish').mockResolvedValue([]);
    onTestFinished(() => heldTicks.mockRestore());
    expect(await verify(job.stream)).toMatchObject({
      ok: true,
      length: job.length,
      chain: { ok: true, legacyRuleEvents: 0 },
      log: { covered: job.length, pending: 0 },
      firstBadRevision: null,
    });
    const shell = await cli('verify', job.stream);
    expect(shell.code, shell.out).toBe(0);
    expect(shell.out).toContain(`${job.length} events proven in the signed tree head`);
    const whole = await cli('verify', '--all');
    expect(whole.code, whole.out).toBe(0);
    expect(whole.out).toMatch(/Log intact: \d+ signed tree heads, \d+ entries match the store/);
    // Events after the head are checked by the chain and counted as pending.
    await t.runtime.store.append(job.stream, [{ type: 'AuditProbe', data: {} }]);
    expect(await verify(job.stream)).toMatchObject({ ok: true, log: { covered: job.length, pending: 1 } });
  });

  const cases: {
    name: string;
    tamper: (job: Awaited<ReturnType<typeof releasedJob>>) => Promise<void>;
    revision: (job: Awaited<ReturnType<typeof releasedJob>>) => string;
    reason: RegExp;
  }[] = [
    {
      name: 'one byte of the data (the amount funded)',
      tamper: async ({ stream }) => {
        await t.runtime.sql`update es_events set data = jsonb_set(data, '{amountCents}', '100001')
          where stream_id = ${stream} and stream_revision = 1`;
      },
      revision: () => '1',
      reason: /hash does not match/,
    },
    {
      name: 'who funded it (metadata actorId)',
      tamper: async ({ stream, contractor }) => {
        await t.runtime.sql`update es_events
          set metadata = jsonb_set(metadata, '{actorId}', to_jsonb(${contractor.user.id}::text))
          where stream_id = ${stream} and stream_revision = 1`;
      },
      revision: () => '1',
      reason: /hash does not match/,
    },
    {
      name: 'when the work was marked complete (metadata occurredAt)',
      tamper: async ({ stream }) => {
        await t.runtime.sql`update es_events
          set metadata = jsonb_set(metadata, '{occurredAt}', '"2020-01-01T00:00:00.000Z"')
          where stream_id = ${stream} and stream_revision = 2`;
      },
      revision: () => '2',
      reason: /hash does not match/,
    },
    {
      name: 'the amount, with every later hash recomputed (the chain alone passes)',
      tamper: ({ stream }) =>
        rewriteAndRelink(stream, 1, (row) => {
          row.data = { ...(row.data as object), amountCents: 1 };
        }),
      revision: () => '1',
      reason: /altered: the event differs from the one the tree head of size \d+ covers/,
    },
    {
      name: 'the release deleted (the last event)',
      tamper: async ({ stream, last }) => {
        await t.runtime.sql.begin(async (tx) => {
          await tx`delete from es_events where stream_id = ${stream} and stream_revision = ${Number(last.revision)}`;
          await tx`update es_streams set revision = ${Number(last.revision) - 1} where stream_id = ${stream}`;
        });
      },
      revision: ({ last }) => last.revision.toString(),
      reason: /deleted: the tree head of size \d+ covers this revision, but the stream no longer has it/,
    },
    {
      name: 'two events swapped, with the chain recomputed',
      tamper: async ({ stream }) => {
        const events = await t.runtime.store.readStream(stream);
        const [second, third] = [events[1]!, events[2]!];
        await rewriteAndRelink(stream, 1, (row) => {
          row.type = third.type;
          row.data = third.data;
        });
        await rewriteAndRelink(stream, 2, (row) => {
          row.type = second.type;
          row.data = second.data;
        });
      },
      revision: () => '1',
      reason: /altered/,
    },
  ];

  for (const { name, tamper, revision, reason } of cases) {
    it(`names the first bad revision when the database is altered: ${name}`, async () => {
      const job = await releasedJob();
      expect((await verify(job.stream)).ok).toBe(true);
      await tamper(job);
      const result = await verify(job.stream);
      expect(result).toMatchObject({ ok: false, firstBadRevision: revision(job) });
      expect(result.reason).toMatch(reason);
      const shell = await cli('verify', job.stream);
      expect(shell.code, shell.out).toBe(1);
      expect(shell.out).toContain(`Verification FAILED: ${job.stream} at revision ${revision(job)}`);
    });
  }

  it('refuses a head signed by another key (a forged head), and the whole-log check names it', async () => {
    await releasedJob();
    const latest = (await t.runtime.auditLog.heads.latest())!;
    const job = await releasedJob();
    // Someone with write access to the heads folder but not the key appends a head of their own.
    const forger = createSigner(generateKeyPairSync('ed25519').privateKey);
    // Far ahead, so no genuine head takes its size while it is there.
    const previousSize = (await t.runtime.auditLog.heads.latest())!.treeHead.size;
    const size = previousSize + 100_000;
    const forged: HeadFile = {
      ...latest,
      ...forger.sign({ ...latest.treeHead, size, timestamp: new Date().toISOString() }),
      previousSize,
      entries: [[job.stream, '99', '0'.repeat(64)]],
    };
    const storage = createLocalFileStorage(t.config.DATA_DIR);
    await storage.put(headKey(size), Buffer.from(JSON.stringify(forged)), 'application/json');
    try {
      const result = await verify(job.stream);
      expect(result.ok).toBe(false);
      expect(result.reason).toBe(`published log: the tree head of size ${size} is not signed by this log's audit key`);
      const whole = await cli('verify', '--all');
      expect(whole.code, whole.out).toBe(1);
      expect(whole.out).toContain("is not signed by this log's audit key");
      // Nor will the publisher extend it.
      await expect(t.runtime.auditLog.publisher.publish()).rejects.toThrow(/not signed by this log's key/);
    } finally {
      await storage.delete(headKey(size));
    }
  });

  it('the whole-log check names the first altered event of the log', async () => {
    // The cases above left altered streams behind: the whole-log check must name one of them.
    const broken = await cli('verify', '--all');
    expect(broken.code, broken.out).toBe(1);
    expect(broken.out).toMatch(/Log BROKEN at escrow-[0-9a-f-]+ revision \d+: (altered|deleted)/);
  });
});

describe('the offline auditor kit', () => {
  it('exports a bundle that verifies with the public key alone, and fails after one byte changes', async () => {
    const job = await releasedJob();
    const answer = await job.customer.browser.get(`/api/audit/streams/${job.stream}/bundle`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="${job.stream}.audit-bundle.json"`);
    const bundle = answer.json();
    const key = parsePublicKey((await new Browser(t.app).get('/.well-known/audit-key')).body);
    expect(checkBundle(bundle, key)).toMatchObject({ ok: true, events: job.length, covered: job.length, pending: 0 });
    const stranger = await signUp(t.app, { role: 'customer' });
    expect((await stranger.browser.get(`/api/audit/streams/${job.stream}/bundle`)).statusCode).toBe(404);

    const dir = await mkdtemp(path.join(tmpdir(), 'audit-kit-'));
    try {
      const bundleFile = path.join(dir, 'bundle.json');
      const keyFile = path.join(dir, 'audit-key.pem');
      const exported = await cli('export', job.stream, '--out', bundleFile);
      expect(exported.code, exported.out).toBe(0);
      await writeFile(keyFile, (await new Browser(t.app).get('/.well-known/audit-key')).body);
      // The check runs with no database and no data folder: only the bundle and the key.
      const checked = await checkOffline(bundleFile, keyFile);
      expect(checked.code, checked.out).toBe(0);
      expect(checked.out).toContain(`Bundle verified: ${job.stream}, ${job.length} events, ${job.length} proven`);

      // One byte: the last digit of the amount (its first mention, in EscrowCreated).
      const text = await readFile(bundleFile, 'utf8');
      const changed = text.replace('"amountCents": 100000', '"amountCents": 100001');
      expect(changed).not.toBe(text);
      await writeFile(bundleFile, changed);
      const broken = await checkOffline(bundleFile, keyFile);
      expect(broken.code, broken.out).toBe(1);
      expect(broken.out).toMatch(
        /Bundle BROKEN: escrow-[0-9a-f-]+ at revision 0: hash does not match the event content/,
      );

      // The genuine bundle against another key: the head's signature fails.
      await writeFile(bundleFile, text);
      const otherKey = generateKeyPairSync('ed25519').publicKey.export({ format: 'pem', type: 'spki' }).toString();
      await writeFile(keyFile, otherKey);
      const wrongKey = await checkOffline(bundleFile, keyFile);
      expect(wrongKey.code).toBe(1);
      expect(wrongKey.out).toContain('the tree head is not signed by this key');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('GET /api/audit/streams/:stream', () => {
  it('names each actor by their role in the history, never by name', async () => {
    const job = await releasedJob();
    const answer = await admin.get(`/api/audit/streams/${job.stream}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().roles).toEqual({ [job.customer.user.id]: 'customer', [job.contractor.user.id]: 'contractor' });
    expect(answer.json()).not.toHaveProperty('people');
    expect(answer.body).not.toContain(job.customer.user.name);
    expect(answer.body).not.toContain(job.contractor.user.name);
  });
});

describe('GET /api/audit/jobs', () => {
  it('lets an admin find a job by title words or id, and nobody else', async () => {
    const job = await releasedJob();
    const byId = await admin.get(`/api/audit/jobs?q=${job.jobId}`);
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json().jobs).toEqual([
      expect.objectContaining({
        jobId: job.jobId,
        kind: 'work-order',
        streams: { escrow: job.stream, contract: `contract-${job.jobId}`, dispute: null },
      }),
    ]);
    const title = byId.json().jobs[0].title as string;
    const byTitle = await admin.get(`/api/audit/jobs?q=${encodeURIComponent(title.split(' ')[0]!)}`);
    expect(byTitle.json().jobs.map((found: { jobId: string }) => found.jobId)).toContain(job.jobId);
    expect((await admin.get(`/api/audit/jobs?q=${encodeURIComponent('100%_\\')}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/audit/jobs?q=${'x'.repeat(201)}`)).statusCode).toBe(400);
    expect((await job.customer.browser.get('/api/audit/jobs')).statusCode).toBe(403);
    expect((await new Browser(t.app).get('/api/audit/jobs')).statusCode).toBe(401);
  });
});

/** `npm run audit -- check` in a bare environment: no DATABASE_URL, a data folder that does not exist. */
const checkOffline = (bundle: string, key: string) =>
  runAuditCli(['check', bundle, '--key', key], { DATA_DIR: '/nonexistent' });
