import { randomUUID } from 'node:crypto';
import { completeRecordedEvent } from './support/recorded-event.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findWorkOrder, workOrdersProjection } from '../projections/work-orders.ts';
import { connect, type Sql } from '../shared/db/postgres.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';

/**
 * The work-orders read model follows the job's money, event by event against PostgreSQL: the
 * agreed price is the accepted bid, then the contract's (a revision changes it), then the
 * escrow's, never the budget; the money state goes awaiting payment → funded → completed (and back
 * on a request for changes) → released, or → disputed → decided, or → refunded; another job's
 * contract and escrow (a booking's) leave the order alone.
 */
let database: TestDatabase;
let sql: Sql;

beforeAll(async () => {
  database = await createTestDatabase('work_orders_money');
  sql = connect(database.url, { max: 2 });
  await sql.unsafe(workOrdersProjection.schema);
});

afterAll(async () => {
  await sql?.end();
  await database?.drop();
});

beforeEach(async () => {
  await sql.unsafe('truncate rm_work_orders, rm_work_proposals');
});

const customerId = randomUUID();
const contractorId = randomUUID();

async function apply(type: string, data: Record<string, unknown>) {
  await sql.begin((tx) => workOrdersProjection.apply(tx, completeRecordedEvent(type, data)));
}

/** A $600 order hired on a $550 bid. */
async function hiredOrder() {
  const workOrderId = randomUUID();
  const proposalId = randomUUID();
  await apply('WorkOrderPosted', {
    workOrderId,
    customerId,
    mode: 'bids',
    directContractorId: null,
    title: 'Paint the hallway',
    description: 'Two coats on the hallway walls.',
    category: 'painting',
    service: null,
    remote: false,
    location: null,
    budgetMinCents: 60_000,
    budgetMaxCents: 60_000,
    preferredDates: [],
    photos: [],
    postedAt: '2026-03-01T12:00:00Z',
  });
  await apply('WorkOrderAwarded', {
    workOrderId,
    customerId,
    contractorId,
    proposalId,
    priceCents: 55_000,
    awardedAt: '2026-03-02T12:00:00Z',
  });
  return workOrderId;
}

const terms = (jobId: string, priceCents: number, jobKind = 'work-order') => ({
  jobId,
  jobKind,
  title: 'Paint the hallway',
  scope: 'Two coats on the hallway walls.',
  priceCents,
  schedule: null,
  customer: { userId: customerId, province: 'ON' },
  contractor: { userId: contractorId, province: 'ON' },
  governingProvince: 'ON',
});

const escrow = (jobId: string) => ({ jobId, customerId, contractorId });
const moneyOf = async (id: string) => {
  const order = await findWorkOrder(sql, id);
  return { status: order?.status, agreed: order?.agreedPriceCents, money: order?.moneyStatus };
};

describe('work-orders projection: the job’s money', () => {
  it('agrees on the bid, then the revised contract, then the escrow, and follows it to release', async () => {
    const id = await hiredOrder();
    expect(await findWorkOrder(sql, id)).toMatchObject({
      status: 'awarded',
      budgetMaxCents: 60_000,
      awardedPriceCents: 55_000,
      agreedPriceCents: 55_000,
      moneyStatus: null,
    });
    await apply('ContractGenerated', { jobId: id, version: 1, terms: terms(id, 55_000) });
    await apply('ContractRevised', { jobId: id, version: 2, terms: terms(id, 52_500) });
    expect(await moneyOf(id)).toEqual({ status: 'awarded', agreed: 52_500, money: null });
    await apply('EscrowCreated', { ...escrow(id), amountCents: 52_500, createdAt: '2026-03-03T12:00:00Z' });
    expect(await moneyOf(id)).toEqual({ status: 'awarded', agreed: 52_500, money: 'awaiting-payment' });
    await apply('EscrowFunded', { ...escrow(id), amountCents: 52_500, fundedAt: '2026-03-04T12:00:00Z' });
    expect((await moneyOf(id)).money).toBe('funded');
    await apply('WorkMarkedComplete', { ...escrow(id), completedAt: '2026-03-05T12:00:00Z' });
    expect((await moneyOf(id)).money).toBe('completed');
    await apply('ChangesRequested', { ...escrow(id), note: 'A second coat.', requestedAt: '2026-03-06T12:00:00Z' });
    expect((await moneyOf(id)).money).toBe('funded');
    await apply('WorkMarkedComplete', { ...escrow(id), completedAt: '2026-03-07T12:00:00Z' });
    await apply('EscrowReleased', { ...escrow(id), amountCents: 52_500, releasedAt: '2026-03-08T12:00:00Z' });
    expect(await moneyOf(id)).toEqual({ status: 'awarded', agreed: 52_500, money: 'released' });
  });

  it('shows a dispute, then the arbitrator’s decision; a refund after a cancellation', async () => {
    const disputed = await hiredOrder();
    await apply('EscrowCreated', { ...escrow(disputed), amountCents: 55_000, createdAt: '2026-03-03T12:00:00Z' });
    await apply('EscrowFunded', { ...escrow(disputed), amountCents: 55_000, fundedAt: '2026-03-04T12:00:00Z' });
    await apply('EscrowFrozen', {
      jobId: disputed,
      disputeId: disputed,
      openedBy: customerId,
      frozenAt: '2026-03-05T12:00:00Z',
    });
    expect((await moneyOf(disputed)).money).toBe('disputed');
    await apply('EscrowDistributed', {
      ...escrow(disputed),
      disputeId: disputed,
      distributedAt: '2026-03-09T12:00:00Z',
    });
    expect(await moneyOf(disputed)).toEqual({ status: 'awarded', agreed: 55_000, money: 'decided' });

    const refunded = await hiredOrder();
    await apply('EscrowCreated', { ...escrow(refunded), amountCents: 55_000, createdAt: '2026-03-03T12:00:00Z' });
    await apply('EscrowFunded', { ...escrow(refunded), amountCents: 55_000, fundedAt: '2026-03-04T12:00:00Z' });
    await apply('EscrowRefunded', { ...escrow(refunded), refundedAt: '2026-03-05T12:00:00Z' });
    expect((await moneyOf(refunded)).money).toBe('refunded');
  });

  it('leaves the order alone for another job’s contract and escrow', async () => {
    const id = await hiredOrder();
    const bookingId = randomUUID();
    await apply('ContractGenerated', { jobId: bookingId, version: 1, terms: terms(bookingId, 9_000, 'booking') });
    await apply('EscrowCreated', { ...escrow(bookingId), amountCents: 9_000, createdAt: '2026-03-03T12:00:00Z' });
    await apply('EscrowFunded', { ...escrow(bookingId), amountCents: 9_000, fundedAt: '2026-03-04T12:00:00Z' });
    expect(await moneyOf(id)).toEqual({ status: 'awarded', agreed: 55_000, money: null });
    expect(await findWorkOrder(sql, bookingId)).toBeNull();
  });
});
