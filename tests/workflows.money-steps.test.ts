import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Projection } from '../infrastructure/projections/types.ts';
import { bookingsProjection } from '../projections/bookings.ts';
import { catalogueDirectoryProjection } from '../projections/catalogue-directory.ts';
import { catalogueOfferingsProjection } from '../projections/catalogue-offerings.ts';
import { contractsProjection } from '../projections/contracts.ts';
import { escrowsProjection } from '../projections/escrows.ts';
import { moneyStepsProjection } from '../projections/money-steps.ts';
import { urgentProjection } from '../projections/urgent.ts';
import { workOrdersProjection } from '../projections/work-orders.ts';
import { connect, type Sql } from '../shared/db/postgres.ts';
import type { RecordedEvent } from '../shared/eventstore/types.ts';
import { contractsAwaitingEscrow, jobsWithoutContract } from '../workflows/money-jobs.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { completeRecordedEvent, contractTerms, PROPERTY_SEED } from './support/recorded-event.ts';

/**
 * The contract and escrow timers read the jobs waiting on them from the money-steps read model
 * instead of scanning every work order, booking and contract. Over generated job histories (work
 * orders awarded, booked, declined, completed or cancelled; direct bookings requested, confirmed,
 * declined, cancelled or completed; contracts generated, executed or cancelled; escrows created),
 * applied event by event, they must find exactly the jobs the full scans find.
 */
let database: TestDatabase;
let sql: Sql;

const projections: Projection[] = [
  workOrdersProjection,
  bookingsProjection,
  contractsProjection,
  escrowsProjection,
  moneyStepsProjection,
  // Read by the contract timer's joins (the urgent premium, the contractor's province, the offering).
  urgentProjection,
  catalogueDirectoryProjection,
  catalogueOfferingsProjection,
];

/** Every table the projections own (emptied before each history). */
let tables: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase('money_steps_cover');
  sql = connect(database.url, { max: 2 });
  for (const projection of projections) await sql.unsafe(projection.schema);
  // `reset` names them, with tables of earlier versions the schemas no longer create.
  const named = [...new Set(projections.flatMap((projection) => projection.reset.match(/\brm_\w+/g) ?? []))];
  const existing = await sql<{ table: string }[]>`
    select name as table from unnest(${named}::text[]) as name where to_regclass(name) is not null`;
  tables = existing.map((row) => row.table);
});

afterAll(async () => {
  await sql?.end();
  await database?.drop();
});

const customerId = randomUUID();
const contractorId = randomUUID();
const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 12, minute)).toISOString();

/** What a job can do next; a move its state does not allow is skipped. */
const moves = [
  'award',
  'request',
  'confirm',
  'decline',
  'cancel-booking',
  'complete',
  'cancel-order',
  'generate',
  'generate-unpriced',
  'revise-price',
  'execute',
  'cancel-contract',
  'create-escrow',
] as const;
type Move = (typeof moves)[number];
/** Drawn twice as often, so that histories reach completed bookings, executed contracts and escrows. */
const moneyMoves: Move[] = ['request', 'confirm', 'complete', 'generate', 'execute', 'create-escrow'];

type Job = {
  id: string;
  kind: 'work-order' | 'booking';
  order: 'posted' | 'awarded' | 'cancelled' | 'completed';
  booking: { id: string; status: 'requested' | 'confirmed' | 'completed' | 'ended' } | null;
  contract: 'none' | 'awaiting' | 'executed' | 'cancelled';
  /** The contract's version and whether it has a price (one without is revised before it is signed). */
  version: number;
  priced: boolean;
  escrow: boolean;
};

/** The events of one move of a job, changing its state; none when the move does not apply. */
function eventsOf(job: Job, move: Move, minute: number): [string, Record<string, unknown>][] {
  const time = at(minute);
  const booking = job.booking;
  const bookingIds = { contractorId, customerId };
  const terms = (priceCents: number | null) =>
    contractTerms({ jobId: job.id, jobKind: job.kind, priceCents }, { customerId, contractorId });
  switch (move) {
    case 'award':
      if (job.kind !== 'work-order' || job.order !== 'posted') return [];
      job.order = 'awarded';
      return [
        [
          'WorkOrderAwarded',
          { workOrderId: job.id, customerId, contractorId, proposalId: null, priceCents: 40_000, awardedAt: time },
        ],
      ];
    case 'request': {
      // A work order is booked again after a declined or cancelled booking; a direct booking is its job.
      if (job.kind === 'work-order' ? job.order !== 'awarded' || (booking && booking.status !== 'ended') : booking)
        return [];
      const bookingId = job.kind === 'booking' ? job.id : randomUUID();
      job.booking = { id: bookingId, status: 'requested' };
      return [
        [
          'BookingRequested',
          {
            bookingId,
            ...bookingIds,
            startsAt: at(minute + 600),
            endsAt: at(minute + 660),
            timeZone: 'America/Toronto',
            customerTimeZone: 'America/Toronto',
            workOrderId: job.kind === 'work-order' ? job.id : null,
            offeringId: null,
            priceCents: 40_000,
            note: null,
            requestedAt: time,
          },
        ],
      ];
    }
    case 'confirm':
      if (booking?.status !== 'requested') return [];
      booking.status = 'confirmed';
      return [
        ['BookingConfirmed', { bookingId: booking.id, ...bookingIds, startsAt: at(minute + 600), confirmedAt: time }],
      ];
    case 'decline':
      if (booking?.status !== 'requested') return [];
      booking.status = 'ended';
      return [['BookingDeclined', { bookingId: booking.id, ...bookingIds, reason: null, declinedAt: time }]];
    case 'cancel-booking':
      if (booking?.status !== 'requested' && booking?.status !== 'confirmed') return [];
      booking.status = 'ended';
      return [
        [
          'BookingCancelled',
          {
            bookingId: booking.id,
            ...bookingIds,
            cancelledBy: customerId,
            lateFeeCents: 0,
            reason: null,
            cancelledAt: time,
          },
        ],
      ];
    case 'complete':
      if (booking?.status !== 'confirmed') return [];
      booking.status = 'completed';
      if (job.kind === 'work-order') job.order = 'completed';
      return [
        [
          'BookingCompleted',
          {
            bookingId: booking.id,
            ...bookingIds,
            workOrderId: job.kind === 'work-order' ? job.id : null,
            completedBy: contractorId,
            completedAt: time,
          },
        ],
      ];
    case 'cancel-order':
      if (job.kind !== 'work-order' || job.order === 'cancelled' || job.order === 'completed') return [];
      job.order = 'cancelled';
      return [['WorkOrderCancelled', { workOrderId: job.id, customerId, reason: null, cancelledAt: time }]];
    case 'generate':
    case 'generate-unpriced': {
      const started = job.kind === 'work-order' ? job.order !== 'posted' : booking !== null;
      if (!started || job.contract !== 'none') return [];
      job.contract = 'awaiting';
      job.priced = move === 'generate';
      const priceCents = job.priced ? 40_000 : null;
      return [['ContractGenerated', { jobId: job.id, version: 1, terms: terms(priceCents), generatedAt: time }]];
    }
    case 'revise-price':
      if (job.contract !== 'awaiting') return [];
      job.version += 1;
      job.priced = true;
      return [['ContractRevised', { jobId: job.id, version: job.version, terms: terms(45_000), revisedAt: time }]];
    case 'execute':
      // Both sign a version with a price only (the contract decider refuses the signature otherwise).
      if (job.contract !== 'awaiting' || !job.priced) return [];
      job.contract = 'executed';
      return [
        [
          'ContractExecuted',
          { jobId: job.id, version: job.version, textHash: 'a'.repeat(64), customerId, contractorId, executedAt: time },
        ],
      ];
    case 'cancel-contract':
      if (job.contract !== 'awaiting') return [];
      job.contract = 'cancelled';
      return [
        ['ContractCancelled', { jobId: job.id, version: job.version, reason: 'job-cancelled', cancelledAt: time }],
      ];
    case 'create-escrow':
      if (job.contract !== 'executed' || job.escrow) return [];
      job.escrow = true;
      return [['EscrowCreated', { jobId: job.id, customerId, contractorId, amountCents: 40_000, createdAt: time }]];
  }
}

/** A log of several jobs' histories, interleaved as the generated picks say. */
function logOf(kinds: readonly ('work-order' | 'booking')[], picks: readonly { job: number; move: Move }[]) {
  const jobs: Job[] = kinds.map((kind) => ({
    id: randomUUID(),
    kind,
    order: 'posted',
    booking: null,
    contract: 'none',
    version: 1,
    priced: false,
    escrow: false,
  }));
  const log: RecordedEvent[] = [];
  for (const job of jobs) {
    if (job.kind !== 'work-order') continue;
    log.push(
      completeRecordedEvent('WorkOrderPosted', {
        workOrderId: job.id,
        customerId,
        mode: 'bids',
        directContractorId: null,
        title: 'A generated job',
        postedAt: at(0),
      }),
    );
  }
  picks.forEach(({ job, move }, minute) => {
    for (const [type, data] of eventsOf(jobs[job % jobs.length]!, move, minute + 1)) {
      log.push(completeRecordedEvent(type, data));
    }
  });
  return log;
}

/** The jobs the timers would find by scanning every work order, booking and contract (the reference). */
async function byFullScan() {
  const withoutContract = await sql<{ jobId: string }[]>`
    select w.work_order_id::text as "jobId" from rm_work_orders w
    left join rm_urgent_alerts u on u.alert_id = w.work_order_id and u.accepted_by = w.awarded_contractor_id
    left join rm_contracts c on c.job_id = w.work_order_id
    where w.status in ('awarded', 'scheduled') and w.awarded_contractor_id is not null and c.job_id is null
      and (w.urgent_alert_id is null or u.alert_id is not null)
    union all
    select b.booking_id::text from rm_bookings b
    left join rm_contracts c on c.job_id = b.booking_id
    where b.status in ('confirmed', 'completed') and b.work_order_id is null and b.subscription_id is null
      and c.job_id is null`;
  const awaitingEscrow = await sql<{ jobId: string }[]>`
    select c.job_id as "jobId" from rm_contracts c
    left join rm_escrows e on e.job_id = c.job_id
    where c.status = 'executed' and e.job_id is null and c.job_kind <> 'subscription' and c.price_cents is not null`;
  return {
    withoutContract: withoutContract.map((row) => row.jobId).sort(),
    awaitingEscrow: awaitingEscrow.map((row) => row.jobId).sort(),
  };
}

async function byMoneySteps() {
  return {
    withoutContract: (await jobsWithoutContract(sql, 1_000)).map((job) => job.jobId).sort(),
    awaitingEscrow: (await contractsAwaitingEscrow(sql, 1_000)).map((row) => row.jobId).sort(),
  };
}

describe('the money timers read the jobs in flight', () => {
  it('find, over any job histories, exactly the jobs a scan of every job finds', async () => {
    const seen = {
      withoutContract: 0,
      awaitingEscrow: 0,
      finished: 0,
      completedFirst: 0,
      scheduledFirst: 0,
      pricedByRevision: 0,
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('work-order' as const, 'booking' as const), { minLength: 1, maxLength: 6 }),
        fc.array(fc.record({ job: fc.nat({ max: 5 }), move: fc.constantFrom(...moves, ...moneyMoves) }), {
          minLength: 5,
          maxLength: 60,
        }),
        async (kinds, picks) => {
          await sql.unsafe(`truncate ${tables.join(', ')}`);
          const log = logOf(kinds, picks);
          // After every event, not only at the end: each prefix of a history is one too.
          for (const event of log) {
            for (const projection of projections) {
              if (projection.handles.includes(event.type)) await sql.begin((tx) => projection.apply(tx, event));
            }
            const expected = await byFullScan();
            expect(await byMoneySteps()).toEqual(expected);
            if (expected.withoutContract.length > 0) seen.withoutContract++;
            if (expected.awaitingEscrow.length > 0) seen.awaitingEscrow++;
            if (event.type === 'EscrowCreated') seen.finished++;
            // A contract drawn up without a price, priced by a revision, then executed.
            if (event.type === 'ContractExecuted' && (event.data as { version: number }).version > 1) {
              seen.pricedByRevision++;
            }
            // A direct booking completed, and a work order booked, before their contracts.
            const [waiting] = await sql<{ completed: boolean; scheduled: boolean }[]>`
              select
                exists (select 1 from rm_bookings where status = 'completed'
                  and booking_id::text = any(${expected.withoutContract}::text[])) as completed,
                exists (select 1 from rm_work_orders where status = 'scheduled'
                  and work_order_id::text = any(${expected.withoutContract}::text[])) as scheduled`;
            if (waiting?.completed) seen.completedFirst++;
            if (waiting?.scheduled) seen.scheduledFirst++;
          }
        },
      ),
      {
        numRuns: 60,
        seed: PROPERTY_SEED,
        // First, by hand: a direct booking completed and a work order booked before their contracts.
        examples: [
          [
            ['booking', 'work-order'],
            [
              { job: 0, move: 'request' },
              { job: 0, move: 'confirm' },
              { job: 0, move: 'complete' },
              { job: 1, move: 'award' },
              { job: 1, move: 'request' },
              { job: 0, move: 'generate' },
              { job: 1, move: 'generate' },
            ],
          ],
          // A contract drawn up without a price, priced by a revision, executed, then escrowed.
          [
            ['booking'],
            [
              { job: 0, move: 'request' },
              { job: 0, move: 'confirm' },
              { job: 0, move: 'generate-unpriced' },
              { job: 0, move: 'revise-price' },
              { job: 0, move: 'execute' },
              { job: 0, move: 'create-escrow' },
            ],
          ],
        ],
      },
    );
    // The histories left jobs waiting at both steps (some completed or booked before their
    // contract), and took some to their escrow.
    for (const [what, runs] of Object.entries(seen)) expect(runs, what).toBeGreaterThan(0);
  }, 300_000);
});
