import { RebuildMemory } from '../infrastructure/projections/rebuild-memory.ts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workOrdersProjection } from '../projections/work-orders.ts';
import { connect, type Sql } from '../shared/db/postgres.ts';
import type { RecordedEvent } from '../shared/eventstore/types.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { completeRecordedEvent, PROPERTY_SEED } from './support/recorded-event.ts';

/**
 * The work-orders read model is a fold; the demo marketplace's log (tests/projections.rebuild-
 * equivalence.test.ts) holds no edit, cancellation, declined direct request, withdrawn proposal,
 * declined or cancelled booking, revised contract or most of the escrow's ends. For generated logs
 * of all of them (events in any order after the orders are posted, delivered twice, ids in capitals
 * or not), applying each event as its own batch, the log cut into any batches, and a rebuild in any
 * windows with rows evicted or not must leave the same rows; and every order's proposal count is
 * the count of its live and accepted proposals, as the per-event SQL's recount had it.
 */
let database: TestDatabase;
let sql: Sql;

beforeAll(async () => {
  database = await createTestDatabase('work_orders_batch');
  sql = connect(database.url, { max: 2 });
});

afterAll(async () => {
  await sql?.end({ timeout: 5 });
  await database?.drop();
});

const TABLES = ['rm_work_orders', 'rm_work_proposals', 'rm_work_order_bookings'] as const;

/** Every row of the tables, as JSON text, in a stable order. */
async function dump(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of TABLES) {
    const rows = await sql.unsafe<{ row: string }[]>(`select to_jsonb(t)::text as row from ${table} t`);
    out[table] = rows.map((r) => r.row).sort();
  }
  return out;
}

async function empty() {
  await sql.unsafe(workOrdersProjection.reset);
  await sql.unsafe(workOrdersProjection.schema);
}

const indexes = async () =>
  (
    await sql<{ definition: string }[]>`
      select indexdef as definition from pg_indexes where tablename = any(${TABLES as unknown as string[]})`
  )
    .map((row) => row.definition)
    .sort();

const id = (kind: number, n: number) => `${kind}000000${n}-aaaa-4bbb-8ccc-${String(n).padStart(12, '0')}`;
const ORDERS = [0, 1, 2].map((n) => id(1, n));
const CUSTOMERS = [0, 1, 2].map((n) => id(2, n));
const CONTRACTORS = [0, 1].map((n) => id(3, n));
/** Each proposal is the bid of one contractor on one order (its events name that order). */
const PROPOSALS = [0, 1, 2, 3, 4].map((n) => ({ id: id(4, n), order: n % 3, contractor: n % 2 }));
/** Each booking is for one order, or (the last) for an offering. */
const BOOKINGS = [0, 1, 2, 3].map((n) => ({ id: id(5, n), order: n < 3 ? n : null }));
/** A job that is no work order: a booking's contract and escrow. */
const OTHER_JOB = id(6, 0);

/** The same id as an event may write it: PostgreSQL keeps uuids in lower case and compares them so. */
const written = (value: string, capitals: boolean) => (capitals ? value.toUpperCase() : value);

const LOCATIONS = [
  null,
  { fsa: 'M5V', city: 'Toronto', province: 'ON', lat: 43.64, lng: -79.39 },
  { city: 'Montréal', province: 'QC', lat: 45.5, lng: -73.57, postalCode: 'H2X 1Y4' },
];

type Details = {
  title: string;
  category: string;
  service: string | null;
  location: (typeof LOCATIONS)[number];
  budgetMaxCents: number;
  preferredDates: string[];
  photos: string[];
};

const details: fc.Arbitrary<Details> = fc.record({
  title: fc.constantFrom('Paint the hallway', 'Fix the sink'),
  category: fc.constantFrom('painting', 'plumbing'),
  service: fc.constantFrom(null, 'interior-painting'),
  location: fc.nat({ max: LOCATIONS.length - 1 }).map((i) => LOCATIONS[i]!),
  budgetMaxCents: fc.integer({ min: 1, max: 90_000 }),
  preferredDates: fc.constantFrom([], ['2026-05-01', '2026-05-02']),
  photos: fc.constantFrom([], ['photo-1']),
});

type Step =
  | { kind: 'post' | 'edit'; order: number; bids: boolean; details: Details }
  | { kind: 'cancel' | 'declineDirect'; order: number }
  | { kind: 'award'; order: number; proposal: number | null; price: number }
  | { kind: 'submit' | 'withdraw' | 'accept' | 'declineProposal'; proposal: number; price: number }
  | { kind: 'request' | 'declineBooking' | 'cancelBooking' | 'complete'; booking: number }
  | { kind: 'contract'; revised: boolean; job: number; price: number | null }
  | { kind: 'escrow'; type: EscrowStep; job: number; price: number };

const ESCROW_STEPS = [
  'EscrowCreated',
  'EscrowFunded',
  'WorkMarkedComplete',
  'ChangesRequested',
  'EscrowReleased',
  'EscrowCancelled',
  'EscrowRefunded',
  'EscrowFrozen',
  'EscrowDistributed',
] as const;
type EscrowStep = (typeof ESCROW_STEPS)[number];

const order = fc.nat({ max: ORDERS.length - 1 });
/** An order's job, or (ORDERS.length) another job's. */
const job = fc.nat({ max: ORDERS.length });
const price = fc.integer({ min: 1, max: 90_000 });
/** Weighted towards what sets an order back to 'awarded': an award, then a booking and its end. */
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constantFrom('post' as const, 'edit' as const),
      order,
      bids: fc.boolean(),
      details,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('cancel' as const, 'declineDirect' as const), order }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('award' as const),
      order,
      proposal: fc.option(fc.nat({ max: PROPOSALS.length - 1 })),
      price,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom('submit' as const, 'withdraw' as const, 'accept' as const, 'declineProposal' as const),
      proposal: fc.nat({ max: PROPOSALS.length - 1 }),
      price,
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'request' as const,
        'request' as const,
        'declineBooking' as const,
        'cancelBooking' as const,
        'complete' as const,
      ),
      booking: fc.nat({ max: BOOKINGS.length - 1 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('contract' as const),
      revised: fc.boolean(),
      job,
      price: fc.option(price),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('escrow' as const), type: fc.constantFrom(...ESCROW_STEPS), job, price }),
  },
);

/** An instant per step, so a row's `updated_at` tells which event changed it last. */
const at = (i: number) => new Date(Date.UTC(2026, 3, 1, 0, i)).toISOString();

/**
 * The log the steps describe, after every order is posted (proposals and bookings of an order
 * follow its posting, as its stream orders them): each step's ids in capitals or not.
 */
function logOf(steps: { step: Step; capitals: boolean; again: boolean }[], bids: boolean[]): RecordedEvent[] {
  const posted = ORDERS.map((workOrderId, n) =>
    completeRecordedEvent('WorkOrderPosted', {
      workOrderId,
      customerId: CUSTOMERS[n],
      mode: bids[n] ? 'bids' : 'direct',
      directContractorId: bids[n] ? null : CONTRACTORS[0],
      title: `Order ${n}`,
      postedAt: at(n),
    }),
  );
  const log = [...posted];
  steps.forEach(({ step: s, capitals, again }, i) => {
    const when = at(ORDERS.length + i);
    const event = eventOf(s, when, (value) => written(value, capitals));
    log.push(event);
    // The same event delivered twice.
    if (again) log.push(event);
  });
  return log;
}

function eventOf(s: Step, when: string, w: (value: string) => string): RecordedEvent {
  switch (s.kind) {
    case 'post':
    case 'edit': {
      const budget = {
        budgetMinCents: Math.floor(s.details.budgetMaxCents / 2),
        budgetMaxCents: s.details.budgetMaxCents,
      };
      const common = {
        workOrderId: w(ORDERS[s.order]!),
        customerId: CUSTOMERS[s.order],
        ...s.details,
        description: `${s.details.title}, please.`,
        remote: s.details.location === null,
        ...budget,
      };
      return s.kind === 'post'
        ? completeRecordedEvent('WorkOrderPosted', {
            ...common,
            mode: s.bids ? 'bids' : 'direct',
            directContractorId: s.bids ? null : CONTRACTORS[1],
            postedAt: when,
          })
        : completeRecordedEvent('WorkOrderEdited', { ...common, editedAt: when });
    }
    case 'cancel':
      return completeRecordedEvent('WorkOrderCancelled', {
        workOrderId: w(ORDERS[s.order]!),
        customerId: CUSTOMERS[s.order],
        reason: 'Changed my mind',
        cancelledAt: when,
      });
    case 'declineDirect':
      return completeRecordedEvent('DirectRequestDeclined', {
        workOrderId: w(ORDERS[s.order]!),
        customerId: CUSTOMERS[s.order],
        contractorId: CONTRACTORS[1],
        reason: null,
        declinedAt: when,
      });
    case 'award':
      return completeRecordedEvent('WorkOrderAwarded', {
        workOrderId: w(ORDERS[s.order]!),
        customerId: CUSTOMERS[s.order],
        contractorId: CONTRACTORS[0],
        proposalId: s.proposal === null ? null : w(PROPOSALS[s.proposal]!.id),
        priceCents: s.price,
        awardedAt: when,
      });
    case 'submit':
    case 'withdraw':
    case 'accept':
    case 'declineProposal': {
      const p = PROPOSALS[s.proposal]!;
      const ids = {
        workOrderId: w(ORDERS[p.order]!),
        customerId: CUSTOMERS[p.order],
        proposalId: w(p.id),
        contractorId: CONTRACTORS[p.contractor],
      };
      if (s.kind === 'submit') {
        return completeRecordedEvent('ProposalSubmitted', { ...ids, priceCents: s.price, submittedAt: when });
      }
      if (s.kind === 'withdraw') return completeRecordedEvent('ProposalWithdrawn', { ...ids, withdrawnAt: when });
      if (s.kind === 'accept') {
        return completeRecordedEvent('ProposalAccepted', { ...ids, priceCents: s.price, acceptedAt: when });
      }
      return completeRecordedEvent('ProposalDeclined', { ...ids, declinedAt: when });
    }
    case 'request':
    case 'declineBooking':
    case 'cancelBooking':
    case 'complete': {
      const b = BOOKINGS[s.booking]!;
      const workOrderId = b.order === null ? null : w(ORDERS[b.order]!);
      const ids = { bookingId: w(b.id), contractorId: CONTRACTORS[0], customerId: CUSTOMERS[b.order ?? 0] };
      if (s.kind === 'request') {
        return completeRecordedEvent('BookingRequested', {
          ...ids,
          startsAt: '2026-06-01T14:00:00.000Z',
          endsAt: '2026-06-01T15:00:00.000Z',
          timeZone: 'America/Toronto',
          customerTimeZone: 'America/Toronto',
          workOrderId,
          offeringId: null,
          priceCents: null,
          note: null,
          requestedAt: when,
        });
      }
      if (s.kind === 'declineBooking') {
        return completeRecordedEvent('BookingDeclined', { ...ids, reason: null, declinedAt: when });
      }
      if (s.kind === 'cancelBooking') {
        return completeRecordedEvent('BookingCancelled', {
          ...ids,
          cancelledBy: CUSTOMERS[0],
          lateFeeCents: 0,
          reason: null,
          cancelledAt: when,
        });
      }
      return completeRecordedEvent('BookingCompleted', {
        ...ids,
        workOrderId,
        completedBy: CONTRACTORS[0],
        completedAt: when,
      });
    }
    case 'contract': {
      const jobId = s.job < ORDERS.length ? w(ORDERS[s.job]!) : OTHER_JOB;
      const terms = {
        jobId,
        jobKind: s.job < ORDERS.length ? 'work-order' : 'booking',
        title: 'The job',
        scope: 'What the job is.',
        priceCents: s.price,
        schedule: null,
        customer: { userId: CUSTOMERS[0], province: 'ON' },
        contractor: { userId: CONTRACTORS[0], province: 'ON' },
        governingProvince: 'ON',
      };
      return s.revised
        ? completeRecordedEvent('ContractRevised', { jobId, version: 2, terms, revisedAt: when })
        : completeRecordedEvent('ContractGenerated', { jobId, version: 1, terms, generatedAt: when });
    }
    case 'escrow': {
      const jobId = s.job < ORDERS.length ? w(ORDERS[s.job]!) : OTHER_JOB;
      const parties = { jobId, customerId: CUSTOMERS[0], contractorId: CONTRACTORS[0] };
      const data: Record<EscrowStep, Record<string, unknown>> = {
        EscrowCreated: { ...parties, amountCents: s.price, createdAt: when },
        EscrowFunded: { ...parties, amountCents: s.price, fundedAt: when },
        WorkMarkedComplete: { ...parties, completedAt: when },
        ChangesRequested: { ...parties, note: 'Another coat.', requestedAt: when },
        EscrowReleased: { ...parties, amountCents: s.price, releasedAt: when },
        EscrowCancelled: { jobId, cancelledBy: 'customer', cancelledAt: when },
        EscrowRefunded: { ...parties, refundedAt: when },
        EscrowFrozen: { jobId, disputeId: OTHER_JOB, openedBy: CUSTOMERS[0], frozenAt: when },
        EscrowDistributed: { ...parties, disputeId: OTHER_JOB, distributedAt: when },
      };
      return completeRecordedEvent(s.type, data[s.type]);
    }
  }
}

/** One event per batch; answers the rows and how many times a booking's end set its order back to 'awarded'. */
async function oneByOne(log: readonly RecordedEvent[]) {
  await empty();
  let bookingsUndone = 0;
  for (const event of log) {
    await sql.begin((tx) => workOrdersProjection.apply(tx, event));
    if (event.type !== 'BookingDeclined' && event.type !== 'BookingCancelled') continue;
    const data = event.data as { declinedAt?: string; cancelledAt?: string };
    const [undone] = await sql<{ n: number }[]>`
      select count(*)::int as n from rm_work_orders
      where status = 'awarded' and updated_at = ${data.declinedAt ?? data.cancelledAt ?? null}`;
    bookingsUndone += undone!.n;
  }
  return { rows: await dump(), bookingsUndone };
}

async function inBatches(log: readonly RecordedEvent[], sizes: readonly number[]) {
  await empty();
  for (let at = 0, i = 0; at < log.length; i++) {
    const size = sizes[i % sizes.length]!;
    const batch = log.slice(at, at + size);
    await sql.begin((tx) => workOrdersProjection.applyAll!(tx, batch));
    at += size;
  }
  return dump();
}

/** A from-zero rebuild in windows of `sizes`, with at most `cacheRows` rows in memory. */
async function rebuilt(log: readonly RecordedEvent[], sizes: readonly number[], cacheRows: number, storedKeys: number) {
  await empty();
  const before = await indexes();
  const rebuild = workOrdersProjection.rebuild!({ memory: new RebuildMemory(cacheRows), storedKeys });
  await sql.begin((tx) => rebuild.start(tx));
  for (let at = 0, i = 0; at < log.length; i++) {
    const size = sizes[i % sizes.length]!;
    const window = log.slice(at, at + size);
    await sql.begin((tx) => rebuild.applyAll(tx, window));
    at += size;
  }
  await sql.begin((tx) => rebuild.finish(tx));
  // The job board's partial indexes, dropped for the load, are back.
  expect(await indexes()).toEqual(before);
  return dump();
}

/** Orders whose proposal count is not the count of their live and accepted proposals (none, always). */
const miscounted = () => sql<{ work_order_id: string }[]>`
  select o.work_order_id from rm_work_orders o
  where o.proposal_count <> (select count(*) from rm_work_proposals p
    where p.work_order_id = o.work_order_id and p.status in ('live', 'accepted'))`;

describe('work orders, folded', () => {
  it('any cut of a generated log into batches or rebuild windows ends with the same rows', async () => {
    const seen = { bookingUndone: 0, scheduled: 0, proposalsCounted: 0, moneyFollowed: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ step, capitals: fc.boolean(), again: fc.nat({ max: 9 }).map((n) => n === 0) }), {
          minLength: 20,
          maxLength: 40,
        }),
        fc.array(fc.boolean(), { minLength: ORDERS.length, maxLength: ORDERS.length }),
        fc.array(fc.integer({ min: 1, max: 15 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 4 }),
        fc.constantFrom(0, 2, 1_000_000),
        async (steps, bids, sizes, cacheRows, storedKeys) => {
          const log = logOf(steps, bids);
          const { rows: expected, bookingsUndone } = await oneByOne(log);
          expect(await miscounted()).toEqual([]);
          expect(await inBatches(log, sizes)).toEqual(expected);
          expect(await inBatches(log, [log.length])).toEqual(expected);
          expect(await rebuilt(log, sizes, cacheRows, storedKeys)).toEqual(expected);

          const orders = expected.rm_work_orders!.map(
            (row) => JSON.parse(row) as { status: string; proposal_count: number; money_status: string | null },
          );
          if (bookingsUndone > 0) seen.bookingUndone++;
          if (orders.some((o) => o.status === 'scheduled')) seen.scheduled++;
          if (orders.some((o) => o.proposal_count > 0)) seen.proposalsCounted++;
          if (orders.some((o) => o.money_status !== null)) seen.moneyFollowed++;
        },
      ),
      { numRuns: 40, seed: PROPERTY_SEED },
    );
    // The logs did schedule orders, set them back by a declined or cancelled booking, count
    // proposals and follow the money (a property over untouched orders would prove little).
    for (const [what, runs] of Object.entries(seen)) expect(runs, what).toBeGreaterThan(0);
  }, 300_000);
});
