import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { moneyStepsProjection } from '../projections/money-steps.ts';
import { connect, type Sql } from '../shared/db/postgres.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { completeRecordedEvent, contractTerms } from './support/recorded-event.ts';

/**
 * The jobs the money process's timers wait on (projections/money-steps.ts), event by event against
 * PostgreSQL: each kind of job enters at the step its timer takes first, moves on as the contract
 * and escrow come, and leaves when nothing is left to do, so the timers never read finished jobs.
 */
let database: TestDatabase;
let sql: Sql;

beforeAll(async () => {
  database = await createTestDatabase('money_steps');
  sql = connect(database.url, { max: 2 });
  await sql.unsafe(moneyStepsProjection.schema);
});

afterAll(async () => {
  await sql?.end();
  await database?.drop();
});

beforeEach(async () => {
  await sql.unsafe('truncate rm_money_steps');
});

const customerId = randomUUID();
const contractorId = randomUUID();

async function apply(type: string, data: Record<string, unknown>) {
  await sql.begin((tx) => moneyStepsProjection.apply(tx, completeRecordedEvent(type, data)));
}

async function stepOf(jobId: string): Promise<{ step: string; kind: string } | null> {
  const [row] = await sql<{ step: string; kind: string }[]>`
    select step, job_kind as kind from rm_money_steps where job_id = ${jobId}`;
  return row ?? null;
}

const generated = (jobId: string, jobKind: string, priceCents: number | null = 50_000) =>
  apply('ContractGenerated', {
    jobId,
    version: 1,
    terms: contractTerms({ jobId, jobKind, priceCents }, { customerId, contractorId }),
  });
const executed = (jobId: string) =>
  apply('ContractExecuted', {
    jobId,
    version: 1,
    textHash: 'a'.repeat(64),
    customerId,
    contractorId,
    executedAt: '2026-03-03T12:00:00Z',
  });
const escrowCreated = (jobId: string) =>
  apply('EscrowCreated', {
    jobId,
    contractVersion: 1,
    customerId,
    contractorId,
    amountCents: 50_000,
    contractorProvince: 'ON',
    startsAt: null,
    createdAt: '2026-03-03T12:00:01Z',
  });

function awarded(workOrderId: string) {
  return apply('WorkOrderAwarded', {
    workOrderId,
    customerId,
    contractorId,
    proposalId: randomUUID(),
    priceCents: 50_000,
    awardedAt: '2026-03-02T12:00:00Z',
  });
}

function bookingRequested(bookingId: string, extra: Record<string, unknown> = {}) {
  return apply('BookingRequested', {
    bookingId,
    contractorId,
    customerId,
    startsAt: '2026-03-10T14:00:00Z',
    endsAt: '2026-03-10T15:00:00Z',
    timeZone: 'America/Toronto',
    customerTimeZone: 'America/Toronto',
    workOrderId: null,
    offeringId: randomUUID(),
    priceCents: 50_000,
    note: null,
    requestedAt: '2026-03-02T12:00:00Z',
    ...extra,
  });
}

const bookingConfirmed = (bookingId: string) =>
  apply('BookingConfirmed', {
    bookingId,
    contractorId,
    customerId,
    startsAt: '2026-03-10T14:00:00Z',
    confirmedAt: '2026-03-02T13:00:00Z',
  });

const completed = (bookingId: string, workOrderId: string | null) =>
  apply('BookingCompleted', {
    bookingId,
    contractorId,
    customerId,
    workOrderId,
    completedBy: contractorId,
    completedAt: '2026-03-10T15:00:00Z',
  });

describe('the jobs the money timers wait on', () => {
  it('follows an awarded work order from its contract to its escrow, then forgets it', async () => {
    const job = randomUUID();
    await awarded(job);
    expect(await stepOf(job)).toEqual({ step: 'contract', kind: 'work-order' });
    await generated(job, 'work-order');
    expect(await stepOf(job)).toEqual({ step: 'signatures', kind: 'work-order' });
    await executed(job);
    expect(await stepOf(job)).toEqual({ step: 'escrow', kind: 'work-order' });
    await escrowCreated(job);
    expect(await stepOf(job)).toBeNull();
  });

  it("follows a direct booking from its request; a work order's booking is its order's job", async () => {
    const booking = randomUUID();
    await bookingRequested(booking);
    expect(await stepOf(booking)).toEqual({ step: 'confirmation', kind: 'booking' });
    await bookingConfirmed(booking);
    expect(await stepOf(booking)).toEqual({ step: 'contract', kind: 'booking' });
    // Completed before its contract came, a direct booking still needs one.
    await completed(booking, null);
    expect(await stepOf(booking)).toEqual({ step: 'contract', kind: 'booking' });

    const order = randomUUID();
    const orderBooking = randomUUID();
    await awarded(order);
    await bookingRequested(orderBooking, { workOrderId: order });
    await bookingConfirmed(orderBooking);
    expect(await stepOf(orderBooking)).toBeNull();
    expect(await stepOf(order)).toEqual({ step: 'contract', kind: 'work-order' });
  });

  it('marks a recurring visit as such', async () => {
    const visit = randomUUID();
    await bookingRequested(visit, { recurring: { subscriptionId: randomUUID(), visitIndex: 2 } });
    await bookingConfirmed(visit);
    expect(await stepOf(visit)).toEqual({ step: 'contract', kind: 'visit' });
  });

  it('forgets a job that ends before its contract, and keeps one whose contract must be cancelled', async () => {
    const declined = randomUUID();
    await bookingRequested(declined);
    await apply('BookingDeclined', {
      bookingId: declined,
      contractorId,
      customerId,
      reason: null,
      declinedAt: '2026-03-02T14:00:00Z',
    });
    expect(await stepOf(declined)).toBeNull();

    const cancelledOrder = randomUUID();
    await awarded(cancelledOrder);
    await apply('WorkOrderCancelled', {
      workOrderId: cancelledOrder,
      customerId,
      reason: null,
      cancelledAt: '2026-03-02T14:00:00Z',
    });
    expect(await stepOf(cancelledOrder)).toBeNull();

    // Its booking completed, an order is done with (the contract timer reads awarded and scheduled ones).
    const completedOrder = randomUUID();
    await awarded(completedOrder);
    await completed(randomUUID(), completedOrder);
    expect(await stepOf(completedOrder)).toBeNull();

    const cancelledLate = randomUUID();
    await bookingRequested(cancelledLate);
    await bookingConfirmed(cancelledLate);
    await generated(cancelledLate, 'booking');
    await apply('BookingCancelled', {
      bookingId: cancelledLate,
      contractorId,
      customerId,
      cancelledBy: customerId,
      lateFeeCents: 0,
      reason: null,
      cancelledAt: '2026-03-02T15:00:00Z',
    });
    expect(await stepOf(cancelledLate)).toEqual({ step: 'signatures', kind: 'booking' });
    await apply('ContractCancelled', {
      jobId: cancelledLate,
      version: 1,
      reason: 'job-cancelled',
      cancelledAt: '2026-03-02T15:00:01Z',
    });
    expect(await stepOf(cancelledLate)).toBeNull();
  });

  it('forgets an agreement, which never has an escrow', async () => {
    const subscription = randomUUID();
    await apply('ServiceSubscriptionRequested', {
      subscriptionId: subscription,
      offerId: randomUUID(),
      contractorId,
      customerId,
      title: 'Lawn mowing',
      description: 'Front and back.',
      service: 'landscaping',
      pricePerVisitCents: 6_000,
      frequency: 'weekly',
      firstVisit: '2026-03-09T09:00',
      timeZone: 'America/Toronto',
      durationMinutes: 60,
      customerTimeZone: 'America/Toronto',
      paymentMethodId: 'pm_test',
      cardBrand: 'visa',
      cardLast4: '4242',
      note: null,
      requestedAt: '2026-03-02T12:00:00Z',
    });
    expect(await stepOf(subscription)).toEqual({ step: 'contract', kind: 'subscription' });
    await generated(subscription, 'subscription');
    expect(await stepOf(subscription)).toBeNull();
  });

  it('keeps a contract drawn up without a price: a revision sets it, then it is signed and needs its escrow', async () => {
    const unpriced = randomUUID();
    await bookingRequested(unpriced, { priceCents: null });
    await bookingConfirmed(unpriced);
    await generated(unpriced, 'booking', null);
    expect(await stepOf(unpriced)).toEqual({ step: 'signatures', kind: 'booking' });
    // Its revision with a price changes nothing here (this read model does not read it); both then sign.
    await executed(unpriced);
    expect(await stepOf(unpriced)).toEqual({ step: 'escrow', kind: 'booking' });
  });

  it('ignores an event replayed after its job moved on', async () => {
    const job = randomUUID();
    await awarded(job);
    await generated(job, 'work-order');
    await awarded(job);
    await bookingConfirmed(job);
    expect(await stepOf(job)).toEqual({ step: 'signatures', kind: 'work-order' });
  });
});
