import { randomUUID } from 'node:crypto';
import { completeRecordedEvent } from './support/recorded-event.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { crmProjection, crmEarnings, crmLeads, crmPipeline } from '../projections/crm.ts';
import { connect, type Sql } from '../shared/db/postgres.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';

/**
 * The CRM read model's rules, event by event against PostgreSQL: a job only moves forward on the
 * pipeline (a late decline cannot pull a paid job back), a refunded job is lost, an arbitration
 * that gives the contractor nothing is lost while a split is paid and earned in its month (Toronto
 * calendar), the first urgent acceptance wins and the other recipients lose, a message is a lead
 * only when a customer writes to a contractor (once per pair), and a repeated bid is one lead.
 */
let database: TestDatabase;
let sql: Sql;

beforeAll(async () => {
  database = await createTestDatabase('crm');
  sql = connect(database.url, { max: 2 });
  await sql.unsafe(crmProjection.schema);
});

afterAll(async () => {
  await sql?.end();
  await database?.drop();
});

const contractorId = randomUUID();
const customerId = randomUUID();

beforeEach(async () => {
  await sql.unsafe(
    'truncate rm_crm_contractors, rm_crm_titles, rm_crm_leads, rm_crm_pipeline, rm_crm_clients, rm_crm_earnings, rm_crm_payouts, rm_crm_job_contractors, rm_crm_alert_leads',
  );
  await apply('AccountRegistered', {
    accountId: contractorId,
    role: 'contractor',
    registeredAt: '2026-01-01T00:00:00Z',
  });
});

async function apply(type: string, data: Record<string, unknown>) {
  await sql.begin((tx) => crmProjection.apply(tx, completeRecordedEvent(type, data)));
}

const fee = (feeCents: number, taxCents: number) => ({
  reading: 'transaction',
  tierId: 't',
  rateBps: 600,
  feeCents,
  taxLines: [{ code: 'HST', ratePcm: 13_000, cents: taxCents }],
});

async function bookedWorkOrder(workOrderId = randomUUID(), proposalId = randomUUID()) {
  await apply('WorkOrderPosted', {
    workOrderId,
    customerId,
    title: 'Fix a leaking tap',
    mode: 'bids',
    directContractorId: null,
    budgetMaxCents: 30_000,
    postedAt: '2026-03-01T12:00:00Z',
  });
  await apply('ProposalSubmitted', {
    workOrderId,
    customerId,
    proposalId,
    contractorId,
    priceCents: 20_000,
    submittedAt: '2026-03-02T12:00:00Z',
  });
  await apply('ProposalAccepted', {
    workOrderId,
    customerId,
    proposalId,
    contractorId,
    priceCents: 20_000,
    acceptedAt: '2026-03-03T12:00:00Z',
  });
  return { workOrderId, proposalId };
}

const stageOf = async (jobId: string) => (await crmPipeline(sql, contractorId)).find((i) => i.jobId === jobId)?.stage;

describe('contractor-crm projection', () => {
  it('moves a job forward only: a late decline after payment leaves it paid', async () => {
    const { workOrderId, proposalId } = await bookedWorkOrder();
    expect(await stageOf(workOrderId)).toBe('booked');
    await apply('EscrowFunded', {
      jobId: workOrderId,
      customerId,
      contractorId,
      amountCents: 20_000,
      fundedAt: '2026-03-04T12:00:00Z',
    });
    await apply('EscrowReleased', {
      jobId: workOrderId,
      customerId,
      contractorId,
      amountCents: 20_000,
      fee: fee(1_200, 156),
      contractorNetCents: 18_644,
      payout: { payoutId: `${workOrderId}-contractor`, amountCents: 18_644, dueOn: '2026-03-06' },
      releasedAt: '2026-03-31T23:30:00-04:00', // still March in Toronto, April in UTC
    });
    await apply('ProposalDeclined', {
      workOrderId,
      customerId,
      proposalId,
      contractorId,
      declinedAt: '2026-04-02T12:00:00Z',
    });
    expect(await stageOf(workOrderId)).toBe('paid');
    const months = await crmEarnings(sql, contractorId, new Date('2026-04-15T12:00:00Z'), 2);
    expect(months).toEqual([
      { month: '2026-03', grossCents: 20_000, feeCents: 1_200, taxCents: 156, netCents: 18_644, jobs: 1 },
      { month: '2026-04', grossCents: 0, feeCents: 0, taxCents: 0, netCents: 0, jobs: 0 },
    ]);
  });

  it('loses a refunded job, books a late-cancellation fee as earnings, and loses a zero-share arbitration', async () => {
    const a = await bookedWorkOrder();
    await apply('EscrowRefunded', {
      jobId: a.workOrderId,
      customerId,
      contractorId,
      reason: 'cancellation',
      cancelledBy: 'customer',
      refund: { refundId: randomUUID(), paymentId: 'p', amountCents: 18_000 },
      lateFeeCents: 2_000,
      payout: { payoutId: `${a.workOrderId}-contractor`, amountCents: 2_000, dueOn: '2026-05-05' },
      refundedAt: '2026-05-01T12:00:00Z',
    });
    expect(await stageOf(a.workOrderId)).toBe('lost');
    const may = (await crmEarnings(sql, contractorId, new Date('2026-05-20T12:00:00Z'), 1))[0];
    expect(may).toMatchObject({ grossCents: 2_000, feeCents: 0, netCents: 2_000 });

    const b = await bookedWorkOrder();
    await apply('EscrowDistributed', {
      jobId: b.workOrderId,
      customerId,
      contractorId,
      disputeId: randomUUID(),
      shares: { customerBps: 10_000, contractorBps: 0, platformBps: 0 },
      customerRefundCents: 20_000,
      contractorGrossCents: 0,
      platformShareCents: 0,
      fee: fee(0, 0),
      contractorNetCents: 0,
      refund: null,
      payout: null,
      distributedAt: '2026-05-02T12:00:00Z',
    });
    expect(await stageOf(b.workOrderId)).toBe('lost');
  });

  it('shows what an arbitration actually paid (the contractor’s 20 % share of $300), not the job’s price', async () => {
    const { workOrderId } = await bookedWorkOrder();
    await apply('EscrowFunded', {
      jobId: workOrderId,
      customerId,
      contractorId,
      amountCents: 30_000, // the contract's price, revised from the $200 bid
      fundedAt: '2026-06-01T12:00:00Z',
    });
    await apply('EscrowDistributed', {
      jobId: workOrderId,
      customerId,
      contractorId,
      disputeId: randomUUID(),
      shares: { customerBps: 8_000, contractorBps: 2_000, platformBps: 0 },
      customerRefundCents: 24_000,
      contractorGrossCents: 6_000,
      platformShareCents: 0,
      fee: fee(300, 39),
      contractorNetCents: 5_661,
      refund: { refundId: randomUUID(), paymentId: 'p', amountCents: 24_000 },
      payout: { payoutId: `${workOrderId}-contractor`, amountCents: 5_661, dueOn: '2026-06-04' },
      distributedAt: '2026-06-02T12:00:00Z',
    });
    const item = (await crmPipeline(sql, contractorId)).find((i) => i.jobId === workOrderId);
    expect(item).toMatchObject({ stage: 'paid', amountCents: 30_000, paidCents: 6_000 });

    // A release pays the whole price.
    const released = await bookedWorkOrder();
    await apply('EscrowReleased', {
      jobId: released.workOrderId,
      customerId,
      contractorId,
      amountCents: 20_000,
      fee: fee(1_200, 156),
      contractorNetCents: 18_644,
      payout: { payoutId: `${released.workOrderId}-contractor`, amountCents: 18_644, dueOn: '2026-06-06' },
      releasedAt: '2026-06-03T12:00:00Z',
    });
    expect((await crmPipeline(sql, contractorId)).find((i) => i.jobId === released.workOrderId)).toMatchObject({
      stage: 'paid',
      amountCents: 20_000,
      paidCents: 20_000,
    });
  });

  it('gives an urgent alert to the first who accepts and marks the others lost', async () => {
    const other = randomUUID();
    const alertId = randomUUID();
    await apply('UrgentAlertSent', {
      alertId,
      customerId,
      title: 'Burst pipe',
      baseCents: 20_000,
      priceCents: 40_000,
      premiumCents: 20_000,
      recipients: [contractorId, other],
      sentAt: '2026-06-01T12:00:00Z',
      expiresAt: '2026-06-01T14:00:00Z',
    });
    await apply('UrgentAlertAccepted', {
      alertId,
      customerId,
      contractorId: other,
      priceCents: 40_000,
      premiumCents: 20_000,
      acceptedAt: '2026-06-01T12:05:00Z',
    });
    expect(await crmLeads(sql, contractorId)).toEqual([
      expect.objectContaining({ kind: 'urgent_alert', status: 'lost', amountCents: 40_000, title: 'Burst pipe' }),
    ]);
    expect(await crmLeads(sql, other)).toEqual([expect.objectContaining({ status: 'won' })]);
  });

  it('counts a message as a lead only from a customer to a contractor, once per pair, and ignores replays', async () => {
    const message = (senderId: string, recipientId: string) => ({
      messageId: randomUUID(),
      conversation: { kind: 'work-order', id: randomUUID() },
      senderId,
      recipientId,
      body: 'Are you free next week for a small job?',
      postedAt: '2026-07-01T12:00:00Z',
    });
    await apply('MessagePosted', message(customerId, contractorId));
    await apply('MessagePosted', message(customerId, contractorId));
    await apply('MessagePosted', message(contractorId, customerId));
    const leads = await crmLeads(sql, contractorId);
    expect(leads).toEqual([expect.objectContaining({ kind: 'message', customerId, status: 'open' })]);

    const { workOrderId } = await bookedWorkOrder();
    const submitted = {
      workOrderId,
      customerId,
      proposalId: randomUUID(),
      contractorId,
      priceCents: 25_000,
      submittedAt: '2026-07-02T12:00:00Z',
    };
    await apply('ProposalSubmitted', submitted);
    await apply('ProposalSubmitted', submitted);
    expect((await crmLeads(sql, contractorId)).filter((lead) => lead.kind === 'bid')).toHaveLength(2);
    const [client] = await sql<
      { jobs: number }[]
    >`select jobs from rm_crm_clients where contractor_id = ${contractorId}`;
    expect(client!.jobs).toBe(1);
  });
});
