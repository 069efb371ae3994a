import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { monthlyPlanUsage } from '../../../projections/work-orders.ts';
import { galleryOf } from '../../../projections/gallery.ts';
import { billingHistory, findBoost, findPlan } from '../../../projections/plans.ts';
import { ageOn } from '../../../shared/domain/accounts/age.ts';
import { foldEvents } from '../../../shared/domain/decider.ts';
import { PLANS, type BoostId } from '../../../shared/domain/plans/catalogue.ts';
import { boostDecider, boostPrice, planDecider, type PlanCommand } from '../../../shared/domain/plans/decider.ts';
import { monthStart } from '../../../shared/domain/plans/entitlements.ts';
import {
  boostStreamId,
  planStreamId,
  type BoostEvent,
  type PlanEvent,
  boostEventSchemas,
  planEventSchemas,
} from '../../../shared/domain/plans/events.ts';
import { PLAN_MESSAGES as M } from '../../../shared/domain/plans/messages.ts';
import { NotFoundError, PaymentRequiredError, ValidationError } from '../../../shared/errors.ts';
import {
  CardInputError,
  recordChargeOrRefund,
  type CardInput,
  type ChargeResult,
} from '../../../shared/payments/gateway.ts';
import { signedInUser, type CurrentUser } from '../../plugins/auth.ts';
import { idempotencyHeader } from '../../plugins/idempotency.ts';
import { personalDataById } from '../accounts/personal-data.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { emptyBody } from '../../../shared/http/escrow.ts';
import { billingView, boostBody, planView, purchaseBody } from '../../../shared/http/plans.ts';
import { readEvents } from '../../../shared/eventstore/typed.ts';
import { planViewOf, receiptOf } from './views.ts';

const READ_MODELS = ['plans', 'contractor-directory'] as const;
const errors = {
  400: errorSchema,
  401: errorSchema,
  402: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
};

/**
 * Plans and listing boosts (docs/product.md#plans). Prices come from the catalogue, never from
 * the request. A charge happens under a per-account lock and after the decider's own checks, so a
 * refused purchase never reaches the gateway and two concurrent ones never both pay.
 */
export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store, gateway } = app.runtime;

  /** One money decision at a time per account: purchases, boosts, cancellations and the renewal timer. */
  const withAccountLock = <T>(accountId: string, work: () => Promise<T>) => app.runtime.locks.account(accountId, work);

  async function charge(run: () => Promise<ChargeResult>): Promise<ChargeResult> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof CardInputError) throw new ValidationError(error.message);
      throw error;
    }
  }

  async function ageOf(user: CurrentUser, now: Date): Promise<number> {
    const personal = await personalDataById(sql, user.id);
    if (!personal) throw new NotFoundError('This account no longer exists.');
    return ageOn(personal.dateOfBirth, now);
  }

  async function view(user: CurrentUser) {
    const now = new Date();
    const [plan, boost, ageInYears] = await Promise.all([
      findPlan(sql, user.id),
      findBoost(sql, user.id),
      ageOf(user, now),
    ]);
    const [counts, gallery] =
      user.role === 'contractor'
        ? await Promise.all([monthlyPlanUsage(sql, user.id, monthStart(now)), galleryOf(sql, user.id)])
        : [null, null];
    const usage = counts && gallery ? { ...counts, billboards: gallery.length } : null;
    return planViewOf(user.role, { plan, boost, ageInYears, usage }, now);
  }

  app.get(
    '/api/plans/me',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['plans'],
        summary: 'The signed-in user’s plan, its usage against each limit, and their boost',
        response: { 200: planView, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => view(await signedInUser(request)),
  );

  app.get(
    '/api/billing',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['plans'],
        summary: 'The signed-in user’s billing history: plan periods and boosts, newest first (each line is a receipt)',
        response: { 200: billingView, 401: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      return { items: (await billingHistory(sql, user.id)).map(receiptOf) };
    },
  );

  async function savedCard(card: CardInput) {
    try {
      return await gateway.saveCard(card);
    } catch (error) {
      if (error instanceof CardInputError) throw new ValidationError(error.message);
      throw error;
    }
  }

  app.command({
    method: 'POST',
    url: '/api/plans/purchase',
    access: ['customer', 'contractor'],
    config: { idempotent: true },
    schema: {
      tags: ['plans'],
      summary: 'Buy a paid plan by card; it renews monthly on the card (Idempotency-Key required)',
      description:
        'Local ($19/month) is offered; Pro and Enterprise answer 403 until they are. Under 18 answers 403. A declined card answers 402 and changes nothing.',
      headers: idempotencyHeader,
      body: purchaseBody,
      response: { 200: planView, 202: planView, ...errors },
    },
    readModels: READ_MODELS,
    async run({ request, user, body, context, decide }) {
      const stream = planStreamId(user.id);
      const ageInYears = await ageOf(user, context.now);
      const { planId, card } = body;
      await withAccountLock(user.id, async () => {
        const state = foldEvents(planDecider, await readEvents<PlanEvent>(store, stream, planEventSchemas));
        const purchase = (payment: {
          paymentId: string;
          paymentMethodId: string;
          cardBrand: string;
          cardLast4: string;
        }): PlanCommand => ({
          type: 'PurchasePlan',
          accountId: user.id,
          planId,
          ageInYears,
          payment,
          now: context.now,
        });
        // The decider's refusals (not offered, too young, already on it) come before any charge.
        planDecider.decide(
          purchase({ paymentId: 'check', paymentMethodId: 'check', cardBrand: '', cardLast4: '' }),
          state,
        );
        const saved = await savedCard(card);
        const result = await charge(() =>
          gateway.chargeSaved({
            amountCents: PLANS[planId].priceCents,
            paymentMethodId: saved.paymentMethodId,
            idempotencyKey: `${stream}:purchase:${request.idempotency?.key ?? context.correlationId}`,
            description: `${planId} plan, first month`,
          }),
        );
        if (!result.ok) {
          await decide(stream, planDecider, {
            type: 'RecordPurchaseFailure',
            accountId: user.id,
            planId,
            code: result.code,
            cardLast4: result.last4,
            now: context.now,
          });
          throw new PaymentRequiredError(result.message);
        }
        await recordChargeOrRefund(
          gateway,
          { paymentId: result.paymentId, amountCents: PLANS[planId].priceCents },
          () =>
            decide(
              stream,
              planDecider,
              purchase({
                paymentId: result.paymentId,
                paymentMethodId: saved.paymentMethodId,
                cardBrand: result.brand,
                cardLast4: result.last4,
              }),
            ),
        );
      });
      return () => view(user);
    },
  });

  for (const [path, type, summary] of [
    ['/api/plans/cancel', 'CancelPlan', 'Cancel the paid plan at the end of the paid period (back to Starter then)'],
    ['/api/plans/resume', 'ResumePlan', 'Keep a plan set to end: it renews again'],
  ] as const) {
    app.command({
      method: 'POST',
      url: path,
      access: ['customer', 'contractor'],
      schema: { tags: ['plans'], summary, body: emptyBody, response: { 200: planView, 202: planView, ...errors } },
      readModels: READ_MODELS,
      async run({ user, context, decide }) {
        // Under the account's lock: a renewal charging the card right now finishes first, and the
        // cancellation then applies to the period it paid for.
        await withAccountLock(user.id, () => decide(planStreamId(user.id), planDecider, { type, now: context.now }));
        return () => view(user);
      },
    });
  }

  app.command({
    method: 'POST',
    url: '/api/boosts',
    access: ['contractor'],
    config: { idempotent: true },
    schema: {
      tags: ['plans'],
      summary: 'Boost the listing in the directory: 7 days $5 (the first one free), 30 days $15, 90 days $45',
      description:
        'One-time charge by card (none for the free first boost). Bought while a boost runs, it extends it. Idempotency-Key required.',
      headers: idempotencyHeader,
      body: boostBody,
      response: { 200: planView, 202: planView, ...errors },
    },
    readModels: READ_MODELS,
    async run({ request, user, body, context, decide }) {
      const stream = boostStreamId(user.id);
      const boostId: BoostId = body.boostId;
      await withAccountLock(user.id, async () => {
        const state = foldEvents(boostDecider, await readEvents<BoostEvent>(store, stream, boostEventSchemas));
        const price = boostPrice(state, boostId);
        let payment = null;
        if (price > 0) {
          if (!body.card) throw new ValidationError(M.cardRequired);
          const card = body.card;
          const result = await charge(() =>
            gateway.charge({
              amountCents: price,
              card,
              idempotencyKey: `${stream}:${request.idempotency?.key ?? context.correlationId}`,
              description: `Listing boost ${boostId}`,
            }),
          );
          if (!result.ok) throw new PaymentRequiredError(result.message);
          payment = { paymentId: result.paymentId, cardBrand: result.brand, cardLast4: result.last4 };
        }
        const buy = () =>
          decide(stream, boostDecider, { type: 'BuyBoost', contractorId: user.id, boostId, payment, now: context.now });
        if (payment) await recordChargeOrRefund(gateway, { paymentId: payment.paymentId, amountCents: price }, buy);
        else await buy();
      });
      return () => view(user);
    },
  });
};
