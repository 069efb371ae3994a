import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { monthlyPlanUsage } from '../../../projections/work-orders.ts';
import { galleryOf } from '../../../projections/gallery.ts';
import { billingHistory, findBoost, findPlan } from '../../../projections/plans.ts';
import { ageOn, MINIMUM_PAID_AGE } from '../../../shared/domain/accounts/age.ts';
import { foldEvents, handleCommand } from '../../../shared/domain/decider.ts';
import { BOOSTS, PLANS, PLAN_LIMIT_KEYS, type BoostId, type PlanId } from '../../../shared/domain/plans/catalogue.ts';
import { boostDecider, boostPrice, planDecider, type PlanCommand } from '../../../shared/domain/plans/decider.ts';
import { monthStart } from '../../../shared/domain/plans/entitlements.ts';
import { boostStreamId, planStreamId, type BoostEvent, type PlanEvent } from '../../../shared/domain/plans/events.ts';
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
import { answerWithView, commandContext } from '../../plugins/read-your-writes.ts';
import { personalDataById } from '../accounts/personal-data.ts';
import { errorSchema } from '../accounts/schemas.ts';
import { emptyBody } from '../escrow/schemas.ts';
import { billingView, boostBody, planView, purchaseBody } from './schemas.ts';

const READ_MODELS = ['plans', 'contractor-directory'] as const;
const errors = {
  400: errorSchema,
  401: errorSchema,
  402: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Plans and listing boosts (spec sections 3, 6 and 9). Prices come from the catalogue, never from
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
    const [plan, boost, age] = await Promise.all([findPlan(sql, user.id), findBoost(sql, user.id), ageOf(user, now)]);
    const planId: PlanId = plan?.planId ?? 'starter';
    const [usage, gallery] =
      user.role === 'contractor'
        ? await Promise.all([monthlyPlanUsage(sql, user.id, monthStart(now)), galleryOf(sql, user.id)])
        : [null, null];
    const used: Record<(typeof PLAN_LIMIT_KEYS)[number], number | null> = {
      maxDirectHireConnections: usage?.directHires ?? null,
      maxPhotosUploads: null,
      maxBidProjects: usage?.bidProjects ?? null,
      maxGalleryBillboards: gallery?.length ?? null,
    };
    const per = {
      maxDirectHireConnections: 'month',
      maxPhotosUploads: 'work-order',
      maxBidProjects: 'month',
      maxGalleryBillboards: 'total',
    } as const;
    const keys = user.role === 'contractor' ? PLAN_LIMIT_KEYS : (['maxPhotosUploads'] as const);
    const freeLeft = !boost?.usedFreeBoost;
    return {
      planId,
      status: plan?.status ?? ('free' as const),
      period: plan?.period ?? null,
      periodStart: iso(plan?.periodStart ?? null),
      periodEnd: iso(plan?.periodEnd ?? null),
      card: plan?.cardBrand && plan.cardLast4 ? { brand: plan.cardBrand, last4: plan.cardLast4 } : null,
      retryAt: iso(plan?.retryAt ?? null),
      lastFailureCode: plan?.lastFailureCode ?? null,
      usage: keys.map((key) => ({ key, used: used[key], limit: PLANS[planId][key], per: per[key] })),
      boost: {
        activeUntil: boost && boost.activeUntil > now ? boost.activeUntil.toISOString() : null,
        firstBoostFree: freeLeft,
        prices: BOOSTS.map((b) => ({
          boostId: b.id,
          days: b.days,
          priceCents: b.firstOneFree && freeLeft ? 0 : b.priceCents,
        })),
      },
      canBuyPaidPlan: age >= MINIMUM_PAID_AGE,
    };
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
      const rows = await billingHistory(sql, user.id);
      return {
        items: rows.map((row) => ({
          receiptId: row.receiptId,
          kind: row.kind,
          item: row.item,
          amountCents: row.amountCents,
          paymentId: row.paymentId,
          card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
          coversFrom: iso(row.coversFrom),
          coversTo: iso(row.coversTo),
          chargedAt: row.chargedAt.toISOString(),
        })),
      };
    },
  );

  app.post(
    '/api/plans/purchase',
    {
      onRequest: app.requireRole('customer', 'contractor'),
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
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const context = commandContext(request);
      const stream = planStreamId(user.id);
      const ageInYears = await ageOf(user, context.now);
      const { planId, card } = request.body;
      const position = await withAccountLock(user.id, async () => {
        const state = foldEvents(planDecider, (await store.readStream(stream)) as unknown as PlanEvent[]);
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
          await handleCommand(
            store,
            stream,
            planDecider,
            {
              type: 'RecordPurchaseFailure',
              accountId: user.id,
              planId,
              code: result.code,
              cardLast4: result.last4,
              now: context.now,
            },
            context,
          );
          throw new PaymentRequiredError(result.message);
        }
        const recorded = await recordChargeOrRefund(
          gateway,
          { paymentId: result.paymentId, amountCents: PLANS[planId].priceCents },
          () =>
            handleCommand(
              store,
              stream,
              planDecider,
              purchase({
                paymentId: result.paymentId,
                paymentMethodId: saved.paymentMethodId,
                cardBrand: result.brand,
                cardLast4: result.last4,
              }),
              context,
            ),
        );
        return recorded.position;
      });
      return answerWithView(request, reply, position, READ_MODELS, () => view(user));
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

  for (const [path, type, summary] of [
    ['/api/plans/cancel', 'CancelPlan', 'Cancel the paid plan at the end of the paid period (back to Starter then)'],
    ['/api/plans/resume', 'ResumePlan', 'Keep a plan set to end: it renews again'],
  ] as const) {
    app.post(
      path,
      {
        onRequest: app.requireRole('customer', 'contractor'),
        schema: { tags: ['plans'], summary, body: emptyBody, response: { 200: planView, 202: planView, ...errors } },
      },
      async (request, reply) => {
        const user = await signedInUser(request);
        const context = commandContext(request);
        // Under the account's lock: a renewal charging the card right now finishes first, and the
        // cancellation then applies to the period it paid for.
        const { position } = await withAccountLock(user.id, () =>
          handleCommand(store, planStreamId(user.id), planDecider, { type, now: context.now }, context),
        );
        return answerWithView(request, reply, position, READ_MODELS, () => view(user));
      },
    );
  }

  app.post(
    '/api/boosts',
    {
      onRequest: app.requireRole('contractor'),
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
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const context = commandContext(request);
      const stream = boostStreamId(user.id);
      const boostId: BoostId = request.body.boostId;
      const position = await withAccountLock(user.id, async () => {
        const state = foldEvents(boostDecider, (await store.readStream(stream)) as unknown as BoostEvent[]);
        const price = boostPrice(state, boostId);
        let payment = null;
        if (price > 0) {
          if (!request.body.card) throw new ValidationError(M.cardRequired);
          const card = request.body.card;
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
          handleCommand(
            store,
            stream,
            boostDecider,
            { type: 'BuyBoost', contractorId: user.id, boostId, payment, now: context.now },
            context,
          );
        const recorded = payment
          ? await recordChargeOrRefund(gateway, { paymentId: payment.paymentId, amountCents: price }, buy)
          : await buy();
        return recorded.position;
      });
      return answerWithView(request, reply, position, READ_MODELS, () => view(user));
    },
  );
};
