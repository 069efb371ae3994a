import type { z } from 'zod';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { disputeAnalysisJob, disputeProgressJob } from '../workflows/dispute-jobs.ts';
import { DISPUTE_LIMITS, DISPUTE_MESSAGES as M } from '../shared/domain/disputes/messages.ts';
import { ARBITRATOR_FLAT_FEE_CENTS } from '../shared/domain/disputes/rules.ts';
import { escrowStreamId } from '../shared/domain/escrow/events.ts';
import { disputeStreamId } from '../shared/domain/disputes/events.ts';
import { verifyStream } from '../shared/eventstore/hash-chain.ts';
import type { EventStore } from '../shared/eventstore/types.ts';
import { IDEMPOTENCY_MESSAGES } from '../api/plugins/idempotency.ts';
import { EVIDENCE_MESSAGES } from '../api/modules/disputes/evidence.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, createAdmin, signUp } from './support/http-client.ts';
import { DAY, idempotencyKey, moneyFlow, type Person } from './support/money-flow.ts';
import { FAKE_MP4, FAKE_WEBM, MOV, MP4, PDF, PNG, WEBM } from './support/uploads.ts';
import { waitUntil } from './support/wait.ts';
import type { disputeView } from '../shared/http/disputes.ts';

let t: TestApp;
let admin: Browser;
/** Evidence is kept on local disk here (the file-storage port's default). */
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'dispute-evidence-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  const created = await createAdmin(t.runtime);
  admin = new Browser(t.app);
  const login = await admin.post('/api/auth/login', {
    email: created.registration.email,
    password: created.registration.password,
  });
  expect(login.statusCode, login.body).toBe(200);
});

afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const { fundedJob, jobContext } = moneyFlow(() => t);
const HOUR = 3_600_000;

type View = z.output<typeof disputeView>;

const DESCRIPTION =
  'The bathroom tiles are cracked in three places and the grout is missing along the bathtub. The work is not what the contract describes.';
const MB = 1024 * 1024;

function multipart(fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer } | null) {
  const boundary = `----dispute${randomUUID()}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function upload(
  person: Person | Browser,
  disputeId: string,
  file: { name: string; type: string; bytes: Buffer },
  caption = '',
  headers: Record<string, string> = {},
) {
  const browser = person instanceof Browser ? person : person.browser;
  const { payload, contentType } = multipart(caption ? { caption } : {}, file);
  const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return t.app.inject({
    method: 'POST',
    url: `/api/disputes/${disputeId}/evidence`,
    payload,
    headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}), ...headers },
  });
}

async function open(person: Person, jobId: string, overrides: Record<string, unknown> = {}) {
  return person.browser.post('/api/disputes', {
    jobId,
    reason: 'poor-quality',
    description: DESCRIPTION,
    ...overrides,
  });
}

async function viewOf(browser: Browser, disputeId: string): Promise<View> {
  const response = await browser.get(`/api/disputes/${disputeId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as View;
}

/** Runs the dispute process at `now` (the runtime's own timer runs it too) until `ready` holds. */
async function progress(ready: () => Promise<boolean>, now = new Date()) {
  const context = { ...jobContext(now) };
  const rounds: string[] = [];
  await waitUntil(
    async () => {
      const started = Date.now();
      await t.runtime.runner!.idle();
      const progressed = await disputeProgressJob.run(context);
      const analysed = await disputeAnalysisJob.run(context);
      await t.runtime.runner!.idle();
      const rows = await t.runtime.sql<{ disputeId: string; status: string }[]>`
        select dispute_id as "disputeId", status from rm_disputes order by opened_at`;
      const projections = t.runtime.runner!.status();
      const failing = projections.filter((p) => p.failures > 0).map((p) => `${p.name}: ${p.lastError}`);
      rounds.push(
        `${Date.now() - started} ms: progressed ${progressed}, analysed ${analysed}; ` +
          rows.map((row) => `${row.disputeId.slice(0, 8)} ${row.status}`).join(', ') +
          `; ${projections.length} projections running${failing.length ? `, failing ${failing.join('; ')}` : ''}`,
      );
      return ready();
    },
    // Up to 45 s: with two test files at once on two cores, the analysis can take more than the
    // usual 10 (25 s ran out once in CI while the PostgreSQL-restart fault test shared the cores).
    {
      message: () =>
        `the dispute process did not catch up; rounds:\n${rounds.slice(0, 3).concat(rounds.slice(-3)).join('\n')}`,
      timeoutMs: 45_000,
    },
  );
}

/** The customer's own work order as "My work orders" lists it. */
async function myOrder(person: Person, jobId: string) {
  const response = await person.browser.get('/api/work-orders/mine');
  expect(response.statusCode, response.body).toBe(200);
  return (
    response.json() as { orders: { id: string; agreedPriceCents: number | null; moneyStatus: string | null }[] }
  ).orders.find((order) => order.id === jobId);
}

const statusIs = (browser: Browser, disputeId: string, status: string) => async () =>
  (await viewOf(browser, disputeId)).status === status;

describe('opening a dispute', () => {
  it('freezes the escrow, tells the other party, and allows one dispute per job', async () => {
    const { customer, contractor, jobId } = await fundedJob();
    const opened = await open(customer, jobId);
    expect(opened.statusCode, opened.body).toBe(201);
    const view = opened.json() as View;
    expect(view).toMatchObject({
      disputeId: jobId,
      status: 'awaiting-response',
      viewerRole: 'customer',
      openerRole: 'customer',
    });
    expect(Date.parse(view.respondBy) - Date.now()).toBeGreaterThan(5 * DAY - 60_000);
    expect(view.actions).toEqual({ addEvidence: true, answer: false, requestReview: false, decide: false });
    expect((await customer.browser.get(`/api/escrows/${jobId}`)).json().status).toBe('frozen');

    // The contractor is told, and may answer.
    await waitUntil(async () => {
      const list = (await contractor.browser.get('/api/notifications')).json();
      return JSON.stringify(list).includes('dispute.opened') || JSON.stringify(list).includes('A dispute was opened');
    });
    expect((await viewOf(contractor.browser, jobId)).actions.answer).toBe(true);

    // One dispute per job, whoever tries.
    const again = await open(contractor, jobId, { reason: 'payment-withheld' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(M.alreadyOpen);
    // A frozen escrow cannot be approved meanwhile.
    const approve = await customer.browser.post(`/api/escrows/${jobId}/approve`, {}, idempotencyKey());
    expect(approve.statusCode).toBe(409);
  });

  it('refuses strangers, visitors, administrators, bad input and money that is not held', async () => {
    const { customer, jobId } = await fundedJob();
    const stranger = await signUp(t.app, { role: 'customer' });
    expect((await open(stranger, jobId)).statusCode).toBe(404);
    expect(
      (await new Browser(t.app).post('/api/disputes', { jobId, reason: 'other', description: DESCRIPTION })).statusCode,
    ).toBe(401);
    expect((await admin.post('/api/disputes', { jobId, reason: 'other', description: DESCRIPTION })).statusCode).toBe(
      403,
    );
    for (const bad of [
      { reason: 'poor-quality', description: 'too short' },
      { reason: 'bad-vibes', description: DESCRIPTION },
      { reason: 'other', description: 'x'.repeat(4001) },
      { reason: 'other', description: DESCRIPTION, extra: true },
    ]) {
      const response = await customer.browser.post('/api/disputes', { jobId, ...bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(typeof response.json().error).toBe('string');
    }
    expect(
      (await customer.browser.post('/api/disputes', { jobId: 'not-a-uuid', reason: 'other', description: DESCRIPTION }))
        .statusCode,
    ).toBe(400);
    // No escrow at all: the same 404 as for a stranger.
    expect((await open(customer, randomUUID())).statusCode).toBe(404);
  });
});

describe('evidence', () => {
  it('stores photos and PDFs by their bytes, serves them to the parties and admins only, and refuses what is not allowed', async () => {
    const { customer, contractor, jobId } = await fundedJob();
    expect((await open(customer, jobId)).statusCode).toBe(201);

    const photo = await upload(
      customer,
      jobId,
      { name: 'crack.png', type: 'image/png', bytes: PNG },
      'The crack by the tub',
    );
    expect(photo.statusCode, photo.body).toBe(201);
    const document = await upload(contractor, jobId, { name: 'invoice.pdf', type: 'application/pdf', bytes: PDF });
    expect(document.statusCode, document.body).toBe(201);
    const view = document.json() as View;
    expect(view.evidence.map((e) => [e.partyRole, e.kind, e.contentType, e.sizeBytes])).toEqual([
      ['customer', 'photo', 'image/png', PNG.length],
      ['contractor', 'document', 'application/pdf', PDF.length],
    ]);

    const served = await customer.browser.get(view.evidence[0]!.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await admin.get(view.evidence[1]!.url)).statusCode).toBe(200);
    const stranger = await signUp(t.app, { role: 'contractor' });
    expect((await stranger.browser.get(view.evidence[0]!.url)).statusCode).toBe(404);
    expect((await new Browser(t.app).get(view.evidence[0]!.url)).statusCode).toBe(401);
    expect((await upload(stranger, jobId, { name: 'x.png', type: 'image/png', bytes: PNG })).statusCode).toBe(404);

    // A PDF that claims to be a PNG, a text file, an empty upload, and a photo over 10 MB.
    const mismatch = await upload(customer, jobId, { name: 'fake.png', type: 'image/png', bytes: PDF });
    expect(mismatch.statusCode).toBe(415);
    expect(mismatch.json().error).toBe(EVIDENCE_MESSAGES.mismatch('image/png', 'a PDF document'));
    const text = await upload(customer, jobId, {
      name: 'notes.txt',
      type: 'text/plain',
      bytes: Buffer.from('hello there'),
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toBe(EVIDENCE_MESSAGES.type);
    const empty = await upload(customer, jobId, { name: 'empty.png', type: 'image/png', bytes: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    const huge = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024, 1)]);
    const tooLarge = await upload(customer, jobId, { name: 'huge.png', type: 'image/png', bytes: huge });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toBe(EVIDENCE_MESSAGES.tooLarge('photo'));
    const caption = await upload(customer, jobId, { name: 'c.png', type: 'image/png', bytes: PNG }, 'x'.repeat(501));
    expect(caption.statusCode).toBe(400);
    const notMultipart = await customer.browser.post(`/api/disputes/${jobId}/evidence`, { file: 'x' });
    expect(notMultipart.statusCode).toBe(400);
    // Nothing refused was kept.
    expect((await viewOf(customer.browser, jobId)).evidence).toHaveLength(2);
  });

  it('stores a file once when its upload is retried with the same Idempotency-Key', async () => {
    const { customer, jobId } = await fundedJob();
    expect((await open(customer, jobId)).statusCode).toBe(201);
    const key = { 'idempotency-key': randomUUID() };
    const photo = { name: 'crack.png', type: 'image/png', bytes: PNG };
    const first = await upload(customer, jobId, photo, 'The crack', key);
    expect(first.statusCode, first.body).toBe(201);
    const retry = await upload(customer, jobId, photo, 'The crack', key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toBe(first.body);
    const other = await upload(
      customer,
      jobId,
      { ...photo, bytes: Buffer.concat([PNG, Buffer.from([1])]) },
      'The crack',
      key,
    );
    expect(other.statusCode).toBe(422);
    expect((await viewOf(customer.browser, jobId)).evidence).toHaveLength(1);
  });
});

/**
 * Holds every append to `streamId` until each writer still racing has reached its own, so that
 * every round of the race collides whole (one wins, the rest read again and collide again): the
 * worst case of uploads that finish together. `finished` is called as each writer's request ends.
 */
function everyRoundCollides(store: EventStore, streamId: string, writers: number) {
  let racing = writers;
  const waiting: (() => void)[] = [];
  const release = () => {
    if (waiting.length > 0 && waiting.length >= racing) for (const go of waiting.splice(0)) go();
  };
  const append = store.append.bind(store);
  const spy = vi.spyOn(store, 'append').mockImplementation(async (stream, events, options) => {
    if (stream === streamId) await new Promise<void>((resolve) => waiting.push(resolve) && release());
    return append(stream, events, options);
  });
  onTestFinished(() => spy.mockRestore());
  return {
    finished() {
      racing -= 1;
      release();
    },
  };
}

describe('evidence uploaded at the same moment', () => {
  it('stores every file the parties may add, however many finish together', async () => {
    const { customer, contractor, jobId } = await fundedJob();
    expect((await open(customer, jobId)).statusCode).toBe(201);
    const each = DISPUTE_LIMITS.filesPerParty;
    const race = everyRoundCollides(t.runtime.store, disputeStreamId(jobId), 2 * each);
    const uploads = [customer, contractor].flatMap((person) =>
      Array.from({ length: each }, (_, i) =>
        upload(person, jobId, { name: `photo-${i}.png`, type: 'image/png', bytes: PNG }, `Photo ${i}`).finally(
          race.finished,
        ),
      ),
    );
    const answers = await Promise.all(uploads);
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
    const { evidence } = await viewOf(customer.browser, jobId);
    expect(evidence.filter((e) => e.partyRole === 'customer')).toHaveLength(each);
    expect(evidence.filter((e) => e.partyRole === 'contractor')).toHaveLength(each);
    // One more is the rule's refusal, not a lost race.
    const past = await upload(customer, jobId, { name: 'one-more.png', type: 'image/png', bytes: PNG });
    expect(past.statusCode).toBe(409);
    expect(past.json().error).toBe(M.tooManyFiles);
  });
});

describe('evidence streams to storage', () => {
  /** Every file under the dispute's folder of the local file store (partial files included). */
  const filesOf = async (disputeId: string) =>
    readdir(path.join(dataDir, 'disputes', disputeId)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });

  it('refuses a file over the limit of its kind with 413 naming the kind and the limit, and keeps nothing of it', async () => {
    const { customer, jobId } = await fundedJob();
    expect((await open(customer, jobId)).statusCode).toBe(201);
    // Over the PDF limit, and over the largest limit of all (videos'): both are refused as PDFs.
    for (const size of [10 * MB + 1, 51 * MB]) {
      const bytes = Buffer.concat([PDF.subarray(0, 9), Buffer.alloc(size - 9, 0x20)]);
      const refused = await upload(customer, jobId, { name: 'scan.pdf', type: 'application/pdf', bytes });
      expect(refused.statusCode, `${size} bytes`).toBe(413);
      expect(refused.json().error).toBe('PDF documents can be at most 10 MB.');
    }
    const longVideo = await upload(customer, jobId, {
      name: 'long.webm',
      type: 'video/webm',
      bytes: Buffer.concat([WEBM, Buffer.alloc(50 * MB + 1 - WEBM.length)]),
    });
    expect(longVideo.statusCode).toBe(413);
    expect(longVideo.json().error).toBe('Videos can be at most 50 MB.');
    expect(await filesOf(jobId)).toEqual([]);
    expect((await viewOf(customer.browser, jobId)).evidence).toEqual([]);
  });

  it('takes real MP4, MOV and WebM videos, and refuses a video signature followed by anything else', async () => {
    const { customer, jobId } = await fundedJob();
    expect((await open(customer, jobId)).statusCode).toBe(201);
    const videos = [
      { name: 'walk-through.mp4', type: 'video/mp4', bytes: MP4 },
      { name: 'leak.mov', type: 'video/quicktime', bytes: MOV },
      { name: 'tiles.webm', type: 'video/webm', bytes: WEBM },
    ];
    for (const video of videos) {
      const added = await upload(customer, jobId, video);
      expect(added.statusCode, `${video.name}: ${added.body}`).toBe(201);
    }
    const { evidence } = await viewOf(customer.browser, jobId);
    expect(evidence.map((e) => [e.kind, e.contentType, e.sizeBytes, e.sha256])).toEqual(
      videos.map((video) => [
        'video',
        video.type,
        video.bytes.length,
        createHash('sha256').update(video.bytes).digest('hex'),
      ]),
    );
    const served = await customer.browser.get(evidence[0]!.url);
    expect(served.rawPayload.equals(MP4)).toBe(true);

    // A WebM's EBML header followed by zeros; an MP4's ftyp box followed by garbage.
    for (const fake of [
      { name: 'fake.webm', type: 'video/webm', bytes: FAKE_WEBM },
      { name: 'fake.mp4', type: 'video/mp4', bytes: FAKE_MP4 },
    ]) {
      const refused = await upload(customer, jobId, fake);
      expect(refused.statusCode, fake.name).toBe(415);
      expect(refused.json().error).toBe(
        'This video could not be read: it must be an MP4, MOV or WebM file with a video track.',
      );
    }
    // A PDF header without the rest of a PDF.
    const halfPdf = await upload(customer, jobId, {
      name: 'cut.pdf',
      type: 'application/pdf',
      bytes: PDF.subarray(0, PDF.length - 30),
    });
    expect(halfPdf.statusCode).toBe(415);
    expect(halfPdf.json().error).toBe(EVIDENCE_MESSAGES.unreadable('document'));
    expect(await filesOf(jobId)).toHaveLength(videos.length);
    expect((await viewOf(customer.browser, jobId)).evidence).toHaveLength(videos.length);
  });
});

describe('answer, analysis and the arbitrator’s decision', () => {
  it('goes from the answer to the analysis to a binding custom split that distributes the escrow', async () => {
    const { customer, contractor, jobId } = await fundedJob();
    expect((await open(customer, jobId)).statusCode).toBe(201);
    // The customer's work orders say the job is in dispute (not "Hired").
    await waitUntil(async () => (await myOrder(customer, jobId))?.moneyStatus === 'disputed', {
      message: 'the work order did not show the dispute',
    });
    expect((await upload(customer, jobId, { name: 'crack.png', type: 'image/png', bytes: PNG })).statusCode).toBe(201);

    const byOpener = await customer.browser.post(`/api/disputes/${jobId}/answer`, {
      statement: 'I answer my own dispute here.',
    });
    expect(byOpener.statusCode).toBe(403);
    expect(byOpener.json().error).toBe(M.openerCannotAnswer);
    expect((await contractor.browser.post(`/api/disputes/${jobId}/answer`, { statement: 'short' })).statusCode).toBe(
      400,
    );
    const answered = await contractor.browser.post(`/api/disputes/${jobId}/answer`, {
      statement: 'The tiles were laid as agreed; the cracks come from the old wall.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect((answered.json() as View).status).toMatch(/analysing|in-review/);
    expect((await upload(customer, jobId, { name: 'late.png', type: 'image/png', bytes: PNG })).statusCode).toBe(409);

    // The worker analyses the ready case: no party can decide, only an administrator.
    await progress(statusIs(customer.browser, jobId, 'in-review'));
    const analysed = await viewOf(customer.browser, jobId);
    expect(analysed.analysis).toMatchObject({
      evidenceScores: { customer: 5, contractor: 1 },
      // The work was not marked complete: 1.5 off the timeline.
      scores: { quality: 4.6, price: 5.2, timeline: 4.7 },
      recommendation: { outcome: 'minor-issues' },
      confidencePct: 73,
    });
    expect(analysed.actions.decide).toBe(false);
    expect(analysed.timeline.map((s) => [s.stage, s.state])).toEqual([
      ['opened', 'done'],
      ['response', 'done'],
      ['analysis', 'done'],
      ['proposal', 'skipped'],
      ['review', 'current'],
      ['decision', 'upcoming'],
      ['payout', 'upcoming'],
    ]);

    const decision = {
      outcome: 'custom',
      split: { customer: 50, contractor: 40, platform: 10 },
      reasons: 'The photos show real defects in half of the wall; the rest is sound.',
    };
    expect(
      (await customer.browser.post(`/api/disputes/${jobId}/decision`, decision, idempotencyKey())).statusCode,
    ).toBe(403);
    const noKey = await admin.post(`/api/disputes/${jobId}/decision`, decision);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error).toBe(IDEMPOTENCY_MESSAGES.required);
    const badSplit = await admin.post(
      `/api/disputes/${jobId}/decision`,
      { ...decision, split: { customer: 50, contractor: 40, platform: 5 } },
      idempotencyKey(),
    );
    expect(badSplit.statusCode).toBe(400);
    expect(badSplit.json().error).toBe(M.shares);
    const matrixWithSplit = await admin.post(
      `/api/disputes/${jobId}/decision`,
      { ...decision, outcome: 'minor-issues' },
      idempotencyKey(),
    );
    expect(matrixWithSplit.statusCode).toBe(400);
    expect(matrixWithSplit.json().error).toBe(M.sharesForOutcome);

    const decided = await admin.post(`/api/disputes/${jobId}/decision`, decision, idempotencyKey());
    expect(decided.statusCode, decided.body).toBe(200);
    const view = decided.json() as View;
    expect(view.decision).toMatchObject({
      via: 'arbitrator',
      outcome: 'custom',
      shares: { customerBps: 5000, contractorBps: 4000, platformBps: 1000 },
      arbitratorFeeCents: ARBITRATOR_FLAT_FEE_CENTS,
    });
    // $1,000: $500 back to the customer, $100 to the platform, $400 gross to the contractor, less
    // the arbitration-scale fee for a $1,000 job (4 %) on it and the HST on that fee.
    const escrow = view.escrow!;
    expect(escrow.status).toBe('distributed');
    expect(escrow.customerRefundCents + escrow.platformShareCents + escrow.contractorGrossCents).toBe(100_000);
    expect(escrow).toMatchObject({
      customerRefundCents: 50_000,
      platformShareCents: 10_000,
      contractorGrossCents: 40_000,
    });
    expect(escrow.contractorNetCents + escrow.feeCents + escrow.taxCents).toBe(40_000);
    expect(view.payouts.map((p) => [p.kind, p.amountCents])).toEqual(
      expect.arrayContaining([
        ['refund', 50_000],
        ['payout', escrow.contractorNetCents],
      ]),
    );

    // Each party sees the outcome, without the arbitrator's fee, and the fee stays on the record.
    const asCustomer = await viewOf(customer.browser, jobId);
    expect(asCustomer.decision).toMatchObject({ outcome: 'custom', arbitratorFeeCents: null });
    expect(asCustomer.payouts.map((p) => p.kind)).toEqual(['refund']);
    expect((await viewOf(contractor.browser, jobId)).payouts.map((p) => p.kind)).toEqual(['payout']);
    // The refund has no due day (it is issued at once): its line is dated by the decision.
    expect(asCustomer.payouts[0]).toMatchObject({ dueOn: null, sentAt: null });
    expect(Math.abs(Date.parse(asCustomer.payouts[0]!.scheduledAt) - Date.now())).toBeLessThan(60_000);

    // The dashboards tell the truth: the order is decided at its agreed price, and the contractor's
    // pipeline shows the $400 share actually paid, not the $1,000 price.
    await waitUntil(async () => (await myOrder(customer, jobId))?.moneyStatus === 'decided', {
      message: 'the work order did not show the decision',
    });
    expect(await myOrder(customer, jobId)).toMatchObject({ agreedPriceCents: 100_000, moneyStatus: 'decided' });
    // The CRM is its own read model, fed by the distribution the money process records after the
    // decision: it may be a moment behind the work order.
    const pipelineOf = async () => {
      const crm = await contractor.browser.get('/api/contractor/crm');
      expect(crm.statusCode, crm.body).toBe(200);
      return crm.json().pipeline as {
        valueCents: Record<string, number>;
        items: { jobId: string; stage: string; amountCents: number; paidCents: number | null }[];
      };
    };
    const pipeline = await waitUntil(
      async () => {
        const shown = await pipelineOf();
        return shown.items.find((item) => item.jobId === jobId)?.stage === 'paid' && shown;
      },
      { message: 'the contractor pipeline did not show the job paid' },
    );
    expect(pipeline.items.find((item) => item.jobId === jobId)).toMatchObject({
      stage: 'paid',
      amountCents: 100_000,
      paidCents: 40_000,
    });
    expect(pipeline.valueCents.paid).toBe(40_000);

    // A decision on a closed case is refused with 409.
    const again = await admin.post(
      `/api/disputes/${jobId}/decision`,
      { ...decision, outcome: 'customer-refund', split: undefined },
      idempotencyKey(),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(M.closed);

    // Both streams' hash chains verify.
    expect((await verifyStream(t.runtime.store, disputeStreamId(jobId))).ok).toBe(true);
    expect((await verifyStream(t.runtime.store, escrowStreamId(jobId))).ok).toBe(true);
  });
});

describe('auto-resolution', { timeout: 120_000 }, () => {
  /** A one-sided case: three photos for the customer, no answer from the contractor in 5 days. */
  async function proposedCase() {
    const job = await fundedJob();
    expect((await open(job.customer, job.jobId)).statusCode).toBe(201);
    for (const name of ['a.png', 'b.png', 'c.png']) {
      expect((await upload(job.customer, job.jobId, { name, type: 'image/png', bytes: PNG })).statusCode).toBe(201);
    }
    const afterWindow = new Date(Date.now() + 5 * DAY + 1000);
    // Two steps. The runtime's own timer analyses ready cases too, at the real time, and a proposal
    // it makes is already past its 48-hour appeal window at afterWindow (5 days on): one more round
    // of the jobs at afterWindow would finalise it before the test saw it proposed (this failed once
    // in CI). So the response window is closed at afterWindow, and the proposal is waited for at the
    // real time, when no proposal is past its appeal window.
    await progress(
      async () => ['analysing', 'proposed'].includes((await viewOf(job.customer.browser, job.jobId)).status),
      afterWindow,
    );
    await progress(statusIs(job.customer.browser, job.jobId, 'proposed'));
    return { ...job, afterWindow };
  }

  it('becomes final after 48 h without an appeal, and distributes the escrow', async () => {
    const { customer, contractor, jobId, afterWindow } = await proposedCase();
    const view = await viewOf(contractor.browser, jobId);
    expect(view.proposal).toMatchObject({ outcome: 'customer-refund' });
    expect(view.analysis!.confidencePct).toBeGreaterThanOrEqual(80);
    expect(view.actions.requestReview).toBe(true);
    // An arbitrator cannot decide while the proposal runs.
    const early = await admin.post(
      `/api/disputes/${jobId}/decision`,
      { outcome: 'minor-issues', reasons: 'Trying to decide during the appeal window.' },
      idempotencyKey(),
    );
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(M.proposalPending);

    const after48h = new Date(afterWindow.getTime() + 48 * HOUR + 1000);
    await progress(statusIs(customer.browser, jobId, 'decided'), after48h);
    await progress(async () => (await viewOf(customer.browser, jobId)).escrow?.status === 'distributed', after48h);
    const decided = await viewOf(customer.browser, jobId);
    expect(decided.decision).toMatchObject({ via: 'auto-resolution', outcome: 'customer-refund' });
    expect(decided.escrow).toMatchObject({
      customerRefundCents: 90_000,
      platformShareCents: 10_000,
      contractorGrossCents: 0,
    });
    expect(decided.timeline.find((s) => s.stage === 'review')).toMatchObject({ state: 'skipped' });
  });

  it('goes to a human arbitrator when a party asks within 48 h', async () => {
    const { customer, contractor, jobId, afterWindow } = await proposedCase();
    const appealed = await contractor.browser.post(`/api/disputes/${jobId}/review-request`, {});
    expect(appealed.statusCode, appealed.body).toBe(200);
    expect((appealed.json() as View).status).toBe('in-review');
    expect((await customer.browser.post(`/api/disputes/${jobId}/review-request`, {})).statusCode).toBe(409);
    // The 48 hours pass: nothing becomes final by itself any more.
    await disputeProgressJob.run({ ...jobContext(new Date(afterWindow.getTime() + 49 * HOUR)) });
    await t.runtime.runner!.idle();
    expect((await viewOf(customer.browser, jobId)).status).toBe('in-review');
    // It waits in the administrators' queue, cases for an arbitrator first.
    const queue = await admin.get('/api/admin/disputes?sort=amount');
    expect(queue.statusCode).toBe(200);
    expect(queue.json().disputes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ disputeId: jobId, status: 'in-review', waitsForViewer: true }),
      ]),
    );
    expect((await admin.get('/api/admin/disputes?sort=size')).statusCode).toBe(400);
    expect((await customer.browser.get('/api/admin/disputes')).statusCode).toBe(403);
    const decided = await admin.post(
      `/api/disputes/${jobId}/decision`,
      { outcome: 'shared-fault', reasons: 'The contractor was never able to answer; both share the fault.' },
      idempotencyKey(),
    );
    expect(decided.statusCode, decided.body).toBe(200);
    expect((decided.json() as View).escrow).toMatchObject({
      customerRefundCents: 70_000,
      platformShareCents: 10_000,
      contractorGrossCents: 20_000,
    });
    // The parties' lists show the case.
    const mine = (await customer.browser.get('/api/disputes')).json().disputes;
    expect(mine).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ disputeId: jobId, status: 'decided', decisionOutcome: 'shared-fault' }),
      ]),
    );
  });
});
