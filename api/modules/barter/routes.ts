import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  barterServices,
  barterTradeById,
  barterTradesOf,
  caslRelationship,
  type BarterTradeRow,
} from '../../../projections/barter.ts';
import { offeringById } from '../../../projections/service-offerings.ts';
import { barterTradeDecider, type BarterTradeCommand } from '../../../shared/domain/barter/decider.ts';
import { barterTradeStreamId } from '../../../shared/domain/barter/events.ts';
import { BARTER_MESSAGES as M } from '../../../shared/domain/barter/rules.ts';
import { handleCommand } from '../../../shared/domain/decider.ts';
import { ConflictError, NotFoundError } from '../../../shared/errors.ts';
import { signedInUser, type CurrentUser } from '../../plugins/auth.ts';
import { answerWithView, commandContext } from '../../plugins/read-your-writes.ts';
import { displayNames, FORMER_MEMBER } from '../accounts/personal-data.ts';
import { errorSchema } from '../accounts/schemas.ts';
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
} from './schemas.ts';
import { optionalIdempotencyHeader } from '../../plugins/idempotency.ts';

const READ_MODELS = ['barter'] as const;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Barter (spec sections 1, 2 and 8; docs/decisions.md, "Barter"): the services open to barter,
 * for everyone; proposing a trade for one, and answering, completing and reviewing it, for its two
 * parties only (the decider checks who may do what at each step).
 */
export const barterRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store } = app.runtime;

  async function viewsOf(rows: BarterTradeRow[], viewer: CurrentUser): Promise<TradeView[]> {
    const names = await displayNames(sql, [...new Set(rows.flatMap((r) => [r.proposerId, r.recipientId]))]);
    const now = new Date();
    return Promise.all(
      rows.map(async (row) => {
        const side = row.proposerId === viewer.id ? 'proposer' : 'recipient';
        const other = side === 'proposer' ? row.recipientId : row.proposerId;
        const relationship = row.acceptedAt ? await caslRelationship(sql, viewer.id, other, now) : null;
        const negotiating = row.status === 'negotiating';
        const termsAreMine = row.termsBy === viewer.id;
        const myMark = side === 'proposer' ? row.proposerMarkedAt : row.recipientMarkedAt;
        const myReview = side === 'proposer' ? row.proposerReview : row.recipientReview;
        return {
          id: row.tradeId,
          status: row.status,
          offeringId: row.offeringId,
          offeringTitle: row.offeringTitle,
          proposer: { id: row.proposerId, name: names.get(row.proposerId) ?? FORMER_MEMBER },
          recipient: { id: row.recipientId, name: names.get(row.recipientId) ?? FORMER_MEMBER },
          viewerSide: side,
          terms: row.terms,
          termsAreMine,
          counters: row.counters,
          declineReason: row.declineReason,
          proposerMarkedAt: iso(row.proposerMarkedAt),
          recipientMarkedAt: iso(row.recipientMarkedAt),
          proposerReview: row.proposerReview,
          recipientReview: row.recipientReview,
          relationshipUntil: relationship ? relationship.expiresAt.toISOString() : null,
          proposedAt: row.proposedAt.toISOString(),
          acceptedAt: iso(row.acceptedAt),
          completedAt: iso(row.completedAt),
          updatedAt: row.updatedAt.toISOString(),
          actions: {
            accept: negotiating && !termsAreMine,
            decline: negotiating && !termsAreMine,
            counter: negotiating && !termsAreMine,
            withdraw: negotiating && termsAreMine,
            markComplete: row.status === 'accepted' && myMark === null,
            review: row.status === 'completed' && myReview === null,
          },
        } satisfies TradeView;
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

  async function act(
    request: Parameters<typeof commandContext>[0],
    reply: Parameters<typeof answerWithView>[1],
    tradeId: string,
    command: (actorId: string, now: Date) => BarterTradeCommand,
  ) {
    const user = await signedInUser(request);
    const context = commandContext(request);
    const result = await handleCommand(
      store,
      barterTradeStreamId(tradeId),
      barterTradeDecider,
      command(user.id, context.now),
      context,
    );
    return answerWithView(request, reply, result.position, READ_MODELS, () => partyView(tradeId, user));
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
      return {
        total,
        services: services.map(({ contractorId, updatedAt: _updatedAt, ...rest }) => ({
          ...rest,
          contractor: { id: contractorId, name: names.get(contractorId) ?? FORMER_MEMBER },
        })),
      };
    },
  );

  app.get(
    '/api/barter/trades',
    {
      onRequest: app.requireRole('customer', 'contractor'),
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
      onRequest: app.requireRole('customer', 'contractor'),
      schema: {
        tags: ['barter'],
        summary: 'One of my barter trades',
        params: tradeParams,
        response: { 200: tradeAnswer, ...errors },
      },
    },
    async (request) => partyView(request.params.id, await signedInUser(request)),
  );

  app.post(
    '/api/barter/trades',
    {
      onRequest: app.requireRole('customer', 'contractor'),
      config: { idempotent: 'optional' },
      schema: {
        tags: ['barter'],
        summary: 'Propose a trade: my service and hours for hours of a service open to barter',
        headers: optionalIdempotencyHeader,
        body: proposeBody,
        response: { 201: tradeAnswer, 202: tradeAnswer, ...errors, 422: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const { offeringId, ...terms } = request.body;
      const offering = await offeringById(sql, offeringId);
      if (!offering) throw new NotFoundError(M.notBarter);
      // A suspended or closed contractor's services are not open to anyone.
      const [standing] = await sql<{ status: string }[]>`
        select status from rm_accounts where account_id = ${offering.contractorId}`;
      if (standing?.status !== 'active') throw new ConflictError(M.notBarter);
      const tradeId = randomUUID();
      const context = commandContext(request);
      const result = await handleCommand(
        store,
        barterTradeStreamId(tradeId),
        barterTradeDecider,
        {
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
        },
        context,
      );
      return answerWithView(request, reply, result.position, READ_MODELS, () => partyView(tradeId, user), 201);
    },
  );

  app.post(
    '/api/barter/trades/:id/counter',
    {
      onRequest: app.requireRole('customer', 'contractor'),
      config: { idempotent: 'optional' },
      schema: {
        tags: ['barter'],
        summary: 'Counter the current terms with new ones (the side that did not write them)',
        headers: optionalIdempotencyHeader,
        params: tradeParams,
        body: counterBody,
        response: { 200: tradeAnswer, 202: tradeAnswer, ...errors, 422: errorSchema },
      },
    },
    async (request, reply) =>
      act(request, reply, request.params.id, (actorId, now) => ({
        type: 'CounterBarterTrade',
        actorId,
        terms: request.body,
        now,
      })),
  );

  for (const [path, summary, type] of [
    ['accept', 'Accept the current terms (records the CASL relationship)', 'AcceptBarterTrade'],
    ['withdraw', 'Withdraw my current offer', 'WithdrawBarterTrade'],
    ['complete', 'Mark the exchange complete on my side', 'MarkBarterExchangeComplete'],
  ] as const) {
    app.post(
      `/api/barter/trades/:id/${path}`,
      {
        onRequest: app.requireRole('customer', 'contractor'),
        schema: {
          tags: ['barter'],
          summary,
          params: tradeParams,
          response: { 200: tradeAnswer, 202: tradeAnswer, ...errors },
        },
      },
      async (request, reply) => act(request, reply, request.params.id, (actorId, now) => ({ type, actorId, now })),
    );
  }

  app.post(
    '/api/barter/trades/:id/decline',
    {
      onRequest: app.requireRole('customer', 'contractor'),
      schema: {
        tags: ['barter'],
        summary: 'Decline the current terms, with an optional reason',
        params: tradeParams,
        body: declineBody,
        response: { 200: tradeAnswer, 202: tradeAnswer, ...errors },
      },
    },
    async (request, reply) =>
      act(request, reply, request.params.id, (actorId, now) => ({
        type: 'DeclineBarterTrade',
        actorId,
        reason: request.body.reason,
        now,
      })),
  );

  app.post(
    '/api/barter/trades/:id/review',
    {
      onRequest: app.requireRole('customer', 'contractor'),
      config: { abuseLimit: 'review', idempotent: 'optional' },
      schema: {
        tags: ['barter'],
        summary: 'Review the other side of a completed trade, once',
        headers: optionalIdempotencyHeader,
        params: tradeParams,
        body: reviewBody,
        response: { 200: tradeAnswer, 202: tradeAnswer, ...errors, 422: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) =>
      act(request, reply, request.params.id, (actorId, now) => ({
        type: 'ReviewBarterTrade',
        actorId,
        rating: request.body.rating,
        comment: request.body.comment,
        now,
      })),
  );
};
