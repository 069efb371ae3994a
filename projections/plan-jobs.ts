import { handleCommand } from '../shared/domain/decider.ts';
import { PLANS } from '../shared/domain/plans/catalogue.ts';
import { planDecider } from '../shared/domain/plans/decider.ts';
import { planStreamId } from '../shared/domain/plans/events.ts';
import { CardInputError } from '../shared/payments/gateway.ts';
import { attempt, systemContext } from './money-jobs.ts';
import { plansDue } from './plans.ts';
import type { ScheduledJob } from './scheduled.ts';

/**
 * Plans at their period's end: a plan set to end, ends; any other is charged on the card on file
 * for the next period. The charge's idempotency key names the period and the attempt, so a tick
 * that runs twice (or a crash between the charge and the append) never charges twice: the gateway
 * answers the repeated key with the first answer, and the decider refuses a second renewal.
 */
export const planRenewalsJob: ScheduledJob = {
  name: 'plan-renewals',
  intervalMs: 60_000,
  async run({ sql, store, now, gateway }) {
    let done = 0;
    for (const plan of await plansDue(sql, now)) {
      const stream = planStreamId(plan.accountId);
      if (plan.status === 'cancelling') {
        done += await attempt(() =>
          handleCommand(store, stream, planDecider, { type: 'EndPlanPeriod', now }, systemContext(now)),
        );
        continue;
      }
      const key = `${stream}:period-${plan.period + 1}:attempt-${plan.renewalFailures + 1}`;
      let result;
      try {
        result = await gateway.chargeSaved({
          amountCents: PLANS[plan.planId].priceCents,
          paymentMethodId: plan.paymentMethodId ?? '',
          idempotencyKey: key,
          description: `${plan.planId} plan, period ${plan.period + 1}`,
        });
      } catch (error) {
        if (!(error instanceof CardInputError)) throw error;
        result = { ok: false as const, code: 'card_invalid' as const, last4: plan.cardLast4 ?? '' };
      }
      const command = result.ok
        ? {
            type: 'RenewPlan' as const,
            payment: { paymentId: result.paymentId, cardBrand: result.brand, cardLast4: result.last4 },
            now,
          }
        : { type: 'RecordRenewalFailure' as const, code: result.code, cardLast4: result.last4, now };
      done += await attempt(() => handleCommand(store, stream, planDecider, command, systemContext(now)));
    }
    return done;
  },
};
