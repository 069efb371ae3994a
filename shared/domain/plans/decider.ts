import { boostEventSchemas, planEventSchemas } from './events.ts';
import { DateTime } from 'luxon';
import { ConflictError, ForbiddenError, ValidationError } from '../../errors.ts';
import { MINIMUM_PAID_AGE } from '../accounts/age.ts';
import type { Decider } from '../decider.ts';
import { BOOSTS, PLANS, type BoostId, type PlanId } from './catalogue.ts';
import type { BoostEvent, PaidPlanId, PlanEvent } from './events.ts';
import { PLAN_MESSAGES as M } from './messages.ts';

/** A card the gateway charged (the handler charges before it records, as for escrow funding). */
export type ChargedCard = { paymentId: string; paymentMethodId: string; cardBrand: string; cardLast4: string };

export type PurchasePlan = {
  type: 'PurchasePlan';
  accountId: string;
  planId: PlanId;
  /** The buyer's age today, from their date of birth (the accounts module keeps it). */
  ageInYears: number;
  payment: ChargedCard;
  now: Date;
};
export type RecordPurchaseFailure = {
  type: 'RecordPurchaseFailure';
  accountId: string;
  planId: PlanId;
  code: 'card_declined' | 'insufficient_funds';
  cardLast4: string;
  now: Date;
};
/** The renewal timer charged the card on file for the next period. */
export type RenewPlan = { type: 'RenewPlan'; payment: Omit<ChargedCard, 'paymentMethodId'>; now: Date };
export type RecordRenewalFailure = {
  type: 'RecordRenewalFailure';
  code: 'card_declined' | 'insufficient_funds' | 'card_invalid';
  cardLast4: string;
  now: Date;
};
export type CancelPlan = { type: 'CancelPlan'; now: Date };
export type ResumePlan = { type: 'ResumePlan'; now: Date };
/** The timer at a period's end: a plan set to end, ends. */
export type EndPlanPeriod = { type: 'EndPlanPeriod'; now: Date };

export type PlanCommand =
  PurchasePlan | RecordPurchaseFailure | RenewPlan | RecordRenewalFailure | CancelPlan | ResumePlan | EndPlanPeriod;

export type PlanStatus = 'free' | 'active' | 'cancelling' | 'past-due';

export type PlanState = {
  accountId: string | null;
  /** The plan whose features the account has now: 'starter' unless a paid plan is running. */
  planId: PlanId;
  status: PlanStatus;
  /** The first period's start: period n runs from anchor + (n-1) months to anchor + n months. */
  anchor: string | null;
  period: number;
  periodStart: string | null;
  periodEnd: string | null;
  paymentMethodId: string | null;
  cardLast4: string | null;
  /** Failed renewal attempts of the current period. */
  renewalFailures: number;
};

/**
 * A failed renewal keeps the plan for a short grace while the card is retried: one day after the
 * first failure, then two days after the second. A third failure ends the plan (docs/decisions.md).
 */
export const RENEWAL_RETRY_DAYS = [1, 2] as const;

/** The end of period `period` counted from the anchor, in calendar months (Jan 31 → Feb 28 → Mar 31). */
export function periodEndOf(anchor: string, period: number): string {
  return DateTime.fromISO(anchor, { zone: 'utc' }).plus({ months: period }).toUTC().toISO()!;
}

const isPaid = (state: PlanState) => state.status !== 'free';

function paidPlan(planId: PlanId): PaidPlanId {
  if (planId === 'starter') throw new ValidationError(M.free);
  if (!PLANS[planId].available) throw new ForbiddenError(M.notOffered);
  return planId;
}

const name = (planId: PlanId) => planId.charAt(0).toUpperCase() + planId.slice(1);

function purchasePlan(command: PurchasePlan, state: PlanState, at: string): PlanEvent[] {
  const planId = paidPlan(command.planId);
  if (state.status === 'cancelling' && state.planId === planId) throw new ConflictError(M.resumeInstead(name(planId)));
  if (isPaid(state) && state.planId === planId) throw new ConflictError(M.alreadyOn(name(planId)));
  if (isPaid(state)) throw new ConflictError(M.hasPaidPlan);
  if (command.ageInYears < MINIMUM_PAID_AGE) throw new ForbiddenError(M.tooYoung);
  return [
    {
      type: 'PlanPurchased',
      data: {
        accountId: command.accountId,
        planId,
        paymentId: command.payment.paymentId,
        amountCents: PLANS[planId].priceCents,
        cardBrand: command.payment.cardBrand,
        cardLast4: command.payment.cardLast4,
        paymentMethodId: command.payment.paymentMethodId,
        periodStart: at,
        periodEnd: periodEndOf(at, 1),
        purchasedAt: at,
      },
    },
  ];
}

function recordPurchaseFailure(command: RecordPurchaseFailure, at: string): PlanEvent[] {
  const planId = paidPlan(command.planId);
  return [
    {
      type: 'PlanPaymentFailed',
      data: {
        accountId: command.accountId,
        planId,
        attempt: 'purchase',
        code: command.code,
        cardLast4: command.cardLast4,
        failedAt: at,
        retryAt: null,
      },
    },
  ];
}

/** The guard of both outcomes of a renewal charge: a running plan whose period has ended. */
function requireRenewalDue(state: PlanState, now: Date) {
  if (state.status !== 'active' && state.status !== 'past-due') throw new ConflictError(M.notDue);
  if (now.getTime() < Date.parse(state.periodEnd!)) throw new ConflictError(M.notDue);
}

function renewPlan(command: RenewPlan, state: PlanState, at: string): PlanEvent[] {
  requireRenewalDue(state, command.now);
  const period = state.period + 1;
  const planId = state.planId as PaidPlanId;
  return [
    {
      type: 'PlanRenewed',
      data: {
        accountId: state.accountId!,
        planId,
        period,
        paymentId: command.payment.paymentId,
        amountCents: PLANS[planId].priceCents,
        cardBrand: command.payment.cardBrand,
        cardLast4: command.payment.cardLast4,
        periodStart: state.periodEnd!,
        periodEnd: periodEndOf(state.anchor!, period),
        renewedAt: at,
      },
    },
  ];
}

/** Sets the next retry, or ends the plan once the retries are used up. */
function recordRenewalFailure(command: RecordRenewalFailure, state: PlanState, at: string): PlanEvent[] {
  requireRenewalDue(state, command.now);
  const planId = state.planId as PaidPlanId;
  const retryDays = RENEWAL_RETRY_DAYS[state.renewalFailures];
  const failed: PlanEvent = {
    type: 'PlanPaymentFailed',
    data: {
      accountId: state.accountId!,
      planId,
      attempt: 'renewal',
      code: command.code,
      cardLast4: command.cardLast4,
      failedAt: at,
      retryAt:
        retryDays === undefined
          ? null
          : DateTime.fromJSDate(command.now, { zone: 'utc' }).plus({ days: retryDays }).toISO()!,
    },
  };
  if (retryDays !== undefined) return [failed];
  return [
    failed,
    { type: 'PlanEnded', data: { accountId: state.accountId!, planId, reason: 'payment-failed', endedAt: at } },
  ];
}

function cancelPlan(state: PlanState, at: string): PlanEvent[] {
  if (!isPaid(state)) throw new ConflictError(M.noPaidPlan);
  if (state.status === 'cancelling') throw new ConflictError(M.alreadyCancelling);
  const planId = state.planId as PaidPlanId;
  // A plan whose renewal keeps failing has nothing left to run out: it ends now.
  if (state.status === 'past-due') {
    return [{ type: 'PlanEnded', data: { accountId: state.accountId!, planId, reason: 'cancelled', endedAt: at } }];
  }
  return [
    {
      type: 'PlanCancellationScheduled',
      data: { accountId: state.accountId!, planId, endsAt: state.periodEnd!, scheduledAt: at },
    },
  ];
}

function resumePlan(command: ResumePlan, state: PlanState, at: string): PlanEvent[] {
  if (state.status !== 'cancelling') throw new ConflictError(M.notCancelling);
  if (command.now.getTime() >= Date.parse(state.periodEnd!)) throw new ConflictError(M.periodOver);
  return [
    {
      type: 'PlanCancellationWithdrawn',
      data: { accountId: state.accountId!, planId: state.planId as PaidPlanId, withdrawnAt: at },
    },
  ];
}

function endPlanPeriod(command: EndPlanPeriod, state: PlanState): PlanEvent[] {
  if (state.status !== 'cancelling' || command.now.getTime() < Date.parse(state.periodEnd!)) return [];
  return [
    {
      type: 'PlanEnded',
      data: {
        accountId: state.accountId!,
        planId: state.planId as PaidPlanId,
        reason: 'cancelled',
        endedAt: state.periodEnd!,
      },
    },
  ];
}

export const planDecider: Decider<PlanState, PlanCommand, PlanEvent> = {
  eventSchemas: planEventSchemas,
  initialState: () => ({
    accountId: null,
    planId: 'starter',
    status: 'free',
    anchor: null,
    period: 0,
    periodStart: null,
    periodEnd: null,
    paymentMethodId: null,
    cardLast4: null,
    renewalFailures: 0,
  }),

  evolve(state, event) {
    switch (event.type) {
      case 'PlanPurchased':
        return {
          ...state,
          accountId: event.data.accountId,
          planId: event.data.planId,
          status: 'active',
          anchor: event.data.periodStart,
          period: 1,
          periodStart: event.data.periodStart,
          periodEnd: event.data.periodEnd,
          paymentMethodId: event.data.paymentMethodId,
          cardLast4: event.data.cardLast4,
          renewalFailures: 0,
        };
      case 'PlanRenewed':
        return {
          ...state,
          status: 'active',
          period: event.data.period,
          periodStart: event.data.periodStart,
          periodEnd: event.data.periodEnd,
          renewalFailures: 0,
        };
      case 'PlanPaymentFailed':
        if (event.data.attempt === 'purchase') return { ...state, accountId: event.data.accountId };
        return { ...state, status: 'past-due', renewalFailures: state.renewalFailures + 1 };
      case 'PlanCancellationScheduled':
        return { ...state, status: 'cancelling' };
      case 'PlanCancellationWithdrawn':
        return { ...state, status: 'active' };
      case 'PlanEnded':
        return { ...planDecider.initialState(), accountId: state.accountId };
    }
  },

  decide(command, state) {
    const at = command.now.toISOString();
    switch (command.type) {
      case 'PurchasePlan':
        return purchasePlan(command, state, at);
      case 'RecordPurchaseFailure':
        return recordPurchaseFailure(command, at);
      case 'RenewPlan':
        return renewPlan(command, state, at);
      case 'RecordRenewalFailure':
        return recordRenewalFailure(command, state, at);
      case 'CancelPlan':
        return cancelPlan(state, at);
      case 'ResumePlan':
        return resumePlan(command, state, at);
      case 'EndPlanPeriod':
        return endPlanPeriod(command, state);
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${String((unknown as { type: string }).type)}`);
      }
    }
  },
};

// ---------------------------------------------------------------------------------------------
// Listing boosts

export type BuyBoost = {
  type: 'BuyBoost';
  contractorId: string;
  boostId: BoostId;
  /** Null only when the price is 0 (the first 7-day boost). */
  payment: Omit<ChargedCard, 'paymentMethodId'> | null;
  now: Date;
};

export type BoostState = { usedFreeBoost: boolean; activeUntil: string | null; purchases: number };

/** What a boost costs this contractor now: the first 7-day boost is free (docs/product.md#plans). */
export function boostPrice(state: BoostState, boostId: BoostId): number {
  const boost = BOOSTS.find((candidate) => candidate.id === boostId);
  if (!boost) throw new ValidationError(M.boostNotOffered);
  return boost.firstOneFree && !state.usedFreeBoost ? 0 : boost.priceCents;
}

function buyBoost(command: BuyBoost, state: BoostState): BoostEvent[] {
  const price = boostPrice(state, command.boostId);
  const boost = BOOSTS.find((candidate) => candidate.id === command.boostId)!;
  if (price > 0 && !command.payment) throw new ValidationError(M.cardRequired);
  const at = command.now.toISOString();
  // Bought while one runs, the new window starts where the running one ends: the days add up.
  const running = state.activeUntil !== null && Date.parse(state.activeUntil) > command.now.getTime();
  const startsAt = running ? state.activeUntil! : at;
  return [
    {
      type: 'BoostPurchased',
      data: {
        contractorId: command.contractorId,
        boostId: boost.id,
        days: boost.days,
        amountCents: price,
        paymentId: price > 0 ? command.payment!.paymentId : null,
        cardBrand: price > 0 ? command.payment!.cardBrand : null,
        cardLast4: price > 0 ? command.payment!.cardLast4 : null,
        startsAt,
        endsAt: DateTime.fromISO(startsAt, { zone: 'utc' }).plus({ days: boost.days }).toISO()!,
        purchasedAt: at,
      },
    },
  ];
}

export const boostDecider: Decider<BoostState, BuyBoost, BoostEvent> = {
  eventSchemas: boostEventSchemas,
  initialState: () => ({ usedFreeBoost: false, activeUntil: null, purchases: 0 }),
  evolve(state, event) {
    const boost = BOOSTS.find((candidate) => candidate.id === event.data.boostId);
    return {
      usedFreeBoost: state.usedFreeBoost || (boost?.firstOneFree === true && event.data.amountCents === 0),
      activeUntil: event.data.endsAt,
      purchases: state.purchases + 1,
    };
  },
  decide(command, state) {
    switch (command.type) {
      case 'BuyBoost':
        return buyBoost(command, state);
      default: {
        const unknown: never = command.type;
        throw new Error(`Unknown command ${String(unknown)}`);
      }
    }
  },
};
