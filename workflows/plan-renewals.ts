import { postgresMoneyLocks } from '../shared/db/money-locks.ts';
import { foldEvents, handleCommand } from '../shared/domain/decider.ts';
import { PLANS } from '../shared/domain/plans/catalogue.ts';
import { planDecider } from '../shared/domain/plans/decider.ts';
import { planStreamId, type PlanEvent, planEventSchemas } from '../shared/domain/plans/events.ts';
import { AppError } from '../shared/errors.ts';
import { WrongExpectedVersionError, type EventStore } from '../shared/eventstore/types.ts';
import { readEvents } from '../shared/eventstore/typed.ts';
import { CardInputError, recordChargeOrRefund, type PaymentGateway } from '../shared/payments/gateway.ts';
import { attempt, systemContext } from './money-process.ts';
import { plansDue, type PlanRow } from '../projections/plans.ts';
import type { ScheduledJob } from '../infrastructure/scheduling/scheduled.ts';

/**
 * Plans at their period's end: a plan set to end, ends; any other is charged on the card on file
 * for the next period. The charge's idempotency key names the period and the attempt, so a tick
 * that runs twice (or a crash between the charge and the append) never charges twice: the gateway
 * answers the repeated key with the first answer, and the decider refuses a second renewal.
 *
 * Each plan is decided under its account's money lock, which the holder's own cancel, resume and
 * purchase take too: the renewal is checked against the plan as it is now (a plan cancelled or
 * ended a moment ago is not charged), and a charge whose record is refused anyway is refunded.
 */
export const planRenewalsJob: ScheduledJob = {
  name: 'plan-renewals',
  intervalMs: 60_000,
  async run({ sql, store, now, gateway }) {
    const locks = postgresMoneyLocks(sql);
    let done = 0;
    for (const plan of await plansDue(sql, now)) {
      done += await locks.account(plan.accountId, () => renewOrEnd(store, gateway, plan, now));
    }
    return done;
  },
};

async function renewOrEnd(store: EventStore, gateway: PaymentGateway, plan: PlanRow, now: Date): Promise<number> {
  const stream = planStreamId(plan.accountId);
  const state = foldEvents(planDecider, await readEvents<PlanEvent>(store, stream, planEventSchemas));
  if (state.status === 'cancelling') {
    return attempt(() => handleCommand(store, stream, planDecider, { type: 'EndPlanPeriod', now }, systemContext(now)));
  }
  const renewal = (payment: { paymentId: string; cardBrand: string; cardLast4: string }) =>
    ({ type: 'RenewPlan', payment, now }) as const;
  try {
    // Due, and still a plan that renews: before any money moves.
    planDecider.decide(renewal({ paymentId: 'check', cardBrand: '', cardLast4: '' }), state);
  } catch (error) {
    if (error instanceof AppError) return 0;
    throw error;
  }
  const key = `${stream}:period-${state.period + 1}:attempt-${state.renewalFailures + 1}`;
  const priceCents = PLANS[state.planId].priceCents;
  let result;
  try {
    result = await gateway.chargeSaved({
      amountCents: priceCents,
      paymentMethodId: state.paymentMethodId ?? '',
      idempotencyKey: key,
      description: `${state.planId} plan, period ${state.period + 1}`,
    });
  } catch (error) {
    if (!(error instanceof CardInputError)) throw error;
    result = { ok: false as const, code: 'card_invalid' as const, last4: state.cardLast4 ?? '' };
  }
  if (!result.ok) {
    const failure = { type: 'RecordRenewalFailure' as const, code: result.code, cardLast4: result.last4, now };
    return attempt(() => handleCommand(store, stream, planDecider, failure, systemContext(now)));
  }
  try {
    const renewed = await recordChargeOrRefund(gateway, { paymentId: result.paymentId, amountCents: priceCents }, () =>
      handleCommand(
        store,
        stream,
        planDecider,
        renewal({ paymentId: result.paymentId, cardBrand: result.brand, cardLast4: result.last4 }),
        systemContext(now),
      ),
    );
    return renewed.newEvents.length;
  } catch (error) {
    // Refused after all (and refunded): the plan moved on; nothing to do this tick.
    if (error instanceof AppError || error instanceof WrongExpectedVersionError) return 0;
    throw error;
  }
}
