import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findAccount } from '../../../projections/accounts.ts';
import {
  barterServices,
  barterTradeById,
  barterTradesOf,
  caslRelationship,
  type BarterTradeRow,
} from '../../../projections/barter.ts';
import { offeringById } from '../../../projections/catalogue-offerings.ts';
import { barterTradeDecider } from '../../../shared/domain/barter/decider.ts';
import { barterTradeStreamId } from '../../../shared/domain/barter/events.ts';
import { BARTER_MESSAGES as M } from '../../../shared/domain/barter/rules.ts';
import { ConflictError, NotFoundError } from '../../../shared/errors.ts';
import {
  counterBody,
  declineBody,
  proposeBody,
  reviewBody,
  servicesAnswer,
  servicesQuery,
  tradeAnswer,
  tradeParams,
  tradesAnswer,
  type TradeView,
} from '../../../shared/http/barter.ts';
import { signedInUser, type CurrentUser } from '../../plugins/auth.ts';
import { optionalIdempotencyHeader } from '../../plugins/idempotency.ts';
import { displayNames } from '../accounts/personal-data.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { partyIdsOf, serviceToView, sidesOf, tradeToView } from './views.ts';

const READ_MODELS = ['barter'] as const;
const PARTIES = ['customer', 'contractor'] as const;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
// A pending answer (202) is the trade as far as the read model has it, without the position.
const answers = { 200: tradeAnswer, 202: tradeAnswer, ...errors };

/**
 * Barter (docs/product.md#barter; docs/decisions.md, "Barter"): the services open to barter,
 * for everyone; proposing a trade for one, and answering, completing and reviewing it, for its two
 * parties only (the decider checks who may do what at each step).
 */
export const barterRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql } = app.runtime;

  async function viewsOf(rows: BarterTradeRow[], viewer: CurrentUser): Promise<TradeView[]> {
    const names = await displayNames(sql, partyIdsOf(rows));
    const now = new Date();
    return Promise.all(
      rows.map(async (row) => {
        const relationship = row.acceptedAt
          ? await caslRelationship(sql, viewer.id, sidesOf(row, viewer.id).otherId, now)
          : null;
        return tradeToView(row, viewer.id, names, relationship?.expiresAt ?? null);
      }),
    );
  }

  /** The trade as its party sees it; anyone else gets the same 404 as for a trade that does not exist. */
  async function partyView(tradeId: string, viewer: CurrentUser) {
    const row = await barterTradeById(sql, tradeId);
    if (!row || (row.proposerId !== viewer.id && row.recipientId !== viewer.id)) throw new NotFoundError(M.notFound);
    const [trade] = await viewsOf([row], viewer);
    return { trade: trade! };
  }

  app.get(
    '/api/barter/services',
    {
      schema: {
        tags: ['barter'],
        summary: 'Services open to barter (active, of contractors in good standing), newest first',
        querystring: servicesQuery,
        response: { 200: servicesAnswer, 400: errorSchema },
      },
    },
    async (request) => {
      const { services, total } = await barterServices(sql, request.query);
      const names = await displayNames(sql, [...new Set(services.map((s) => s.contractorId))]);
      return { total, services: services.map((service) => serviceToView(service, names)) };
    },
  );

  app.get(
    '/api/barter/trades',
    {
      onRequest: app.requireRole(...PARTIES),
      schema: {
        tags: ['barter'],
        summary: 'My barter trades, either side, the most recently changed first',
        response: { 200: tradesAnswer, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      return { trades: await viewsOf(await barterTradesOf(sql, user.id), user) };
    },
  );

  app.get(
    '/api/barter/trades/:id',
    {
      onRequest: app.requireRole(...PARTIES),
      schema: {
        tags: ['barter'],
        summary: 'One of my barter trades',
        params: tradeParams,
        response: { 200: tradeAnswer, ...errors },
      },
    },
    async (request) => partyView(request.params.id, await signedInUser(request)),
  );

  app.command({
    method: 'POST',
    url: '/api/barter/trades',
    access: PARTIES,
    config: { idempotent: 'optional' },
    schema: {
      tags: ['barter'],
      summary: 'Propose a trade: my service and hours for hours of a service open to barter',
      headers: optionalIdempotencyHeader,
      body: proposeBody,
      response: { 201: tradeAnswer, 202: tradeAnswer, ...errors, 422: errorSchema },
    },
    readModels: READ_MODELS,
    statusCode: 201,
    async run({ user, body, context, decide }) {
      const { offeringId, ...terms } = body;
      const offering = await offeringById(sql, offeringId);
      if (!offering) throw new NotFoundError(M.notBarter);
      // A suspended or closed contractor's services are not open to anyone.
      const contractor = await findAccount(sql, offering.contractorId);
      if (contractor?.status !== 'active') throw new ConflictError(M.notBarter);
      const tradeId = randomUUID();
      await decide(barterTradeStreamId(tradeId), barterTradeDecider, {
        type: 'ProposeBarterTrade',
        tradeId,
        proposerId: user.id,
        offering: {
          offeringId,
          contractorId: offering.contractorId,
          title: offering.title,
          isActive: offering.isActive,
          acceptsBarter: offering.acceptsBarter,
        },
        terms,
        now: context.now,
      });
      return () => partyView(tradeId, user);
    },
  });

  app.command({
    method: 'POST',
    url: '/api/barter/trades/:id/counter',
    access: PARTIES,
    config: { idempotent: 'optional' },
    schema: {
      tags: ['barter'],
      summary: 'Counter the current terms with new ones (the side that did not write them)',
      headers: optionalIdempotencyHeader,
      params: tradeParams,
      body: counterBody,
      response: { ...answers, 422: errorSchema },
    },
    readModels: READ_MODELS,
    async run({ user, params, body, context, decide }) {
      await decide(barterTradeStreamId(params.id), barterTradeDecider, {
        type: 'CounterBarterTrade',
        actorId: user.id,
        terms: body,
        now: context.now,
      });
      return () => partyView(params.id, user);
    },
  });

  for (const [path, summary, type] of [
    ['accept', 'Accept the current terms (records the CASL relationship)', 'AcceptBarterTrade'],
    ['withdraw', 'Withdraw my current offer', 'WithdrawBarterTrade'],
    ['complete', 'Mark the exchange complete on my side', 'MarkBarterExchangeComplete'],
  ] as const) {
    app.command({
      method: 'POST',
      url: `/api/barter/trades/:id/${path}`,
      access: PARTIES,
      schema: { tags: ['barter'], summary, params: tradeParams, response: answers },
      readModels: READ_MODELS,
      async run({ user, params, context, decide }) {
        await decide(barterTradeStreamId(params.id), barterTradeDecider, { type, actorId: user.id, now: context.now });
        return () => partyView(params.id, user);
      },
    });
  }

  app.command({
    method: 'POST',
    url: '/api/barter/trades/:id/decline',
    access: PARTIES,
    schema: {
      tags: ['barter'],
      summary: 'Decline the current terms, with an optional reason',
      params: tradeParams,
      body: declineBody,
      response: answers,
    },
    readModels: READ_MODELS,
    async run({ user, params, body, context, decide }) {
      await decide(barterTradeStreamId(params.id), barterTradeDecider, {
        type: 'DeclineBarterTrade',
        actorId: user.id,
        reason: body.reason,
        now: context.now,
      });
      return () => partyView(params.id, user);
    },
  });

  app.command({
    method: 'POST',
    url: '/api/barter/trades/:id/review',
    access: PARTIES,
    config: { abuseLimit: 'review', idempotent: 'optional' },
    schema: {
      tags: ['barter'],
      summary: 'Review the other side of a completed trade, once',
      headers: optionalIdempotencyHeader,
      params: tradeParams,
      body: reviewBody,
      response: { ...answers, 422: errorSchema, 429: errorSchema },
    },
    readModels: READ_MODELS,
    async run({ user, params, body, context, decide }) {
      await decide(barterTradeStreamId(params.id), barterTradeDecider, {
        type: 'ReviewBarterTrade',
        actorId: user.id,
        rating: body.rating,
        comment: body.comment,
        now: context.now,
      });
      return () => partyView(params.id, user);
    },
  });
};
