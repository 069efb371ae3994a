import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disputeAnalysisJob, disputeProgressJob } from '../workflows/dispute-jobs.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { runAuditCli } from './support/audit-cli.ts';
import { Browser, createAdmin, signUp } from './support/http-client.ts';
import { idempotencyKey, moneyFlow, type Person } from './support/money-flow.ts';
import { waitUntil } from './support/wait.ts';

let t: TestApp;
let admin: Browser;
/** One disputed job, decided by the arbitrator, with the instant just before the decision. */
let job: { customer: Person; contractor: Person; jobId: string; beforeDecision: string; afterDecision: string };

const { fundedJob, jobContext } = moneyFlow(() => t);

beforeAll(async () => {
  t = await createTestApp();
  const created = await createAdmin(t.runtime);
  admin = new Browser(t.app);
  expect(
    (
      await admin.post('/api/auth/login', {
        email: created.registration.email,
        password: created.registration.password,
      })
    ).statusCode,
  ).toBe(200);

  const { customer, contractor, jobId } = await fundedJob();
  const opened = await customer.browser.post('/api/disputes', {
    jobId,
    reason: 'poor-quality',
    description: 'The paint is patchy on two walls and the ceiling was not done at all, contrary to the contract.',
  });
  expect(opened.statusCode, opened.body).toBe(201);
  const answered = await contractor.browser.post(`/api/disputes/${jobId}/answer`, {
    statement: 'The ceiling was not part of the scope; the walls have two coats.',
  });
  expect(answered.statusCode, answered.body).toBe(200);
  await waitUntil(
    async () => {
      await disputeProgressJob.run(jobContext());
      await disputeAnalysisJob.run(jobContext());
      await t.runtime.runner!.idle();
      return (await customer.browser.get(`/api/disputes/${jobId}`)).json().status === 'in-review';
    },
    { message: 'the case was not analysed' },
  );
  // The decision's instant is taken from the event times, so keep a clear gap around it.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const beforeDecision = new Date().toISOString();
  await new Promise((resolve) => setTimeout(resolve, 20));
  const decided = await admin.post(
    `/api/disputes/${jobId}/decision`,
    { outcome: 'minor-issues', reasons: 'The walls are fine; the ceiling was outside the written scope.' },
    idempotencyKey(),
  );
  expect(decided.statusCode, decided.body).toBe(200);
  job = { customer, contractor, jobId, beforeDecision, afterDecision: new Date(Date.now() + 1000).toISOString() };
}, 60_000);

afterAll(async () => {
  await t?.close();
});

type History = {
  stream: string;
  kind: string;
  events: {
    revision: string;
    type: string;
    actorId: string | null;
    occurredAt: string;
    hash: string;
    prevHash: string | null;
  }[];
  asOf: string | null;
  eventsUpTo: number;
  state: { status: string };
};

/** The audit CLI on the test app's database and data folder (its heads and its key). */
const cli = (...args: string[]) =>
  runAuditCli(args, { DATABASE_URL: t.runtime.databaseUrl, DATA_DIR: t.config.DATA_DIR });

describe('GET /api/audit/streams/:stream', () => {
  it('gives a party and an admin the full history with actors and times, and nobody else', async () => {
    const { customer, contractor, jobId } = job;
    const response = await customer.browser.get(`/api/audit/streams/escrow-${jobId}`);
    expect(response.statusCode, response.body).toBe(200);
    const history = response.json() as History;
    expect(history.kind).toBe('escrow');
    expect(history.events.map((e) => e.type)).toEqual([
      'EscrowCreated',
      'EscrowFunded',
      'EscrowFrozen',
      'EscrowDistributed',
    ]);
    const funded = history.events[1]!;
    expect(funded.actorId).toBe(customer.user.id);
    expect(Date.parse(funded.occurredAt)).not.toBeNaN();
    expect(funded.prevHash).toBe(history.events[0]!.hash);
    expect(history.state.status).toBe('distributed');

    const dispute = (await contractor.browser.get(`/api/audit/streams/dispute-${jobId}`)).json() as History;
    expect(dispute.events.map((e) => e.type)).toEqual([
      'DisputeOpened',
      'DisputeAnswered',
      'DisputeAnalysed',
      'DisputeDecided',
    ]);
    expect(dispute.events[1]!.actorId).toBe(contractor.user.id);
    expect((await admin.get(`/api/audit/streams/contract-${jobId}`)).statusCode).toBe(200);

    const stranger = await signUp(t.app, { role: 'customer' });
    expect((await stranger.browser.get(`/api/audit/streams/escrow-${jobId}`)).statusCode).toBe(404);
    expect((await new Browser(t.app).get(`/api/audit/streams/escrow-${jobId}`)).statusCode).toBe(401);
    expect((await admin.get(`/api/audit/streams/escrow-00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    for (const bad of ['account-123', 'escrow-', 'escrow-a%20b', `${'escrow-'}${'x'.repeat(81)}`]) {
      const answer = await admin.get(`/api/audit/streams/${bad}`);
      expect(answer.statusCode, bad).toBe(400);
      expect(typeof answer.json().error).toBe('string');
    }
  });

  it('folds the state as of an instant: before the decision and after it', async () => {
    const { jobId, beforeDecision, afterDecision } = job;
    const before = (await admin.get(`/api/audit/streams/dispute-${jobId}?asOf=${beforeDecision}`)).json() as History;
    expect(before.state.status).toBe('in-review');
    expect(before.eventsUpTo).toBe(3);
    expect(before.events).toHaveLength(4);
    const after = (await admin.get(`/api/audit/streams/dispute-${jobId}?asOf=${afterDecision}`)).json() as History;
    expect(after.state.status).toBe('decided');
    const escrowBefore = (
      await admin.get(`/api/audit/streams/escrow-${jobId}?asOf=${beforeDecision}`)
    ).json() as History;
    expect(escrowBefore.state.status).toBe('frozen');
    const escrowAfter = (await admin.get(`/api/audit/streams/escrow-${jobId}?asOf=${afterDecision}`)).json() as History;
    expect(escrowAfter.state.status).toBe('distributed');
    const bad = await admin.get(`/api/audit/streams/escrow-${jobId}?asOf=yesterday`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/asOf must be an ISO 8601/);
  });

  it('runs from a shell: history, as-of and verify', { timeout: 60_000 }, async () => {
    const { jobId, beforeDecision } = job;
    const history = await cli('history', `dispute-${jobId}`);
    expect(history.code, history.out).toBe(0);
    expect(history.out).toContain('DisputeDecided');
    const asOf = await cli('as-of', `escrow-${jobId}`, beforeDecision);
    expect(asOf.code, asOf.out).toBe(0);
    expect(asOf.out).toContain('"status": "frozen"');
    const usage = await cli('verify', 'account-1');
    expect(usage.code).toBe(2);
  });
});

describe('tamper test', () => {
  it(
    'names exactly the event whose stored bytes were changed, over HTTP and from the shell',
    { timeout: 60_000 },
    async () => {
      const { customer, jobId } = job;
      const stream = `escrow-${jobId}`;
      await t.runtime.auditLog.publisher.publish();
      const intact = (await customer.browser.get(`/api/audit/streams/${stream}/verify`)).json();
      expect(intact).toMatchObject({ ok: true, length: 4, log: { covered: 4, pending: 0 } });
      expect((await cli('verify', stream)).code).toBe(0);

      // One byte of the funding event: $1,000.00 becomes $1,000.01 directly in the database.
      const [row] = await t.runtime.sql<{ data: { amountCents: number } }[]>`
      select data from es_events where stream_id = ${stream} and stream_revision = 1`;
      expect(row!.data.amountCents).toBe(100_000);
      await t.runtime.sql`
      update es_events set data = jsonb_set(data, '{amountCents}', '100001')
      where stream_id = ${stream} and stream_revision = 1`;

      const broken = (await customer.browser.get(`/api/audit/streams/${stream}/verify`)).json();
      expect(broken).toMatchObject({
        ok: false,
        stream,
        length: 4,
        firstBadRevision: '1',
        type: 'EscrowFunded',
        reason: 'hash does not match the event content',
      });
      const shell = await cli('verify', stream);
      expect(shell.code).toBe(1);
      expect(shell.out).toContain('at revision 1 (EscrowFunded)');
    },
  );
});
