import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findWorkOrder, proposalsOfContractor, type WorkOrderRow } from '../../../projections/work-orders.ts';
import { workOrderDecider } from '../../../shared/domain/work/decider.ts';
import { workOrderStreamId } from '../../../shared/domain/work/events.ts';
import { ForbiddenError, UnauthorizedError } from '../../../shared/errors.ts';
import {
  acceptedProposalAnswer,
  comparisonView,
  myProposalsView,
  proposalAnswer,
  proposalBody,
  proposalParams,
  success,
  workOrderParams,
  type ProposalView,
} from '../../../shared/http/work.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { optionalIdempotencyHeader } from '../../plugins/idempotency.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { requireBidAllowed } from '../plans/gates.ts';
import { READ_MODELS, WORK_ROUTE_MESSAGES, workLookups } from './lookups.ts';
import { proposalView } from './views.ts';

/** Proposals (bids): a contractor submits and withdraws theirs; the customer compares them and hires one. */
export const proposalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql } = app.runtime;
  const { orderOr404, viewsOf, comparison } = workLookups(sql, app.config.DATA_DIR);

  app.command({
    method: 'POST',
    url: '/api/work-orders/:id/proposals',
    access: ['contractor'],
    config: { abuseLimit: 'proposal', idempotent: 'optional' },
    schema: {
      tags: ['work-orders'],
      summary: 'Submit a proposal on an order open for bids',
      description: 'One live proposal per contractor and order; withdraw it to send another.',
      headers: optionalIdempotencyHeader,
      params: workOrderParams,
      body: proposalBody,
      response: {
        201: proposalAnswer,
        400: errorSchema,
        401: errorSchema,
        403: errorSchema,
        404: errorSchema,
        409: errorSchema,
        422: errorSchema,
        429: errorSchema,
      },
    },
    readModels: READ_MODELS,
    statusCode: 201,
    async run({ user, params, body, context, decide }) {
      const { id } = params;
      const order = await findWorkOrder(sql, id);
      if (order?.mode === 'bids' && order.status === 'open') {
        await requireBidAllowed(sql, user.id, order, context.now);
      }
      const proposalId = randomUUID();
      const result = await decide(workOrderStreamId(id), workOrderDecider, {
        type: 'SubmitProposal',
        workOrderId: id,
        proposalId,
        contractorId: user.id,
        ...body,
        now: context.now,
      });
      const submitted = result.newEvents[0]!;
      if (submitted.type !== 'ProposalSubmitted') throw new Error('SubmitProposal appended no ProposalSubmitted');
      const p = submitted.data;
      const proposal: ProposalView = {
        id: proposalId,
        workOrderId: id,
        contractorId: user.id,
        priceCents: p.priceCents,
        durationHours: p.durationHours,
        earliestStart: p.earliestStart,
        message: p.message,
        status: 'live',
        submittedAt: p.submittedAt,
        updatedAt: p.submittedAt,
      };
      return { proposal };
    },
  });

  app.command({
    method: 'POST',
    url: '/api/work-orders/:id/proposals/:proposalId/withdraw',
    access: ['contractor'],
    schema: {
      tags: ['work-orders'],
      summary: 'Withdraw my proposal (before it is accepted)',
      params: proposalParams,
      response: {
        200: success,
        400: errorSchema,
        401: errorSchema,
        403: errorSchema,
        404: errorSchema,
        409: errorSchema,
      },
    },
    readModels: READ_MODELS,
    async run({ user, params, context, decide }) {
      const { id, proposalId } = params;
      await decide(workOrderStreamId(id), workOrderDecider, {
        type: 'WithdrawProposal',
        workOrderId: id,
        proposalId,
        actorId: user.id,
        now: context.now,
      });
      return { success: true as const };
    },
  });

  app.get(
    '/api/proposals/mine',
    {
      onRequest: app.requireRole('contractor'),
      schema: {
        tags: ['work-orders'],
        summary: 'My proposals with their work orders, newest first',
        response: { 200: myProposalsView, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      const rows = await proposalsOfContractor(sql, user.id);
      const levelOf = (order: WorkOrderRow) => (order.awardedContractorId === user.id ? 'party' : 'public');
      const views = await viewsOf(
        rows.map((row) => row.order),
        levelOf,
      );
      return { proposals: rows.map((row, i) => ({ proposal: proposalView(row.proposal), workOrder: views[i]! })) };
    },
  );

  app.get(
    '/api/work-orders/:id/proposals',
    {
      schema: {
        tags: ['work-orders'],
        summary: 'Compare the proposals on my work order',
        description:
          'Price, duration, earliest start, message, and the contractor: name, rating, badges, completed jobs and distance to the work (null where the directory has no such fact yet).',
        params: workOrderParams,
        response: {
          200: comparisonView,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const user = await request.currentUser();
      if (!user) throw new UnauthorizedError();
      const order = await orderOr404(request.params.id);
      if (order.customerId !== user.id) throw new ForbiddenError(WORK_ROUTE_MESSAGES.onlyCustomerCompares);
      const [view] = await viewsOf([order], () => 'party');
      return { workOrder: view!, proposals: await comparison(order) };
    },
  );

  app.command({
    method: 'POST',
    url: '/api/work-orders/:id/proposals/:proposalId/accept',
    access: ['customer'],
    schema: {
      tags: ['work-orders'],
      summary: 'Accept a proposal: hire its contractor and decline the others',
      description: 'A work order has at most one accepted proposal: a second accept answers 409.',
      params: proposalParams,
      response: {
        200: acceptedProposalAnswer,
        400: errorSchema,
        401: errorSchema,
        403: errorSchema,
        404: errorSchema,
        409: errorSchema,
      },
    },
    readModels: READ_MODELS,
    async run({ user, params, context, decide }) {
      const { id, proposalId } = params;
      const result = await decide(workOrderStreamId(id), workOrderDecider, {
        type: 'AcceptProposal',
        workOrderId: id,
        proposalId,
        actorId: user.id,
        now: context.now,
      });
      const accepted = result.newEvents[0]!;
      if (accepted.type !== 'ProposalAccepted') throw new Error('AcceptProposal appended no ProposalAccepted');
      return { success: true as const, awardedContractorId: accepted.data.contractorId };
    },
  });
};
