import type { Sql } from '../shared/db/postgres.ts';
import { readEvents } from '../shared/eventstore/typed.ts';
import { postgresMoneyLocks } from '../shared/db/money-locks.ts';
import { scheduleDecider } from '../shared/domain/booking/decider.ts';
import { BOOKING_MESSAGES } from '../shared/domain/booking/messages.ts';
import { scheduleStreamId } from '../shared/domain/booking/events.ts';
import { foldEvents, handleCommand } from '../shared/domain/decider.ts';
import {
  serviceSubscriptionDecider,
  visitsToBook,
  type ServiceSubscriptionState,
} from '../shared/domain/recurring/decider.ts';
import {
  serviceSubscriptionStreamId,
  type ServiceSubscriptionEvent,
  serviceSubscriptionEventSchemas,
} from '../shared/domain/recurring/events.ts';
import { visitAt } from '../shared/domain/recurring/recurrence.ts';
import { visitBookingId } from '../shared/domain/recurring/visit-id.ts';
import { AppError, ConflictError } from '../shared/errors.ts';
import type { EventStore, Position } from '../shared/eventstore/types.ts';
import type { PaymentGateway } from '../shared/payments/gateway.ts';
import { cancelBooking, fundEscrow } from './job-money.ts';
import { attempt, systemContext, type JobFacts } from './money-process.ts';
import type { ScheduledJob } from '../infrastructure/scheduling/scheduled.ts';

const HOUR_MS = 3_600_000;

/**
 * Recurring services' contracts, for the money process (money-jobs.ts): a requested subscription
 * gets its agreement (signed by both like any contract), and each booked visit gets a contract
 * executed under that agreement. Both read from the jobs waiting for a contract
 * (projections/money-steps.ts), so a tick does not scan every visit ever booked.
 */
export async function recurringJobsWithoutContract(sql: Sql, limit = 50): Promise<JobFacts[]> {
  const agreements = await sql<
    (Omit<JobFacts, 'recurring'> & {
      frequency: 'weekly' | 'biweekly' | 'monthly';
      firstVisit: string;
      minutes: number;
    })[]
  >`
    select s.subscription_id::text as "jobId", 'subscription' as "jobKind", s.customer_id as "customerId",
      s.contractor_id as "contractorId", s.title, s.description as scope, s.price_per_visit_cents as "priceCents",
      null as "startsAt", null as "endsAt", s.time_zone as "timeZone", null as "workProvince",
      d.province as "contractorProvince", s.frequency, s.first_visit as "firstVisit", s.duration_minutes as minutes
    from rm_money_steps m
    join rm_service_subscriptions s on s.subscription_id = m.job_id
    left join rm_contracts c on c.job_id = s.subscription_id
    left join rm_contractor_directory d on d.contractor_id = s.contractor_id
    where m.step = 'contract' and m.job_kind = 'subscription' and s.status = 'requested' and c.job_id is null
    order by m.since limit ${limit}`;
  const visits = await sql<
    (Omit<JobFacts, 'recurring'> & { subscriptionId: string; visitIndex: number; version: number; hash: string })[]
  >`
    select b.booking_id::text as "jobId", 'booking' as "jobKind", b.customer_id as "customerId",
      b.contractor_id as "contractorId", s.title, s.description as scope, b.price_cents as "priceCents",
      b.starts_at as "startsAt", b.ends_at as "endsAt", b.time_zone as "timeZone", null as "workProvince",
      d.province as "contractorProvince", s.subscription_id::text as "subscriptionId", b.visit_index as "visitIndex", s.contract_version as version,
      s.contract_text_hash as hash
    from rm_money_steps m
    join rm_bookings b on b.booking_id = m.job_id
    join rm_service_subscriptions s on s.subscription_id = b.subscription_id
    left join rm_contracts c on c.job_id = b.booking_id
    left join rm_contractor_directory d on d.contractor_id = b.contractor_id
    where m.step = 'contract' and m.job_kind = 'visit'
      and b.status in ('confirmed', 'completed') and c.job_id is null and s.contract_text_hash is not null
    order by m.since limit ${limit}`;
  return [
    ...agreements.map(({ frequency, firstVisit, minutes, ...job }) => {
      const first = visitAt({ frequency, firstVisit, timeZone: job.timeZone!, durationMinutes: minutes }, 0);
      return {
        ...job,
        startsAt: new Date(first.startsAt),
        endsAt: new Date(first.endsAt),
        recurring: {
          kind: 'agreement' as const,
          frequency,
          firstVisitAt: first.startsAt,
          timeZone: job.timeZone!,
          visitMinutes: minutes,
        },
      };
    }),
    ...visits.map(({ subscriptionId, visitIndex, version, hash, ...job }) => ({
      ...job,
      recurring: {
        kind: 'visit' as const,
        subscriptionId,
        visitIndex,
        agreementVersion: version,
        agreementTextHash: hash,
      },
    })),
  ];
}

async function subscriptionState(store: EventStore, subscriptionId: string): Promise<ServiceSubscriptionState> {
  const recorded = await readEvents<ServiceSubscriptionEvent>(
    store,
    serviceSubscriptionStreamId(subscriptionId),
    serviceSubscriptionEventSchemas,
  );
  return foldEvents(serviceSubscriptionDecider, recorded);
}

/** Requested subscriptions whose agreement both signed become active; answers their ids. */
async function activate(sql: Sql, store: EventStore, now: Date): Promise<string[]> {
  const rows = await sql<{ subscriptionId: string; version: number; textHash: string }[]>`
    select s.subscription_id as "subscriptionId", c.version, c.text_hash as "textHash"
    from rm_service_subscriptions s join rm_contracts c on c.job_id = s.subscription_id
    where s.status = 'requested' and c.status = 'executed' limit 50`;
  const activated: string[] = [];
  for (const row of rows) {
    const done = await attempt(() =>
      handleCommand(
        store,
        serviceSubscriptionStreamId(row.subscriptionId),
        serviceSubscriptionDecider,
        { type: 'ActivateServiceSubscription', contractVersion: row.version, contractTextHash: row.textHash, now },
        systemContext(now),
      ),
    );
    if (done > 0) activated.push(row.subscriptionId);
  }
  return activated;
}

/**
 * Each active subscription's visits of the next 14 days go on the contractor's calendar, already
 * confirmed. The booking id is derived from the visit, so a crash between the booking and its
 * record books nothing twice; a visit the calendar refuses is recorded with the calendar's reason
 * (both parties are told) and is not retried.
 */
async function bookVisits(sql: Sql, store: EventStore, now: Date): Promise<number> {
  const rows = await sql<{ subscriptionId: string }[]>`
    select subscription_id as "subscriptionId" from rm_service_subscriptions
    where status = 'active' order by updated_at limit 200`;
  let done = 0;
  for (const { subscriptionId } of rows) done += await bookVisitsOf(store, subscriptionId, now);
  return done;
}

/** Books what is due of one subscription now (the jobs, and the API right after a resume). */
export async function bookVisitsOf(store: EventStore, subscriptionId: string, now: Date): Promise<number> {
  const state = await subscriptionState(store, subscriptionId);
  if (state.status !== 'active') return 0;
  const terms = state.terms;
  let done = 0;
  for (const visit of visitsToBook(state, now)) {
    const bookingId = visitBookingId(subscriptionId, visit.index, state.generation);
    let refusal: string | null = null;
    try {
      await handleCommand(
        store,
        scheduleStreamId(terms.contractorId),
        scheduleDecider,
        {
          type: 'RequestBooking',
          bookingId,
          contractorId: terms.contractorId,
          customerId: terms.customerId,
          startsAt: new Date(visit.startsAt),
          customerTimeZone: terms.customerTimeZone,
          workOrderId: null,
          offeringId: null,
          priceCents: terms.pricePerVisitCents,
          note: terms.note,
          recurring: { subscriptionId, visitIndex: visit.index },
          now,
        },
        systemContext(now),
        { retries: 5 },
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // The same visit booked by an earlier run that stopped before recording it is booked.
      if (!(error instanceof ConflictError && error.message === BOOKING_MESSAGES.bookingExists)) {
        refusal = error.message;
      }
    }
    done += await attempt(() =>
      handleCommand(
        store,
        serviceSubscriptionStreamId(subscriptionId),
        serviceSubscriptionDecider,
        refusal === null
          ? { type: 'RecordVisitBooked', visitIndex: visit.index, bookingId, now }
          : { type: 'RecordVisitNotBooked', visitIndex: visit.index, reason: refusal, now },
        systemContext(now),
      ),
    );
  }
  return done;
}

/**
 * Booked visits that should no longer happen are cancelled on the calendar, as the person who
 * stopped them: every future visit of a subscription the contractor cancelled (always free for the
 * customer), the visits more than 24 hours ahead of one the customer paused or cancelled (free;
 * a nearer visit stays, and can be cancelled on its booking page under the late-cancellation
 * policy), and a skipped visit. Its escrow follows the booking (money-jobs.ts).
 */
async function cancelStoppedVisits(sql: Sql, store: EventStore, now: Date): Promise<number> {
  const freeFrom = new Date(now.getTime() + 24 * HOUR_MS);
  const rows = await sql<{ bookingId: string; contractorId: string; actorId: string; reason: string }[]>`
    select b.booking_id as "bookingId", b.contractor_id as "contractorId",
      coalesce(v.actor_id, s.ended_by, s.customer_id) as "actorId",
      case when v.status = 'skipped' then 'Visit skipped'
        when v.status = 'released' then 'Recurring service paused'
        else 'Recurring service cancelled' end as reason
    from rm_bookings b
    join rm_service_subscriptions s on s.subscription_id = b.subscription_id
    left join rm_subscription_visits v on v.booking_id = b.booking_id
    where b.status in ('requested', 'confirmed') and b.starts_at > ${now}
      and (
        v.status in ('skipped', 'released')
        or (s.status = 'cancelled' and s.ended_by = s.contractor_id)
        or (s.status = 'cancelled' and b.starts_at > ${freeFrom})
      )
    limit 100`;
  const locks = postgresMoneyLocks(sql);
  let done = 0;
  for (const row of rows) {
    done += await attempt(() =>
      cancelBooking(
        { store, locks },
        { contractorId: row.contractorId, jobId: row.bookingId },
        { type: 'CancelBooking', bookingId: row.bookingId, actorId: row.actorId, reason: row.reason, now },
        { ...systemContext(now), actorId: row.actorId },
      ),
    );
  }
  return done;
}

/**
 * Cancels, as `actorId`, the booked visits of one subscription that start after `from` (or the one
 * visit given): what the API does at once when someone skips, pauses or cancels, so the calendar
 * and the escrow show it on the next screen. The job above is the backstop.
 */
export async function cancelVisitBookings(
  sql: Sql,
  store: EventStore,
  target: { subscriptionId: string; actorId: string; reason: string; from: Date; visitIndexes?: number[] },
  now: Date,
): Promise<Position | null> {
  const rows = await sql<{ bookingId: string; contractorId: string }[]>`
    select booking_id as "bookingId", contractor_id as "contractorId" from rm_bookings
    where subscription_id = ${target.subscriptionId} and status in ('requested', 'confirmed')
      and starts_at > ${target.from}
      ${target.visitIndexes === undefined ? sql`` : sql`and visit_index = any(${target.visitIndexes}::int[])`}`;
  const locks = postgresMoneyLocks(sql);
  let last: Position | null = null;
  for (const row of rows) {
    try {
      const { position } = await cancelBooking(
        { store, locks },
        { contractorId: row.contractorId, jobId: row.bookingId },
        { type: 'CancelBooking', bookingId: row.bookingId, actorId: target.actorId, reason: target.reason, now },
        { ...systemContext(now), actorId: target.actorId },
      );
      last = position ?? last;
    } catch (error) {
      // The visit moved on since the read (started, or cancelled by someone else): nothing to do.
      if (!(error instanceof AppError)) throw error;
    }
  }
  return last;
}

/**
 * Signed agreements are activated within seconds, and their first visits booked at once; the
 * rolling booking of later visits and the backstop cancellations run every minute.
 */
async function activateAndBook(sql: Sql, store: EventStore, now: Date): Promise<number> {
  let done = 0;
  for (const subscriptionId of await activate(sql, store, now)) {
    done += 1 + (await bookVisitsOf(store, subscriptionId, now));
  }
  return done;
}

export const recurringActivationJob: ScheduledJob = {
  name: 'recurring-activation',
  intervalMs: 5_000,
  run: ({ sql, store, now }) => activateAndBook(sql, store, now),
};

export const recurringVisitsJob: ScheduledJob = {
  name: 'recurring-visits',
  intervalMs: 60_000,
  async run({ sql, store, now }) {
    // Activation is recurringActivationJob's (every 5 s); this one keeps the booked horizon rolling.
    return (await bookVisits(sql, store, now)) + (await cancelStoppedVisits(sql, store, now));
  },
};

/**
 * A booked visit's escrow is funded from the card the customer kept on file for the subscription,
 * once: a decline is recorded (the customer is told and pays on the visit's contract page with
 * another card) and not retried by the job. The charge's idempotency key names the escrow, so a
 * repeated tick or a crash after the charge never charges twice; the funding lock keeps the job
 * and the customer's own payment from both charging.
 */
async function fundVisits(sql: Sql, store: EventStore, gateway: PaymentGateway, now: Date): Promise<number> {
  const rows = await sql<{ jobId: string; customerId: string; paymentMethodId: string; cardLast4: string }[]>`
    select e.job_id as "jobId", e.customer_id as "customerId", s.payment_method_id as "paymentMethodId",
      s.card_last4 as "cardLast4"
    from rm_escrows e
    join rm_bookings b on b.booking_id = e.job_id
    join rm_service_subscriptions s on s.subscription_id = b.subscription_id
    where e.status = 'awaiting-funding' and e.failed_attempts = 0 and b.status in ('confirmed', 'completed')
    limit 50`;
  const locks = postgresMoneyLocks(sql);
  let done = 0;
  for (const row of rows) {
    const context = { ...systemContext(now), actorId: row.customerId };
    done += await attempt(async () => {
      const outcome = await fundEscrow(
        { store, locks, gateway },
        {
          jobId: row.jobId,
          actorId: row.customerId,
          automatic: true,
          onlyFirstAttempt: true,
          payment: {
            savedCard: { paymentMethodId: row.paymentMethodId, last4: row.cardLast4 },
            attemptKey: 'recurring-visit',
          },
          description: `Recurring visit ${row.jobId}`,
        },
        context,
      );
      return { newEvents: outcome.status === 'skipped' ? [] : [outcome] };
    });
  }
  return done;
}

export const recurringFundingJob: ScheduledJob = {
  name: 'recurring-visit-funding',
  intervalMs: 5_000,
  async run({ sql, store, gateway, now }) {
    return fundVisits(sql, store, gateway, now);
  },
};
