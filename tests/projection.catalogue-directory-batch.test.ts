import { RebuildMemory } from '../infrastructure/projections/rebuild-memory.ts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueDirectoryProjection } from '../projections/catalogue-directory.ts';
import { connect, type Sql } from '../shared/db/postgres.ts';
import type { RecordedEvent } from '../shared/eventstore/types.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { completeRecordedEvent, PROPERTY_SEED } from './support/recorded-event.ts';

/**
 * The contractor directory's fold (rm_contractor_directory and its side tables) for generated
 * logs of what the demo marketplace's log lacks or holds little of: accounts closed with open
 * booking requests and listed services, plans bought and ended, boosts, bookings rescheduled,
 * cancelled by either side and completed late, escrows released twice and arbitrations that take
 * a job back, offerings paused and resumed, ids written in capitals. Applying each event as its
 * own batch, the log cut into arbitrary batches and the from-zero rebuild path (rows kept in
 * memory across windows, evicted or not) must all leave the same rows.
 */
let database: TestDatabase;
let sql: Sql;

beforeAll(async () => {
  database = await createTestDatabase('directory_batch');
  sql = connect(database.url, { max: 2 });
});

afterAll(async () => {
  await sql?.end({ timeout: 5 });
  await database?.drop();
});

const projection = catalogueDirectoryProjection;
const tables = [...new Set(projection.reset.match(/\brm_\w+/g) ?? [])];

async function empty() {
  await sql.unsafe(projection.reset);
  await sql.unsafe(projection.schema);
}

/** Every row of the tables that exist, as JSON text, in a stable order. */
async function dump(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const [exists] = await sql<{ found: boolean }[]>`select to_regclass(${table}) is not null as found`;
    if (!exists?.found) continue;
    const rows = await sql.unsafe<{ row: string }[]>(`select to_jsonb(t)::text as row from ${table} t`);
    out[table] = rows.map((r) => r.row).sort();
  }
  return out;
}

/** A few ids, one of them in capitals (the schemas accept both; PostgreSQL keeps lower case). */
const ids = (prefix: number, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const id = `${prefix}000000${i + 1}-aaaa-4bbb-8ccc-${String(i + 1).padStart(12, '0')}`;
    return i === 0 ? id.toUpperCase() : id;
  });
const contractors = ids(1, 3);
const customer = ids(2, 1)[0]!;
const bookings = ids(3, 4);
const workOrders = ids(4, 2);
const offerings = ids(5, 3);

/** Hours after the start of 2026, as events write instants. */
const at = (hours: number) => new Date(Date.parse('2026-01-01T00:00:00Z') + hours * 3_600_000).toISOString();
const hour = fc.nat({ max: 24 * 60 });
const who = fc.nat({ max: contractors.length - 1 });
const booking = fc.nat({ max: bookings.length - 1 });
/** A booking's contractor: every event of a booking names the same one, as its stream's decider ensures. */
const contractorOfBooking = (b: number) => contractors[b % contractors.length];
/** A job: a work order, or a booking's own id (a direct booking's escrow). */
const job = fc.oneof(fc.constantFrom(...workOrders), fc.constantFrom(...bookings));
const services = fc.subarray(['plumbing', 'electrical', 'tutoring', 'dog-walking', 'painting'], { maxLength: 3 });

const event: fc.Arbitrary<RecordedEvent> = fc.oneof(
  fc
    .record({ c: who, role: fc.constantFrom('contractor', 'contractor', 'customer'), h: hour })
    .map(({ c, role, h }) =>
      completeRecordedEvent('AccountRegistered', { accountId: contractors[c], role, registeredAt: at(h) }),
    ),
  fc
    .record({ c: who, h: hour })
    .map(({ c, h }) => completeRecordedEvent('AccountClosed', { accountId: contractors[c], closedAt: at(h) })),
  fc
    .record({
      c: who,
      location: fc.constantFrom(null, 'Montréal, QC', 'Somewhere'),
      remote: fc.boolean(),
      statement: fc.constantFrom(null, 'Réparations rapides'),
      h: hour,
    })
    .map(({ c, location, remote, statement, h }) =>
      completeRecordedEvent('ContractorProfileUpdated', {
        contractorId: contractors[c],
        location,
        canWorkRemotely: remote,
        yearsOfExperience: 3,
        expertiseStatement: statement,
        updatedAt: at(h),
      }),
    ),
  fc.record({ c: who, services, rate: fc.constantFrom(null, 4_500), h: hour }).map(({ c, services, rate, h }) =>
    completeRecordedEvent('ContractorServiceAreaSet', {
      contractorId: contractors[c],
      fsa: 'H2X',
      city: 'Montréal',
      province: 'QC',
      lat: 45.5,
      lng: -73.57,
      radiusKm: 25,
      services,
      hourlyRateCents: rate,
      setAt: at(h),
    }),
  ),
  fc
    .record({
      type: fc.constantFrom(
        'ServiceOfferingCreated',
        'ServiceOfferingUpdated',
        'ServiceOfferingPaused',
        'ServiceOfferingResumed',
        'ServiceOfferingBarterSet',
      ),
      o: fc.nat({ max: offerings.length - 1 }),
      c: who,
      title: fc.constantFrom('Leaky faucet repair', 'Math tutoring', 'Odd jobs'),
      service: fc.constantFrom(undefined, null, 'plumbing', 'tutoring'),
      price: fc.nat({ max: 50_000 }),
      remote: fc.boolean(),
      active: fc.boolean(),
      h: hour,
    })
    .map((e) => {
      const atField = {
        ServiceOfferingCreated: 'createdAt',
        ServiceOfferingUpdated: 'updatedAt',
        ServiceOfferingPaused: 'pausedAt',
        ServiceOfferingResumed: 'resumedAt',
        ServiceOfferingBarterSet: 'setAt',
      }[e.type];
      return completeRecordedEvent(e.type, {
        offeringId: offerings[e.o],
        contractorId: contractors[e.c],
        title: e.title,
        description: `About ${e.title}`,
        pricingModel: 'fixed',
        priceCents: e.price,
        isRemoteService: e.remote,
        isActive: e.active,
        ...(e.service !== undefined && { service: e.service }),
        [atField]: at(e.h),
      });
    }),
  fc
    .record({
      c: who,
      ratings: fc.array(
        fc.record({ side: fc.constantFrom('customer', 'contractor'), rating: fc.integer({ min: 1, max: 5 }) }),
        { minLength: 1, maxLength: 2 },
      ),
      h: hour,
    })
    .map(({ c, ratings, h }) =>
      completeRecordedEvent('ReviewsPublished', {
        contractorId: contractors[c],
        customerId: customer,
        bookingId: bookings[0],
        reviews: ratings.map(({ side, rating }) => ({
          reviewerId: customer,
          revieweeId: contractors[c],
          side,
          rating,
          text: 'Fine.',
          submittedAt: at(h),
        })),
        reason: 'both-written',
        publishedAt: at(h),
      }),
    ),
  fc
    .record({
      b: booking,
      c: who,
      workOrder: fc.constantFrom(null, ...workOrders),
      h: hour,
      hours: fc.integer({ min: 1, max: 72 }),
    })
    .map(({ b, workOrder, h, hours }) =>
      completeRecordedEvent('BookingRequested', {
        bookingId: bookings[b],
        contractorId: contractorOfBooking(b),
        customerId: customer,
        startsAt: at(h + hours - 1),
        endsAt: at(h + hours),
        timeZone: 'America/Toronto',
        customerTimeZone: 'America/Toronto',
        workOrderId: workOrder,
        offeringId: null,
        priceCents: null,
        note: null,
        requestedAt: at(h),
      }),
    ),
  fc.record({ b: booking, confirmed: fc.boolean(), h: hour }).map(({ b, confirmed, h }) =>
    confirmed
      ? completeRecordedEvent('BookingConfirmed', {
          bookingId: bookings[b],
          contractorId: contractorOfBooking(b),
          customerId: customer,
          startsAt: at(h + 1),
          confirmedAt: at(h),
        })
      : completeRecordedEvent('BookingDeclined', {
          bookingId: bookings[b],
          contractorId: contractorOfBooking(b),
          customerId: customer,
          reason: null,
          declinedAt: at(h),
        }),
  ),
  fc.record({ b: booking, h: hour }).map(({ b, h }) =>
    completeRecordedEvent('BookingRescheduled', {
      bookingId: bookings[b],
      contractorId: contractorOfBooking(b),
      customerId: customer,
      previousStartsAt: at(h),
      startsAt: at(h + 1),
      endsAt: at(h + 2),
      rescheduledBy: customer,
      needsConfirmation: false,
      rescheduledAt: at(h),
    }),
  ),
  fc.record({ b: booking, byContractor: fc.boolean(), h: hour }).map(({ b, byContractor, h }) =>
    completeRecordedEvent('BookingCancelled', {
      bookingId: bookings[b],
      contractorId: contractorOfBooking(b),
      customerId: customer,
      cancelledBy: byContractor ? contractorOfBooking(b) : customer,
      lateFeeCents: 0,
      reason: null,
      cancelledAt: at(h),
    }),
  ),
  fc.record({ b: booking, workOrder: fc.constantFrom(null, ...workOrders), h: hour }).map(({ b, workOrder, h }) =>
    completeRecordedEvent('BookingCompleted', {
      bookingId: bookings[b],
      contractorId: contractorOfBooking(b),
      customerId: customer,
      workOrderId: workOrder,
      completedBy: contractorOfBooking(b),
      completedAt: at(h),
    }),
  ),
  fc.record({ jobId: job, c: who, h: hour }).map(({ jobId, c, h }) =>
    completeRecordedEvent('EscrowReleased', {
      jobId,
      customerId: customer,
      contractorId: contractors[c],
      trigger: 'approval',
      amountCents: 20_000,
      contractorNetCents: 19_000,
      releasedAt: at(h),
    }),
  ),
  fc.record({ jobId: job, c: who, gross: fc.constantFrom(0, 4_000), h: hour }).map(({ jobId, c, gross, h }) =>
    completeRecordedEvent('EscrowDistributed', {
      jobId,
      customerId: customer,
      contractorId: contractors[c],
      disputeId: jobId,
      shares: { customerBps: 10_000 - gross, contractorBps: gross, platformBps: 0 },
      customerRefundCents: 10_000 - gross,
      contractorGrossCents: gross,
      platformShareCents: 0,
      contractorNetCents: gross,
      distributedAt: at(h),
    }),
  ),
  fc.record({ c: who, windows: fc.nat({ max: 2 }), h: hour }).map(({ c, windows, h }) =>
    completeRecordedEvent('AvailabilitySet', {
      contractorId: contractors[c],
      timeZone: 'America/Toronto',
      weekly: Array.from({ length: windows }, (_, i) => ({ weekday: i + 1, start: '09:00', end: '17:00' })),
      slotMinutes: 60,
      setAt: at(h),
    }),
  ),
  fc
    .record({ c: who, plan: fc.constantFrom('local', 'pro', 'enterprise'), ended: fc.boolean(), h: hour })
    .map(({ c, plan, ended, h }) =>
      ended
        ? completeRecordedEvent('PlanEnded', {
            accountId: contractors[c],
            planId: plan,
            reason: 'cancelled',
            endedAt: at(h),
          })
        : completeRecordedEvent('PlanPurchased', {
            accountId: contractors[c],
            planId: plan,
            paymentId: 'payment-test',
            cardBrand: 'visa',
            cardLast4: '4242',
            amountCents: 1_000,
            paymentMethodId: 'pm-test',
            periodStart: at(h),
            periodEnd: at(h + 720),
            purchasedAt: at(h),
          }),
    ),
  fc.record({ c: who, h: hour, days: fc.integer({ min: 1, max: 30 }) }).map(({ c, h, days }) =>
    completeRecordedEvent('BoostPurchased', {
      contractorId: contractors[c],
      boostId: 'boost-7',
      days,
      amountCents: 0,
      paymentId: null,
      cardBrand: null,
      cardLast4: null,
      startsAt: at(h),
      endsAt: at(h + days * 24),
      purchasedAt: at(h),
    }),
  ),
);

/** Logs that start by registering the contractors, so most events find a row to change. */
const log = fc
  .array(event, { maxLength: 50 })
  .map((events) => [
    ...contractors.map((id) =>
      completeRecordedEvent('AccountRegistered', { accountId: id, role: 'contractor', registeredAt: at(0) }),
    ),
    ...events,
  ]);
const cuts = fc.array(fc.nat({ max: 60 }), { maxLength: 5 });

/** Whether an account is closed after it listed a service (its counts must go down). */
function closesAListedContractor(events: readonly RecordedEvent[]) {
  const listed = new Set<string>();
  for (const { type, data } of events) {
    const d = data as { contractorId?: string; accountId?: string; services?: string[]; isActive?: boolean };
    if (type === 'ContractorServiceAreaSet' && d.services!.length > 0) listed.add(d.contractorId!);
    if (type.startsWith('ServiceOffering') && d.isActive) listed.add(d.contractorId!);
    if (type === 'AccountClosed' && listed.has(d.accountId!)) return true;
  }
  return false;
}

async function oneByOne(events: readonly RecordedEvent[]) {
  await empty();
  for (const e of events) await sql.begin((tx) => projection.apply(tx, e));
  return dump();
}

async function inBatches(events: readonly RecordedEvent[], at: readonly number[]) {
  await empty();
  const bounds = [...new Set([0, ...at.map((cut) => Math.min(cut, events.length)), events.length])].sort(
    (a, b) => a - b,
  );
  for (let i = 0; i + 1 < bounds.length; i++) {
    const batch = events.slice(bounds[i], bounds[i + 1]);
    await sql.begin((tx) => projection.applyAll!(tx, batch));
  }
  return dump();
}

async function rebuilt(events: readonly RecordedEvent[], at: readonly number[], cacheRows: number) {
  await empty();
  const rebuild = projection.rebuild!({ memory: new RebuildMemory(cacheRows), storedKeys: 1_000_000 });
  await sql.begin((tx) => rebuild.start(tx));
  const bounds = [...new Set([0, ...at.map((cut) => Math.min(cut, events.length)), events.length])].sort(
    (a, b) => a - b,
  );
  for (let i = 0; i + 1 < bounds.length; i++) {
    const batch = events.slice(bounds[i], bounds[i + 1]);
    await sql.begin((tx) => rebuild.applyAll(tx, batch));
  }
  await sql.begin((tx) => rebuild.finish(tx));
  return dump();
}

describe('contractor directory (rm_contractor_directory and its side tables)', () => {
  it('any cut of a log, batched or rebuilt, ends with the rows of applying it event by event', async () => {
    const seen = { listed: 0, completed: 0, answered: 0, closedWithServices: 0 };
    await fc.assert(
      fc.asyncProperty(log, cuts, fc.constantFrom(0, 2, 1_000), async (events, at, cacheRows) => {
        const expected = await oneByOne(events);
        expect(await inBatches(events, at)).toEqual(expected);
        expect(await rebuilt(events, at, cacheRows)).toEqual(expected);
        const rows = expected.rm_contractor_directory!.map((row) => JSON.parse(row) as Record<string, unknown>);
        if (rows.some((row) => (row.services as string[]).length > 0)) seen.listed++;
        if (rows.some((row) => (row.completed_jobs as number) > 0)) seen.completed++;
        if (rows.some((row) => (row.answered_requests as number) > 0)) seen.answered++;
        if (closesAListedContractor(events)) seen.closedWithServices++;
      }),
      { numRuns: 60, seed: PROPERTY_SEED },
    );
    // The logs did list services, count jobs, answer requests and close listed contractors
    // (a property over rows that never change would prove nothing).
    expect(seen.listed).toBeGreaterThan(0);
    expect(seen.completed).toBeGreaterThan(0);
    expect(seen.answered).toBeGreaterThan(0);
    expect(seen.closedWithServices).toBeGreaterThan(0);
  }, 300_000);
});
