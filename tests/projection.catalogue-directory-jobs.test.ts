import { randomUUID } from 'node:crypto';
import { completeRecordedEvent } from './support/recorded-event.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { catalogueDirectoryProjection } from '../projections/catalogue-directory.ts';
import { connect, type Sql } from '../shared/db/postgres.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';

/**
 * The directory's completed jobs, event by event against PostgreSQL: a booking marked completed
 * counts, and so does a work order won by a bid or a direct request once its escrow is released;
 * a booking made for a work order and that order's release are one job, counted once, whichever
 * comes first; an arbitration that pays the contractor a share counts, one that gives them nothing
 * does not (and takes back a job its booking had counted). The on-time badge judges only jobs that
 * had a booking.
 */
let database: TestDatabase;
let sql: Sql;

beforeAll(async () => {
  database = await createTestDatabase('directory_jobs');
  sql = connect(database.url, { max: 2 });
  await sql.unsafe(catalogueDirectoryProjection.schema);
});

afterAll(async () => {
  await sql?.end();
  await database?.drop();
});

beforeEach(async () => {
  await sql.unsafe(
    'truncate rm_contractor_directory, rm_directory_open_requests, rm_directory_booking_ends, ' +
      'rm_directory_completed_jobs, rm_service_directory_counts',
  );
});

const customerId = randomUUID();

async function apply(type: string, data: Record<string, unknown>) {
  await sql.begin((tx) => catalogueDirectoryProjection.apply(tx, completeRecordedEvent(type, data)));
}

async function contractor() {
  const id = randomUUID();
  await apply('AccountRegistered', { accountId: id, role: 'contractor', registeredAt: '2026-01-01T12:00:00Z' });
  return id;
}

async function statsOf(contractorId: string) {
  const [row] = await sql<{ completed: number; scheduled: number; onTime: number; badges: string[] }[]>`
    select completed_jobs as completed, scheduled_jobs as scheduled, on_time_jobs as "onTime", badges
    from rm_contractor_directory where contractor_id = ${contractorId}`;
  return row;
}

/** A booking requested and completed on time (an hour after its end). */
async function completedBooking(contractorId: string, workOrderId: string | null = null) {
  const bookingId = randomUUID();
  await apply('BookingRequested', {
    bookingId,
    contractorId,
    customerId,
    startsAt: '2026-03-10T14:00:00Z',
    endsAt: '2026-03-10T16:00:00Z',
    timeZone: 'America/Toronto',
    customerTimeZone: 'America/Toronto',
    workOrderId,
    offeringId: null,
    priceCents: 20_000,
    note: null,
    requestedAt: '2026-03-01T12:00:00Z',
  });
  await apply('BookingCompleted', {
    bookingId,
    contractorId,
    customerId,
    workOrderId,
    completedBy: contractorId,
    completedAt: '2026-03-10T17:00:00Z',
  });
  return bookingId;
}

const released = (jobId: string, contractorId: string) =>
  apply('EscrowReleased', {
    jobId,
    customerId,
    contractorId,
    trigger: 'approval',
    amountCents: 20_000,
    contractorNetCents: 19_000,
    releasedAt: '2026-03-12T12:00:00Z',
  });

const distributed = (jobId: string, contractorId: string, contractorGrossCents: number) =>
  apply('EscrowDistributed', {
    jobId,
    customerId,
    contractorId,
    disputeId: jobId,
    shares: { customerBps: 10_000 - contractorGrossCents, contractorBps: contractorGrossCents, platformBps: 0 },
    customerRefundCents: 10_000 - contractorGrossCents,
    contractorGrossCents,
    platformShareCents: 0,
    contractorNetCents: contractorGrossCents,
    distributedAt: '2026-03-20T12:00:00Z',
  });

describe('contractor directory: completed jobs', () => {
  it('counts a work order whose escrow was released, without a booking', async () => {
    const id = await contractor();
    await released(randomUUID(), id);
    expect(await statsOf(id)).toMatchObject({ completed: 1, scheduled: 0, onTime: 0 });
  });

  it('counts a booking and its work order’s release once, in either order', async () => {
    const id = await contractor();
    const bookedFirst = randomUUID();
    await completedBooking(id, bookedFirst);
    await released(bookedFirst, id);
    expect(await statsOf(id)).toMatchObject({ completed: 1, scheduled: 1, onTime: 1 });

    const releasedFirst = randomUUID();
    await released(releasedFirst, id);
    await completedBooking(id, releasedFirst);
    expect((await statsOf(id))!.completed).toBe(2);
  });

  it('counts a direct booking and its own escrow’s release (the booking’s id) once', async () => {
    const id = await contractor();
    const bookingId = await completedBooking(id);
    await released(bookingId, id);
    await released(bookingId, id);
    expect(await statsOf(id)).toMatchObject({ completed: 1, scheduled: 1, onTime: 1 });
  });

  it('counts an arbitration that pays the contractor, not one that refunds the customer in full', async () => {
    const id = await contractor();
    await distributed(randomUUID(), id, 4_000);
    expect((await statsOf(id))!.completed).toBe(1);
    await distributed(randomUUID(), id, 0);
    expect((await statsOf(id))!.completed).toBe(1);
  });

  it('takes back a booked job the arbitrator refunded in full, and does not count it again later', async () => {
    const id = await contractor();
    const workOrderId = randomUUID();
    await completedBooking(id, workOrderId);
    expect(await statsOf(id)).toMatchObject({ completed: 1, scheduled: 1, onTime: 1 });
    await distributed(workOrderId, id, 0);
    expect(await statsOf(id)).toMatchObject({ completed: 0, scheduled: 0, onTime: 0 });
    await released(workOrderId, id);
    expect((await statsOf(id))!.completed).toBe(0);
  });

  it('keeps the on-time badge among booked jobs when jobs paid without a booking are added', async () => {
    const id = await contractor();
    for (let i = 0; i < 5; i += 1) await completedBooking(id);
    for (let i = 0; i < 3; i += 1) await released(randomUUID(), id);
    const stats = await statsOf(id);
    expect(stats).toMatchObject({ completed: 8, scheduled: 5, onTime: 5 });
    expect(stats!.badges).toEqual(expect.arrayContaining(['reliable', 'on-time']));
  });

  it('ignores a release for a contractor the directory does not list', async () => {
    await released(randomUUID(), randomUUID());
    const [row] = await sql<{ n: number }[]>`select count(*)::int as n from rm_contractor_directory`;
    expect(row!.n).toBe(0);
  });
});
