import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, ValidationError } from '../../errors.ts';
import { foldEvents } from '../decider.ts';
import { deciderSpec } from '../testing.ts';
import { boostDecider, boostPrice, periodEndOf, planDecider, type ChargedCard, type PlanCommand } from './decider.ts';
import type { PlanId } from './catalogue.ts';
import type { BoostEvent, PlanEvent } from './events.ts';
import { PLAN_MESSAGES as M } from './messages.ts';

const account = 'a0000000-0000-4000-8000-000000000001';
const t0 = new Date('2026-01-31T10:00:00.000Z');
const at = (iso: string) => new Date(iso);
const card: ChargedCard = { paymentId: 'ch_1', paymentMethodId: 'pm_1', cardBrand: 'visa', cardLast4: '4242' };
const plans = deciderSpec(planDecider);
const boosts = deciderSpec(boostDecider);

const purchase = (now = t0, planId: PlanId = 'local', ageInYears = 30): PlanCommand => ({
  type: 'PurchasePlan',
  accountId: account,
  planId,
  ageInYears,
  payment: card,
  now,
});
const purchased = (now = t0): PlanEvent[] => planDecider.decide(purchase(now), planDecider.initialState());
const stateAfter = (events: readonly PlanEvent[]) => foldEvents(planDecider, events);
const decide = (events: readonly PlanEvent[], command: PlanCommand) => planDecider.decide(command, stateAfter(events));

describe('plans: buying', () => {
  it('buys Local at its catalogue price, with a first period of one calendar month', () => {
    plans([])
      .when(purchase())
      .then([
        {
          type: 'PlanPurchased',
          data: {
            accountId: account,
            planId: 'local',
            paymentId: 'ch_1',
            amountCents: 1_900,
            cardBrand: 'visa',
            cardLast4: '4242',
            paymentMethodId: 'pm_1',
            periodStart: '2026-01-31T10:00:00.000Z',
            // 31 January plus a month is the last day of February.
            periodEnd: '2026-02-28T10:00:00.000Z',
            purchasedAt: '2026-01-31T10:00:00.000Z',
          },
        },
      ]);
    expect(stateAfter(purchased())).toMatchObject({ planId: 'local', status: 'active', period: 1 });
  });

  it('needs the buyer to be 18 or older (17 refused, 18 allowed)', () => {
    plans([])
      .when(purchase(t0, 'local', 17))
      .thenThrows(ForbiddenError, M.tooYoung);
    expect(decide([], purchase(t0, 'local', 18))).toHaveLength(1);
  });

  it('sells only plans that are offered and not free', () => {
    plans([]).when(purchase(t0, 'pro')).thenThrows(ForbiddenError, M.notOffered);
    plans([]).when(purchase(t0, 'enterprise')).thenThrows(ForbiddenError, M.notOffered);
    plans([]).when(purchase(t0, 'starter')).thenThrows(ValidationError, M.free);
  });

  it('refuses to sell the plan the account already has, or a second plan beside it', () => {
    plans(purchased())
      .when(purchase(at('2026-02-01T00:00:00Z')))
      .thenThrows(ConflictError, M.alreadyOn('Local'));
    const cancelling = [
      ...purchased(),
      ...decide(purchased(), { type: 'CancelPlan', now: at('2026-02-01T00:00:00Z') }),
    ];
    plans(cancelling)
      .when(purchase(at('2026-02-02T00:00:00Z')))
      .thenThrows(ConflictError, /Resume it instead/);
  });

  it('records a declined purchase without changing the plan', () => {
    const failed = decide([], {
      type: 'RecordPurchaseFailure',
      accountId: account,
      planId: 'local',
      code: 'card_declined',
      cardLast4: '0002',
      now: t0,
    });
    expect(failed[0]).toMatchObject({ type: 'PlanPaymentFailed', data: { attempt: 'purchase', retryAt: null } });
    expect(stateAfter(failed)).toMatchObject({ planId: 'starter', status: 'free' });
  });
});

describe('plans: renewals', () => {
  const renew = (now: Date, paymentId = 'ch_2'): PlanCommand => ({
    type: 'RenewPlan',
    payment: { paymentId, cardBrand: 'visa', cardLast4: '4242' },
    now,
  });

  it('renews at the period end, each period an event counted from the first day (no drift)', () => {
    const first = purchased();
    plans(first)
      .when(renew(at('2026-02-28T09:59:59Z')))
      .thenThrows(ConflictError, M.notDue);
    const second = decide(first, renew(at('2026-02-28T10:00:00Z')));
    expect(second).toEqual([
      {
        type: 'PlanRenewed',
        data: expect.objectContaining({
          period: 2,
          amountCents: 1_900,
          periodStart: '2026-02-28T10:00:00.000Z',
          periodEnd: '2026-03-31T10:00:00.000Z',
        }),
      },
    ]);
    const third = decide([...first, ...second], renew(at('2026-03-31T10:00:00Z'), 'ch_3'));
    expect(third[0]!.data).toMatchObject({ period: 3, periodEnd: '2026-04-30T10:00:00.000Z' });
  });

  it('keeps the plan through two failed renewals, retrying after 1 then 2 days, and ends it at the third', () => {
    const history = purchased();
    const fail = (now: Date): PlanCommand => ({
      type: 'RecordRenewalFailure',
      code: 'card_declined',
      cardLast4: '0002',
      now,
    });
    const first = decide(history, fail(at('2026-02-28T10:00:00Z')));
    expect(first[0]!.data).toMatchObject({ attempt: 'renewal', retryAt: '2026-03-01T10:00:00.000Z' });
    history.push(...first);
    expect(stateAfter(history)).toMatchObject({ planId: 'local', status: 'past-due' });
    const second = decide(history, fail(at('2026-03-01T10:00:00Z')));
    expect(second[0]!.data).toMatchObject({ retryAt: '2026-03-03T10:00:00.000Z' });
    history.push(...second);
    const third = decide(history, fail(at('2026-03-03T10:00:00Z')));
    expect(third.map((e) => e.type)).toEqual(['PlanPaymentFailed', 'PlanEnded']);
    expect(third[1]!.data).toMatchObject({ reason: 'payment-failed' });
    expect(stateAfter([...history, ...third])).toMatchObject({ planId: 'starter', status: 'free' });
  });

  it('a renewal that succeeds in the grace brings the plan back to active', () => {
    const history = [
      ...purchased(),
      ...decide(purchased(), {
        type: 'RecordRenewalFailure',
        code: 'insufficient_funds',
        cardLast4: '9995',
        now: at('2026-02-28T10:00:00Z'),
      }),
    ];
    const renewed = decide(history, renew(at('2026-03-01T10:00:00Z')));
    expect(stateAfter([...history, ...renewed])).toMatchObject({ status: 'active', renewalFailures: 0, period: 2 });
  });

  it('never renews a plan set to end, nor a free account', () => {
    const cancelling = [
      ...purchased(),
      ...decide(purchased(), { type: 'CancelPlan', now: at('2026-02-10T00:00:00Z') }),
    ];
    plans(cancelling)
      .when(renew(at('2026-02-28T10:00:00Z')))
      .thenThrows(ConflictError, M.notDue);
    plans([])
      .when(renew(at('2026-02-28T10:00:00Z')))
      .thenThrows(ConflictError, M.notDue);
  });

  it('periods follow calendar months for any start (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 36 }),
        (start, n) => {
          const anchor = start.toISOString();
          const end = new Date(periodEndOf(anchor, n));
          const months = (end.getUTCFullYear() - start.getUTCFullYear()) * 12 + end.getUTCMonth() - start.getUTCMonth();
          expect(months).toBe(n);
          expect(end.getUTCDate()).toBeLessThanOrEqual(start.getUTCDate());
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('plans: cancelling', () => {
  it('cancels at the period end, keeps the features until then, and can be resumed before it', () => {
    const history = purchased();
    const cancelled = decide(history, { type: 'CancelPlan', now: at('2026-02-10T00:00:00Z') });
    expect(cancelled).toEqual([
      {
        type: 'PlanCancellationScheduled',
        data: {
          accountId: account,
          planId: 'local',
          endsAt: '2026-02-28T10:00:00.000Z',
          scheduledAt: '2026-02-10T00:00:00.000Z',
        },
      },
    ]);
    history.push(...cancelled);
    expect(stateAfter(history)).toMatchObject({ planId: 'local', status: 'cancelling' });
    plans(history)
      .when({ type: 'CancelPlan', now: at('2026-02-11T00:00:00Z') })
      .thenThrows(ConflictError, M.alreadyCancelling);
    const resumed = decide(history, { type: 'ResumePlan', now: at('2026-02-20T00:00:00Z') });
    expect(resumed[0]!.type).toBe('PlanCancellationWithdrawn');
    expect(stateAfter([...history, ...resumed]).status).toBe('active');
    plans(history)
      .when({ type: 'ResumePlan', now: at('2026-02-28T10:00:00Z') })
      .thenThrows(ConflictError, M.periodOver);
  });

  it('ends the plan at the period end exactly, not before', () => {
    const history = [...purchased(), ...decide(purchased(), { type: 'CancelPlan', now: at('2026-02-10T00:00:00Z') })];
    plans(history)
      .when({ type: 'EndPlanPeriod', now: at('2026-02-28T09:59:59Z') })
      .then([]);
    plans(history)
      .when({ type: 'EndPlanPeriod', now: at('2026-02-28T10:00:00Z') })
      .then([
        {
          type: 'PlanEnded',
          data: { accountId: account, planId: 'local', reason: 'cancelled', endedAt: '2026-02-28T10:00:00.000Z' },
        },
      ]);
    plans(purchased())
      .when({ type: 'EndPlanPeriod', now: at('2026-03-28T10:00:00Z') })
      .then([]);
  });

  it('has nothing to cancel on Starter, and a past-due plan ends at once', () => {
    plans([]).when({ type: 'CancelPlan', now: t0 }).thenThrows(ConflictError, M.noPaidPlan);
    const pastDue = [
      ...purchased(),
      ...decide(purchased(), {
        type: 'RecordRenewalFailure',
        code: 'card_declined',
        cardLast4: '0002',
        now: at('2026-02-28T10:00:00Z'),
      }),
    ];
    expect(decide(pastDue, { type: 'CancelPlan', now: at('2026-03-01T00:00:00Z') })[0]!.type).toBe('PlanEnded');
  });
});

describe('listing boosts', () => {
  const contractor = 'b0000000-0000-4000-8000-000000000002';
  const paid = { paymentId: 'ch_b', cardBrand: 'visa', cardLast4: '4242' };
  const buy = (boostId: 'boost-7' | 'featured-30' | 'premium-90', now: Date, payment: typeof paid | null = paid) => ({
    type: 'BuyBoost' as const,
    contractorId: contractor,
    boostId,
    payment,
    now,
  });

  it('gives the first 7-day boost free, then charges $5 for the next', () => {
    boosts([])
      .when(buy('boost-7', t0, null))
      .then([
        {
          type: 'BoostPurchased',
          data: {
            contractorId: contractor,
            boostId: 'boost-7',
            days: 7,
            amountCents: 0,
            paymentId: null,
            cardBrand: null,
            cardLast4: null,
            startsAt: t0.toISOString(),
            endsAt: '2026-02-07T10:00:00.000Z',
            purchasedAt: t0.toISOString(),
          },
        },
      ]);
    const history: BoostEvent[] = boostDecider.decide(buy('boost-7', t0, null), boostDecider.initialState());
    const state = foldEvents(boostDecider, history);
    expect(boostPrice(state, 'boost-7')).toBe(500);
    boosts(history)
      .when(buy('boost-7', at('2026-03-01T00:00:00Z'), null))
      .thenThrows(ValidationError, M.cardRequired);
  });

  it('charges $15 for 30 days and $45 for 90 days', () => {
    expect(boostPrice(boostDecider.initialState(), 'featured-30')).toBe(1_500);
    expect(boostPrice(boostDecider.initialState(), 'premium-90')).toBe(4_500);
    expect(() => boostPrice(boostDecider.initialState(), 'boost-1' as never)).toThrow(M.boostNotOffered);
  });

  it('extends a running boost instead of overlapping it, and starts afresh after one ended', () => {
    const first = boostDecider.decide(buy('featured-30', t0), boostDecider.initialState());
    const extended = boostDecider.decide(buy('boost-7', at('2026-02-10T00:00:00Z')), foldEvents(boostDecider, first));
    expect(extended[0]!.data).toMatchObject({
      startsAt: '2026-03-02T10:00:00.000Z',
      endsAt: '2026-03-09T10:00:00.000Z',
      amountCents: 0,
    });
    const afterEnd = boostDecider.decide(
      buy('featured-30', at('2026-04-01T00:00:00Z')),
      foldEvents(boostDecider, first),
    );
    expect(afterEnd[0]!.data).toMatchObject({
      startsAt: '2026-04-01T00:00:00.000Z',
      endsAt: '2026-05-01T00:00:00.000Z',
    });
  });
});
