import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escrowAutoReleaseJob, escrowHoldLimitJob, payoutsJob } from '../workflows/money-jobs.ts';
import { CONTRACT_MESSAGES } from '../shared/domain/contracts/messages.ts';
import { escrowStreamId } from '../shared/domain/escrow/events.ts';
import { ESCROW_MESSAGES } from '../shared/domain/escrow/messages.ts';
import { verifyStream } from '../shared/eventstore/hash-chain.ts';
import { IDEMPOTENCY_MESSAGES } from '../api/plugins/idempotency.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, createAdmin, signUp } from './support/http-client.ts';
import { moneyFlow } from './support/money-flow.ts';
import { waitUntil } from './support/wait.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

type Person = Awaited<ReturnType<typeof signUp>>;
type Contract = {
  jobId: string;
  status: string;
  version: number;
  viewerRole: string;
  priceCents: number | null;
  rendered: { languages: string[]; text: string; textHash: string; documents: { language: string }[] };
  signatures: Record<string, { userId: string; textHash: string; signedAt: string }>;
  parties: Record<'customer' | 'contractor', { id: string; name: string }>;
  accountName: string;
  actions: { sign: boolean; revise: boolean };
  escrow: { status: string; amountCents: number } | null;
};
type Escrow = {
  status: string;
  amountCents: number;
  viewerRole: string;
  feeCents: number;
  taxLines: { code: string; ratePcm: number; cents: number }[];
  taxCents: number;
  contractorNetCents: number;
  customerRefundCents: number;
  card: { brand: string; last4: string } | null;
  lastFailureCode: string | null;
  payouts: { payoutId: string; kind: string; amountCents: number; dueOn: string | null; status: string }[];
  actions: Record<'fund' | 'complete' | 'approve' | 'requestChanges' | 'dispute', boolean>;
};

const DAY = 86_400_000;
const key = () => ({ 'idempotency-key': randomUUID() });
const card = (number: string) => ({
  card: { number, expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
});
const SUCCESS = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const INSUFFICIENT = '4000 0000 0000 9995';

const { jobContext, settle, rowIn, awardedJob, sign, fundedJob } = moneyFlow(() => t);

async function contractOf(person: Person, jobId: string): Promise<Contract> {
  const response = await person.browser.get(`/api/contracts/${jobId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Contract;
}

async function escrowOf(person: Person, jobId: string): Promise<Escrow> {
  const response = await person.browser.get(`/api/escrows/${jobId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Escrow;
}

describe('contracts', () => {
  it('are generated when a proposal is accepted, with the terms, fee and dispute clause, in English then French', async () => {
    const { customer, contractor, jobId } = await awardedJob();
    const contract = await contractOf(customer, jobId);
    expect(contract).toMatchObject({
      status: 'awaiting-signatures',
      version: 1,
      priceCents: 100_000,
      viewerRole: 'customer',
    });
    expect(contract.rendered.languages).toEqual(['en', 'fr']);
    const text = contract.rendered.text;
    // The text names the parties by account; their names are shown beside it, never hashed.
    expect(contract.parties).toEqual({
      customer: { id: customer.user.id, name: customer.user.name },
      contractor: { id: contractor.user.id, name: contractor.user.name },
    });
    expect(text).not.toContain(customer.user.name);
    expect(text).not.toContain(contractor.user.name);
    for (const expected of [
      `Customer: the holder of account ${customer.user.id}`,
      `Contractor: the holder of account ${contractor.user.id}`,
      '$1,000.00',
      'the fee is 6%',
      'human arbitrator makes a binding final decision',
      'governed by the laws of Ontario',
      'The platform is not liable for the quality or results of services.',
      'HST 13%',
      'Contrat de services',
    ]) {
      expect(text).toContain(expected);
    }
    expect(contract.actions).toEqual({ sign: true, revise: true });
    // The list shows it to both parties, and nobody else can read it.
    const listed = (await contractor.browser.get('/api/contracts')).json().contracts;
    expect(listed).toEqual([expect.objectContaining({ jobId, viewerRole: 'contractor', signedByMe: false })]);
    const stranger = await signUp(t.app, { role: 'customer' });
    expect((await stranger.browser.get(`/api/contracts/${jobId}`)).statusCode).toBe(404);
    expect((await new Browser(t.app).get(`/api/contracts/${jobId}`)).statusCode).toBe(401);
  });

  it('signing checks the typed name and records who signed which text; both signatures execute it', async () => {
    const { customer, contractor, jobId } = await awardedJob();
    const wrongName = await sign(customer, jobId, { typedName: 'Somebody Else' });
    expect(wrongName.statusCode).toBe(400);
    expect(wrongName.json().error).toBe(CONTRACT_MESSAGES.nameMismatch);
    const noConsent = await sign(customer, jobId, { consent: false });
    expect(noConsent.statusCode).toBe(400);
    const staleHash = await sign(customer, jobId, { textHash: 'a'.repeat(64) });
    expect(staleHash.statusCode).toBe(409);
    expect(staleHash.json().error).toBe(CONTRACT_MESSAGES.staleVersion);

    const first = await sign(customer, jobId, { typedName: `  ${customer.user.name.toUpperCase()} ` });
    expect(first.statusCode, first.body).toBe(200);
    const afterFirst = first.json() as Contract;
    expect(afterFirst.status).toBe('awaiting-signatures');
    expect(afterFirst.signatures.customer).toMatchObject({
      userId: customer.user.id,
      textHash: afterFirst.rendered.textHash,
    });
    expect((await sign(customer, jobId)).statusCode).toBe(409);

    const second = await sign(contractor, jobId);
    expect(second.statusCode, second.body).toBe(200);
    expect((second.json() as Contract).status).toBe('executed');

    const verified = await customer.browser.get(`/api/contracts/${jobId}/verify`);
    expect(verified.json()).toMatchObject({
      ok: true,
      signatures: [
        { role: 'customer', matches: true },
        { role: 'contractor', matches: true },
      ],
      chain: { ok: true, length: 4 },
    });
    // Executed: terms are final.
    const edit = await customer.browser.request('PUT', `/api/contracts/${jobId}/terms`, {
      version: 1,
      priceCents: 90_000,
    });
    expect(edit.statusCode).toBe(409);
  });

  it('an edit of the terms before both signed makes a new version and voids the earlier signature', async () => {
    const { customer, contractor, jobId } = await awardedJob();
    expect((await sign(customer, jobId)).statusCode).toBe(200);
    const edited = await contractor.browser.request('PUT', `/api/contracts/${jobId}/terms`, {
      version: 1,
      priceCents: 95_000,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const contract = edited.json() as Contract;
    expect(contract).toMatchObject({ version: 2, priceCents: 95_000, signatures: {} });
    expect(contract.rendered.text).toContain('$950.00');
    // The customer's old view is stale.
    const stale = await customer.browser.request('PUT', `/api/contracts/${jobId}/terms`, {
      version: 1,
      scope: 'x'.repeat(30),
    });
    expect(stale.statusCode).toBe(409);
    expect((await sign(customer, jobId)).statusCode).toBe(200);
    expect((await sign(contractor, jobId)).statusCode).toBe(200);
    await settle(rowIn('rm_escrows', jobId));
    expect((await escrowOf(customer, jobId)).amountCents).toBe(95_000);
  });

  it('is written French first when a party is in Quebec (Bill 96)', async () => {
    const customer = await signUp(t.app, { role: 'customer' });
    const contractor = await signUp(t.app, { role: 'contractor' });
    const posted = await customer.browser.post('/api/work-orders', {
      title: 'Peinture d’un appartement',
      description: 'Deux chambres et un couloir, murs seulement. La peinture est fournie.',
      category: 'painting',
      service: 'painting',
      postalCode: 'H2X 1Y4',
      remote: false,
      budgetMinCents: 50_000,
      budgetMaxCents: 60_000,
      preferredDates: [],
      photos: [],
      mode: 'direct',
      directContractorId: contractor.user.id,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const id = posted.json().workOrder.id;
    expect((await contractor.browser.post(`/api/work-orders/${id}/direct-request/accept`)).statusCode).toBe(200);
    await settle(rowIn('rm_contracts', id));
    const contract = await contractOf(customer, id);
    expect(contract.rendered.languages).toEqual(['fr', 'en']);
    expect(contract.rendered.text.indexOf('Contrat de services')).toBe(0);
    expect(contract.rendered.text).toContain('QST 9.975%');
  });
});

describe('escrow', () => {
  it('funds with the success card, refuses the declined and short cards with 402, and never charges twice', async () => {
    const job = await awardedJob();
    await sign(job.customer, job.jobId);
    await sign(job.contractor, job.jobId);
    await settle(rowIn('rm_escrows', job.jobId));
    const url = `/api/escrows/${job.jobId}/fund`;
    expect((await escrowOf(job.customer, job.jobId)).actions.fund).toBe(true);

    const noKey = await job.customer.browser.post(url, card(SUCCESS));
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error).toBe(IDEMPOTENCY_MESSAGES.required);
    expect((await job.contractor.browser.post(url, card(SUCCESS), key())).statusCode).toBe(403);
    expect((await (await signUp(t.app)).browser.post(url, card(SUCCESS), key())).statusCode).toBe(404);
    // The amount comes from the contract: a body that names one is refused.
    const priced = await job.customer.browser.post(url, { ...card(SUCCESS), amountCents: 1 }, key());
    expect(priced.statusCode).toBe(400);
    expect(priced.json().error).toEqual(expect.any(String));
    const typo = await job.customer.browser.post(url, card('4242 4242 4242 4241'), key());
    expect(typo.statusCode).toBe(400);

    const declined = await job.customer.browser.post(url, card(DECLINED), key());
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toBe('Your card was declined.');
    // The refusal answers once the escrow read model has its reason: the page reads it at once.
    expect((await escrowOf(job.customer, job.jobId)).lastFailureCode).toBe('card_declined');
    const short = await job.customer.browser.post(url, card(INSUFFICIENT), key());
    expect(short.statusCode).toBe(402);
    expect(short.json().error).toBe('Your card has insufficient funds.');
    await t.runtime.runner!.idle();
    expect((await escrowOf(job.customer, job.jobId)).lastFailureCode).toBe('insufficient_funds');

    const idempotencyKey = key();
    const paid = await job.customer.browser.post(url, card(SUCCESS), idempotencyKey);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      status: 'funded',
      amountCents: 100_000,
      card: { brand: 'visa', last4: '4242' },
    });

    const replay = await job.customer.browser.post(url, card(SUCCESS), idempotencyKey);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(paid.body);
    const reused = await job.customer.browser.post(url, card(DECLINED), idempotencyKey);
    expect(reused.statusCode).toBe(422);

    const again = await job.customer.browser.post(url, card(SUCCESS), key());
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(ESCROW_MESSAGES.alreadyFunded);
    const charges = [
      ...(
        t.runtime.gateway as unknown as { ledger: Map<string, { kind: string; result: { ok: boolean } }> }
      ).ledger.entries(),
    ].filter(([k, v]) => k.includes(job.jobId) && v.kind === 'charge' && v.result.ok);
    expect(charges).toHaveLength(1);
  });

  it('complete → approve releases the amount less the fee and the HST on it; receipt, invoice and one payout', async () => {
    const { customer, contractor, jobId } = await fundedJob();
    expect((await customer.browser.post(`/api/escrows/${jobId}/complete`, {}, key())).statusCode).toBe(403);
    expect((await contractor.browser.post(`/api/escrows/${jobId}/approve`, {}, key())).statusCode).toBe(403);
    const early = await customer.browser.post(`/api/escrows/${jobId}/approve`, {}, key());
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(ESCROW_MESSAGES.notCompleted);

    const done = await contractor.browser.post(`/api/escrows/${jobId}/complete`, { note: 'All walls painted.' }, key());
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().status).toBe('completed');
    const changes = await customer.browser.post(
      `/api/escrows/${jobId}/request-changes`,
      { note: 'The hallway needs a second coat.' },
      key(),
    );
    expect(changes.json()).toMatchObject({ status: 'funded', changesNote: 'The hallway needs a second coat.' });
    expect((await contractor.browser.post(`/api/escrows/${jobId}/complete`, {}, key())).statusCode).toBe(200);

    const approved = await customer.browser.post(`/api/escrows/${jobId}/approve`, {}, key());
    expect(approved.statusCode, approved.body).toBe(200);
    const forContractor = await escrowOf(contractor, jobId);
    // $1,000 at 6 % = $60 fee; HST 13 % on it = $7.80; net $932.20.
    expect(forContractor).toMatchObject({
      status: 'released',
      feeCents: 6_000,
      taxLines: [{ code: 'HST', ratePcm: 13_000, cents: 780 }],
      contractorNetCents: 93_220,
    });
    expect(forContractor.payouts).toEqual([
      expect.objectContaining({ kind: 'payout', amountCents: 93_220, status: 'scheduled' }),
    ]);
    expect((await customer.browser.post(`/api/escrows/${jobId}/approve`, {}, key())).statusCode).toBe(409);

    const receipt = (await customer.browser.get(`/api/receipts/${jobId}`)).json();
    expect(receipt).toMatchObject({
      kind: 'receipt',
      totalCents: 100_000,
      platform: { taxRegistrationNumber: '000000000 RT0000' },
    });
    const invoice = (await contractor.browser.get(`/api/receipts/${jobId}`)).json();
    expect(invoice).toMatchObject({ kind: 'fee-invoice', totalCents: 6_780 });
    expect(invoice.lines).toEqual([
      { label: 'job', amountCents: 100_000 },
      { label: 'fee', amountCents: -6_000, rateBps: 600 },
      { label: 'tax', amountCents: -780, code: 'HST', ratePcm: 13_000 },
      { label: 'net', amountCents: 93_220 },
    ]);
    const earnings = (await contractor.browser.get('/api/earnings')).json();
    expect(earnings).toMatchObject({ grossCents: 100_000, feeCents: 6_000, taxCents: 780, netCents: 93_220 });

    // The payout goes out on its business day, exactly once, whoever runs the job how often.
    const dueOn = forContractor.payouts[0]!.dueOn!;
    // Not before its day (the second business day after today).
    expect(await payoutsJob.run(jobContext(new Date()))).toBe(0);
    const onDueDay = new Date(`${dueOn}T12:00:00-05:00`);
    const sent = await Promise.all([payoutsJob.run(jobContext(onDueDay)), payoutsJob.run(jobContext(onDueDay))]);
    expect(sent[0] + sent[1]).toBe(1);
    await t.runtime.runner!.idle();
    expect((await escrowOf(contractor, jobId)).payouts[0]).toMatchObject({ status: 'sent' });
    expect(await payoutsJob.run(jobContext(onDueDay))).toBe(0);

    const chain = await verifyStream(t.runtime.store, escrowStreamId(jobId));
    // Created, funded, complete, changes requested, complete, released.
    expect(chain).toMatchObject({ ok: true, length: 6 });
  });

  it('my work orders show the agreed price (the revised contract’s, not the budget or the bid) and where the money stands', async () => {
    const { customer, contractor, jobId } = await awardedJob(55_000);
    const order = async () => {
      const response = await customer.browser.get('/api/work-orders/mine');
      expect(response.statusCode, response.body).toBe(200);
      return (
        response.json() as {
          orders: {
            id: string;
            status: string;
            budgetMaxCents: number;
            agreedPriceCents: number | null;
            moneyStatus: string | null;
          }[];
        }
      ).orders.find((o) => o.id === jobId)!;
    };
    const shows = (expected: { agreedPriceCents: number; moneyStatus: string | null }) =>
      waitUntil(
        async () => {
          const now = await order();
          return now.agreedPriceCents === expected.agreedPriceCents && now.moneyStatus === expected.moneyStatus;
        },
        { message: `the work order did not show ${JSON.stringify(expected)}` },
      );
    // Hired on the $550 bid; the budget it was posted with was up to $1,200.
    await shows({ agreedPriceCents: 55_000, moneyStatus: null });
    expect(await order()).toMatchObject({ status: 'awarded', budgetMaxCents: 120_000 });
    // The parties revise the contract to $525 before signing: that is the agreed price.
    const revised = await contractor.browser.request('PUT', `/api/contracts/${jobId}/terms`, {
      version: 1,
      priceCents: 52_500,
    });
    expect(revised.statusCode, revised.body).toBe(200);
    await shows({ agreedPriceCents: 52_500, moneyStatus: null });
    expect((await sign(customer, jobId)).statusCode).toBe(200);
    expect((await sign(contractor, jobId)).statusCode).toBe(200);
    await settle(rowIn('rm_escrows', jobId));
    await shows({ agreedPriceCents: 52_500, moneyStatus: 'awaiting-payment' });

    expect((await customer.browser.post(`/api/escrows/${jobId}/fund`, card(SUCCESS), key())).statusCode).toBe(200);
    await shows({ agreedPriceCents: 52_500, moneyStatus: 'funded' });
    expect((await contractor.browser.post(`/api/escrows/${jobId}/complete`, {}, key())).statusCode).toBe(200);
    await shows({ agreedPriceCents: 52_500, moneyStatus: 'completed' });
    expect((await customer.browser.post(`/api/escrows/${jobId}/approve`, {}, key())).statusCode).toBe(200);
    await shows({ agreedPriceCents: 52_500, moneyStatus: 'released' });

    // Nobody else sees the party-only money fields.
    const stranger = await signUp(t.app, { role: 'contractor' });
    const seen = await stranger.browser.get(`/api/work-orders/${jobId}`);
    expect([403, 404]).toContain(seen.statusCode);
  });

  it('releases by itself 14 days after completion without an answer', async () => {
    const { customer, contractor, jobId } = await fundedJob(40_000);
    await contractor.browser.post(`/api/escrows/${jobId}/complete`, {}, key());
    await t.runtime.runner!.idle();
    const completedAt = Date.now();
    expect(await escrowAutoReleaseJob.run(jobContext(new Date(completedAt + 14 * DAY - 60_000)))).toBe(0);
    expect((await escrowOf(customer, jobId)).status).toBe('completed');
    expect(await escrowAutoReleaseJob.run(jobContext(new Date(completedAt + 14 * DAY + 60_000)))).toBe(1);
    await t.runtime.runner!.idle();
    const released = await escrowOf(contractor, jobId);
    // $400 is under $500: 8 % = $32, HST $4.16.
    expect(released).toMatchObject({
      status: 'released',
      releaseTrigger: 'auto-release',
      feeCents: 3_200,
      taxCents: 416,
      contractorNetCents: 36_384,
    });
  });

  it('a hold nearing 90 days goes to an administrator', async () => {
    const { jobId } = await fundedJob(60_000);
    await t.runtime.runner!.idle();
    expect(await escrowHoldLimitJob.run(jobContext(new Date(Date.now() + 79 * DAY)))).toBe(0);
    expect(await escrowHoldLimitJob.run(jobContext(new Date(Date.now() + 81 * DAY)))).toBeGreaterThanOrEqual(1);
    await t.runtime.runner!.idle();
    const admin = await createAdmin(t.runtime);
    const adminBrowser = new Browser(t.app);
    expect(
      (
        await adminBrowser.post('/api/auth/login', {
          email: admin.registration.email,
          password: admin.registration.password,
        })
      ).statusCode,
    ).toBe(200);
    const listed = await adminBrowser.get('/api/admin/escrows?escalated=true');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().escrows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ jobId, viewerRole: 'admin', escalatedAt: expect.any(String) }),
      ]),
    );
    // Admins read any escrow and contract; they act on none.
    expect((await adminBrowser.get(`/api/escrows/${jobId}`)).json()).toMatchObject({
      viewerRole: 'admin',
      actions: { fund: false, approve: false },
    });
    expect((await adminBrowser.get(`/api/contracts/${jobId}`)).json()).toMatchObject({
      viewerRole: 'admin',
      actions: { sign: false },
    });
    expect((await adminBrowser.get('/api/admin/escrows?limit=0')).statusCode).toBe(400);
    const customer = await signUp(t.app);
    expect((await customer.browser.get('/api/admin/escrows')).statusCode).toBe(403);
  });

  it('a cancelled job refunds the escrow in full, once, back to the card', async () => {
    const { customer, jobId } = await fundedJob(70_000);
    const cancelled = await customer.browser.post(`/api/work-orders/${jobId}/cancel`, { reason: 'Plans changed' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await settle();
    await waitUntil(async () => (await escrowOf(customer, jobId)).status === 'refunded', {
      message: 'the escrow was not refunded',
    });
    const refunded = await escrowOf(customer, jobId);
    expect(refunded).toMatchObject({ customerRefundCents: 70_000, contractorNetCents: 0, feeCents: 0 });
    expect(refunded.payouts).toEqual([expect.objectContaining({ kind: 'refund', amountCents: 70_000 })]);
    // The runtime's own scheduler may send this refund first (its append then wins and ours
    // conflicts), so wait for the read model rather than counting this run's sends.
    await payoutsJob.run(jobContext());
    await waitUntil(async () => (await escrowOf(customer, jobId)).payouts[0]!.status === 'sent', {
      message: 'the refund was not sent',
    });
    expect((await escrowOf(customer, jobId)).payouts).toHaveLength(1);
    const approve = await customer.browser.post(`/api/escrows/${jobId}/approve`, {}, key());
    expect(approve.statusCode).toBe(409);
    expect(approve.json().error).toBe(ESCROW_MESSAGES.alreadyRefunded);
  });

  it('of 20 simultaneous payments (each its own key) exactly one charges the card', async () => {
    const job = await awardedJob(30_000);
    await sign(job.customer, job.jobId);
    await sign(job.contractor, job.jobId);
    await settle(rowIn('rm_escrows', job.jobId));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        job.customer.browser.post(`/api/escrows/${job.jobId}/fund`, card(SUCCESS), key()),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200 || c === 202)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const ledger = (t.runtime.gateway as unknown as { ledger: Map<string, { kind: string; result: { ok: boolean } }> })
      .ledger;
    const charges = [...ledger.entries()].filter(
      ([k, v]) => k.includes(job.jobId) && v.kind === 'charge' && v.result.ok,
    );
    expect(charges).toHaveLength(1);
    const funded = (await t.runtime.store.readStream(escrowStreamId(job.jobId))).filter(
      (e) => e.type === 'EscrowFunded',
    );
    expect(funded).toHaveLength(1);
  });

  it('of 100 simultaneous approvals exactly one succeeds', async () => {
    const { customer, contractor, jobId } = await fundedJob(250_000);
    expect((await contractor.browser.post(`/api/escrows/${jobId}/complete`, {}, key())).statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => customer.browser.post(`/api/escrows/${jobId}/approve`, {}, key())),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200 || c === 202)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(99);
    const released = (await t.runtime.store.readStream(escrowStreamId(jobId))).filter(
      (e) => e.type === 'EscrowReleased',
    );
    expect(released).toHaveLength(1);
  });
});
