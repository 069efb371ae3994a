import { randomUUID } from 'node:crypto';
import type { Sql } from '../shared/db/postgres.ts';
import { contractDecider } from '../shared/domain/contracts/decider.ts';
import { contractStreamId, type ContractTerms } from '../shared/domain/contracts/events.ts';
import { ESCROW_TIMERS } from '../shared/domain/contracts/template.ts';
import { handleCommand } from '../shared/domain/decider.ts';
import { escrowDecider, type EscrowCommand } from '../shared/domain/escrow/decider.ts';
import { escrowStreamId, payoutStreamId, type PayoutSent } from '../shared/domain/escrow/events.ts';
import type { EventStore } from '../shared/eventstore/types.ts';
import { WrongExpectedVersionError } from '../shared/eventstore/types.ts';
import { provinceCodes, type ProvinceCode } from '../shared/geo/provinces.ts';
import { escrowsDueForAutoRelease, heldSince } from '../projections/escrows.ts';
import { attempt, systemContext, type JobFacts } from './money-process.ts';
import { recurringJobsWithoutContract } from './recurring-jobs.ts';
import { payoutsDue } from '../projections/payouts.ts';
import { createEscrowCommand } from './job-money.ts';
import type { ScheduledJob } from '../infrastructure/scheduling/scheduled.ts';
import { DateTime } from 'luxon';

/**
 * The money process: what follows from the jobs' events, issued as commands by timers that read
 * the read models (as infrastructure/scheduling/scheduled.ts describes). Each command is idempotent in its
 * decider (a second GenerateContract or CreateEscrow is a no-op, a second release a 409), so a
 * tick that runs twice, or two workers, never do anything twice.
 *
 * - a job awarded (work order) or confirmed (direct booking) gets its contract;
 * - an executed contract gets its escrow;
 * - a job that ended with money still held is settled: a backstop only, since the cancelling
 *   request itself decides the money (workflows/job-money.ts); it keeps the late-cancellation
 *   fees of the booking policy;
 * - a booking the contractor marks completed marks the escrow's work complete;
 * - 14 days after completion without an answer the escrow is released; a hold nearing 90 days goes
 *   to an administrator; due payouts and refunds are sent through the gateway, once.
 */

const DAY_MS = 86_400_000;
const isProvince = (value: string | null): value is ProvinceCode =>
  value !== null && (provinceCodes as readonly string[]).includes(value);

/**
 * Jobs that have no contract yet: awarded work orders and confirmed direct bookings. Read from the
 * jobs waiting at that step (projections/money-steps.ts), oldest first, each kind through its own
 * index walk: the tick's cost follows the jobs in flight, not the history of completed ones.
 */
export async function jobsWithoutContract(sql: Sql, limit = 50): Promise<JobFacts[]> {
  return sql<JobFacts[]>`
    (select w.work_order_id::text as "jobId", 'work-order' as "jobKind", w.customer_id as "customerId",
        w.awarded_contractor_id as "contractorId", w.title, w.description as scope,
        w.awarded_price_cents as "priceCents", b.starts_at as "startsAt", b.ends_at as "endsAt",
        b.time_zone as "timeZone", w.province as "workProvince", d.province as "contractorProvince",
        u.multiplier_pct as "urgentMultiplierPct",
        u.base_cents::int as "urgentBaseCents", u.premium_cents::int as "urgentPremiumCents", s.since as at
      from rm_money_steps s
      join rm_work_orders w on w.work_order_id = s.job_id
      left join rm_urgent_alerts u on u.alert_id = w.work_order_id and u.accepted_by = w.awarded_contractor_id
      left join rm_contracts c on c.job_id = w.work_order_id
      left join rm_bookings b on b.booking_id = w.booking_id and b.status in ('requested', 'confirmed')
      left join rm_contractor_directory d on d.contractor_id = w.awarded_contractor_id
      -- 'scheduled': the customer booked the time before the contract was drawn up (a worker was
      -- down); the contract then carries that booking's time.
      where s.step = 'contract' and s.job_kind = 'work-order'
        and w.status in ('awarded', 'scheduled') and w.awarded_contractor_id is not null and c.job_id is null
        -- An urgent job waits until its alert's acceptance is read, so its contract has the premium.
        and (w.urgent_alert_id is null or u.alert_id is not null)
      order by s.since limit ${limit})
    union all
    (select b.booking_id::text, 'booking', b.customer_id, b.contractor_id, coalesce(o.title, 'Booking'),
        coalesce(o.description, coalesce(b.note, '')), b.price_cents, b.starts_at, b.ends_at, b.time_zone,
        null, d.province, null, null, null, s.since
      from rm_money_steps s
      join rm_bookings b on b.booking_id = s.job_id
      left join rm_contracts c on c.job_id = b.booking_id
      left join rm_service_offerings o on o.offering_id = b.offering_id
      left join rm_contractor_directory d on d.contractor_id = b.contractor_id
      where s.step = 'contract' and s.job_kind = 'booking'
        and b.status in ('confirmed', 'completed') and b.work_order_id is null and b.subscription_id is null
        and c.job_id is null
      order by s.since limit ${limit})
    order by at limit ${limit}`;
}

/** The contract's terms from the job's facts (see ContractTerms for each choice). Parties are ids, never names. */
export function termsFor(job: JobFacts): ContractTerms {
  const contractorProvince: ProvinceCode = isProvince(job.contractorProvince)
    ? job.contractorProvince
    : isProvince(job.workProvince)
      ? job.workProvince
      : 'ON';
  const workProvince = isProvince(job.workProvince) ? job.workProvince : null;
  return {
    jobId: job.jobId,
    jobKind: job.jobKind,
    title: job.title,
    scope: job.scope.trim() === '' ? job.title : job.scope,
    priceCents: job.priceCents,
    ...(job.urgentMultiplierPct != null && job.urgentBaseCents != null && job.urgentPremiumCents != null
      ? {
          urgentPremium: {
            multiplierPct: job.urgentMultiplierPct,
            baseCents: job.urgentBaseCents,
            premiumCents: job.urgentPremiumCents,
          },
        }
      : {}),
    ...(job.recurring ? { recurring: job.recurring } : {}),
    schedule:
      job.startsAt && job.endsAt && job.timeZone
        ? { startsAt: job.startsAt.toISOString(), endsAt: job.endsAt.toISOString(), timeZone: job.timeZone }
        : null,
    customer: { userId: job.customerId, province: workProvince },
    contractor: { userId: job.contractorId, province: contractorProvince },
    governingProvince: workProvince ?? contractorProvince,
  };
}

async function generateContracts(sql: Sql, store: EventStore, now: Date): Promise<number> {
  let done = 0;
  const jobs = [...(await jobsWithoutContract(sql)), ...(await recurringJobsWithoutContract(sql))];
  for (const job of jobs) {
    done += await attempt(() =>
      handleCommand(
        store,
        contractStreamId(job.jobId),
        contractDecider,
        { type: 'GenerateContract', terms: termsFor(job), now },
        systemContext(now),
      ),
    );
  }
  return done;
}

/** Executed contracts whose escrow does not exist yet (the jobs waiting at that step). */
export async function contractsAwaitingEscrow(sql: Sql, limit = 50) {
  return sql<{ jobId: string; version: number; terms: ContractTerms }[]>`
    select c.job_id as "jobId", c.version, c.terms
    from rm_money_steps s
    join rm_contracts c on c.job_id = s.job_id
    left join rm_escrows e on e.job_id = s.job_id
    where s.step = 'escrow' and c.status = 'executed' and e.job_id is null and c.job_kind <> 'subscription'
      and c.price_cents is not null
    order by s.since limit ${limit}`;
}

async function createEscrows(sql: Sql, store: EventStore, now: Date): Promise<number> {
  let done = 0;
  for (const row of await contractsAwaitingEscrow(sql)) {
    const { terms } = row;
    done += await attempt(() =>
      handleCommand(
        store,
        escrowStreamId(row.jobId),
        escrowDecider,
        createEscrowCommand({ version: row.version, terms }, now),
        systemContext(now),
      ),
    );
  }
  return done;
}

type EndedJob = {
  jobId: string;
  contractStatus: string | null;
  escrowStatus: string | null;
  cancelledBy: string | null;
  lateFeeCents: number;
};

/**
 * Jobs that ended while their contract waits for signatures or their escrow still holds money: a
 * cancelled work order (its late-cancelled bookings' fees are kept), or a cancelled direct booking.
 */
async function endedJobs(sql: Sql): Promise<EndedJob[]> {
  // Read from the contracts and escrows still open (partial indexes keep them apart from the
  // executed and settled ones of past years), then from the jobs that ended among them.
  return sql<EndedJob[]>`
    with open_jobs as (
      select job_id from rm_contracts where status = 'awaiting-signatures'
      union
      select job_id from rm_escrows where status in ('awaiting-funding', 'funded')
    )
    select w.work_order_id::text as "jobId", c.status as "contractStatus", e.status as "escrowStatus",
      'customer' as "cancelledBy",
      coalesce((select sum(b.late_fee_cents) from rm_bookings b
        where b.work_order_id = w.work_order_id::text and b.status = 'cancelled' and b.cancelled_by = w.customer_id), 0)::int
        as "lateFeeCents"
    from open_jobs o
    join rm_work_orders w on w.work_order_id = o.job_id
    left join rm_contracts c on c.job_id = o.job_id
    left join rm_escrows e on e.job_id = o.job_id
    where w.status = 'cancelled' and (c.status = 'awaiting-signatures' or e.status in ('awaiting-funding', 'funded'))
    union all
    select b.booking_id::text, c.status, e.status,
      case when b.cancelled_by = b.contractor_id then 'contractor' else 'customer' end,
      coalesce(b.late_fee_cents, 0)
    from open_jobs o
    join rm_bookings b on b.booking_id = o.job_id
    join rm_contracts c on c.job_id = o.job_id
    left join rm_escrows e on e.job_id = o.job_id
    where b.work_order_id is null and b.status in ('cancelled', 'declined')
      and (c.status = 'awaiting-signatures' or e.status in ('awaiting-funding', 'funded'))
    union all
    select s.subscription_id::text, c.status, null, 'customer', 0
    from rm_contracts c
    join rm_service_subscriptions s on s.subscription_id = c.job_id
    where c.status = 'awaiting-signatures' and s.status in ('declined', 'cancelled')
    limit 50`;
}

async function closeEndedJobs(sql: Sql, store: EventStore, now: Date): Promise<number> {
  let done = 0;
  for (const job of await endedJobs(sql)) {
    if (job.contractStatus === 'awaiting-signatures') {
      done += await attempt(() =>
        handleCommand(
          store,
          contractStreamId(job.jobId),
          contractDecider,
          { type: 'CancelContract', jobId: job.jobId, now },
          systemContext(now),
        ),
      );
    }
    if (job.escrowStatus === 'awaiting-funding' || job.escrowStatus === 'funded') {
      done += await attempt(() =>
        handleCommand(
          store,
          escrowStreamId(job.jobId),
          escrowDecider,
          {
            type: 'CancelEscrow',
            cancelledBy: job.cancelledBy === 'contractor' ? 'contractor' : 'customer',
            lateFeeCents: job.lateFeeCents,
            now,
          },
          systemContext(now),
        ),
      );
    }
  }
  return done;
}

/** A booking the contractor marked completed, on a funded job whose customer has not asked for changes since. */
async function completeFromBookings(sql: Sql, store: EventStore, now: Date): Promise<number> {
  // From the funded escrows (a partial index), to a direct booking's own row or a work order's bookings.
  const rows = await sql<{ jobId: string; contractorId: string }[]>`
    select e.job_id as "jobId", e.contractor_id as "contractorId"
    from rm_escrows e
    join rm_bookings b on b.booking_id = e.job_id
    where e.status = 'funded' and b.status = 'completed'
      and b.completed_at > coalesce(e.changes_requested_at, '-infinity'::timestamptz)
    union all
    select e.job_id, e.contractor_id
    from rm_escrows e
    join rm_bookings b on b.work_order_id = e.job_id::text
    where e.status = 'funded' and b.status = 'completed'
      and b.completed_at > coalesce(e.changes_requested_at, '-infinity'::timestamptz)
    limit 50`;
  let done = 0;
  for (const row of rows) {
    done += await attempt(() =>
      handleCommand(
        store,
        escrowStreamId(row.jobId),
        escrowDecider,
        { type: 'MarkWorkComplete', actorId: row.contractorId, note: null, now },
        { ...systemContext(now), actorId: row.contractorId },
      ),
    );
  }
  return done;
}

export const contractsAndEscrowsJob: ScheduledJob = {
  name: 'contracts-and-escrows',
  intervalMs: 1_000,
  async run({ sql, store, now }) {
    return (
      (await generateContracts(sql, store, now)) +
      (await createEscrows(sql, store, now)) +
      (await closeEndedJobs(sql, store, now)) +
      (await completeFromBookings(sql, store, now))
    );
  },
};

async function runOnEscrows(store: EventStore, jobIds: string[], command: (now: Date) => EscrowCommand, now: Date) {
  let done = 0;
  for (const jobId of jobIds) {
    done += await attempt(() =>
      handleCommand(store, escrowStreamId(jobId), escrowDecider, command(now), systemContext(now), { retries: 5 }),
    );
  }
  return done;
}

/** 14 days after completion without approval or a request for changes, the money is released. */
export const escrowAutoReleaseJob: ScheduledJob = {
  name: 'escrow-auto-release',
  intervalMs: 60_000,
  async run({ sql, store, now }) {
    const due = await escrowsDueForAutoRelease(sql, now);
    return runOnEscrows(
      store,
      due.map((row) => row.jobId),
      (at) => ({ type: 'AutoRelease', now: at }),
      now,
    );
  },
};

/** No hold lasts past 90 days: from day 80 an administrator is asked to act. */
export const escrowHoldLimitJob: ScheduledJob = {
  name: 'escrow-hold-limit',
  intervalMs: 15 * 60_000,
  async run({ sql, store, now }) {
    const held = await heldSince(sql, new Date(now.getTime() - ESCROW_TIMERS.escalateAfterDays * DAY_MS));
    return runOnEscrows(
      store,
      held.map((row) => row.jobId),
      (at) => ({ type: 'EscalateHold', now: at }),
      now,
    );
  },
};

/**
 * Sends due payouts and refunds. Exactly once: the gateway call carries the payout's id as its
 * idempotency key (a retry after a crash gets the first answer and moves no money), and
 * `PayoutSent` is appended to `payout-<id>` expecting no stream, so a second worker's append
 * conflicts instead of recording a second payout.
 */
export const payoutsJob: ScheduledJob = {
  name: 'payouts',
  intervalMs: 5_000,
  async run({ sql, store, now, gateway }) {
    const today = DateTime.fromJSDate(now, { zone: 'America/Toronto' }).toISODate()!;
    let sent = 0;
    for (const payout of await payoutsDue(sql, today)) {
      const stream = payoutStreamId(payout.payoutId);
      const [already] = await store.readStream(stream, { maxCount: 1 });
      if (already) continue;
      const result =
        payout.kind === 'refund'
          ? await gateway.refund({
              paymentId: payout.paymentId!,
              amountCents: payout.amountCents,
              idempotencyKey: payout.payoutId,
            })
          : await gateway.payout({
              recipientId: payout.recipientId,
              amountCents: payout.amountCents,
              idempotencyKey: payout.payoutId,
            });
      const event: PayoutSent = {
        type: 'PayoutSent',
        data: {
          payoutId: payout.payoutId,
          jobId: payout.jobId,
          kind: payout.kind,
          recipientId: payout.recipientId,
          amountCents: payout.amountCents,
          gatewayReference: result.reference,
          sentAt: now.toISOString(),
        },
      };
      try {
        await store.append(
          stream,
          [
            {
              type: event.type,
              data: event.data,
              metadata: { actorId: null, correlationId: randomUUID(), occurredAt: now.toISOString() },
            },
          ],
          { expectedRevision: 'no_stream' },
        );
        sent += 1;
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
      }
    }
    return sent;
  },
};
