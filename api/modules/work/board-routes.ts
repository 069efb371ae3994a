import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  browseOpenWorkOrders,
  directRequestsFor,
  findWorkOrder,
  myProposalsOn,
  type ProposalRow,
} from '../../../projections/work-orders.ts';
import { workOrderDecider } from '../../../shared/domain/work/decider.ts';
import { workOrderStreamId } from '../../../shared/domain/work/events.ts';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../../../shared/errors.ts';
import {
  browseQuery,
  browseView,
  reasonBody,
  success,
  workOrderListView,
  workOrderParams,
} from '../../../shared/http/work.ts';
import { JOB_BOARD_PATH } from '../../answer-caches.ts';
import { sendJson, wroteAtOf } from '../../plugins/answer-cache.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { requireDirectHireAllowed } from '../plans/gates.ts';
import { contractorFacts } from './contractor-facts.ts';
import { DEFAULT_SERVICE_RADIUS_KM, READ_MODELS, WORK_ROUTE_MESSAGES, workLookups } from './lookups.ts';
import { resolvePostalCode } from './places.ts';
import { proposalView } from './views.ts';

/** The contractors' side: the job board (open orders taking proposals) and the orders sent to them directly. */
export const workBoardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql } = app.runtime;
  const { viewsOf } = workLookups(sql, app.config.DATA_DIR);
  const jobBoardAnswers = app.runtime.answerCaches.jobBoard;

  app.get(
    JOB_BOARD_PATH,
    {
      schema: {
        tags: ['work-orders'],
        summary: 'Open work orders taking proposals (find work, open bids)',
        description:
          'Distance from a postal code, a GPS position (lat, lng) or, for a signed-in contractor, near=me (their profile location and service radius). Remote work matches any distance unless includeRemote=false. Budget filters keep orders whose range overlaps [budgetMinCents, budgetMaxCents]. Sort newest, budget (highest first) or distance.',
        querystring: browseQuery,
        response: {
          200: browseView,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await request.currentUser();
      const q = request.query;
      let origin: { lat: number; lng: number } | null = null;
      let radiusKm = q.radiusKm;
      if (q.near === 'me') {
        if (!user) throw new UnauthorizedError();
        if (user.role !== 'contractor') throw new ForbiddenError(WORK_ROUTE_MESSAGES.nearMeContractors);
        const own = (await contractorFacts(sql, [user.id])).get(user.id);
        if (own?.lat == null || own.lng == null) throw new ValidationError(WORK_ROUTE_MESSAGES.noOwnLocation);
        origin = { lat: own.lat, lng: own.lng };
        radiusKm ??= own.serviceRadiusKm ?? DEFAULT_SERVICE_RADIUS_KM;
      } else if (q.postalCode) {
        const { location } = resolvePostalCode(q.postalCode);
        origin = { lat: location.lat, lng: location.lng };
      } else if (q.lat !== null && q.lng !== null) {
        origin = { lat: q.lat, lng: q.lng };
      }
      const search = {
        origin,
        radiusKm: origin ? radiusKm : null,
        includeRemote: q.includeRemote,
        category: q.category,
        service: q.service,
        budgetMinCents: q.budgetMinCents,
        budgetMaxCents: q.budgetMaxCents,
        sort: q.sort,
        limit: q.limit,
        offset: q.offset,
      };
      // The public page is the same for everyone who asks this search (kept per search, with
      // `near=me` resolved); a contractor's own proposals on it are read per request.
      const answer = await jobBoardAnswers.answer(
        search,
        async () => {
          const { total, orders } = await browseOpenWorkOrders(sql, search);
          const page = { total, orders: await viewsOf(orders, () => 'public') };
          const json = reply.serialize({
            total,
            orders: page.orders.map((view) => ({ ...view, myProposal: null })),
          }) as string;
          return { json, value: page };
        },
        user ? undefined : request.url,
        wroteAtOf(request.headers.cookie),
      );
      if (user?.role !== 'contractor') return sendJson(reply, answer.json);
      const page = answer.value!;
      const mine: Map<string, ProposalRow> = await myProposalsOn(
        sql,
        user.id,
        page.orders.map((o) => o.id),
      );
      return {
        total: page.total,
        orders: page.orders.map((view) => {
          const proposal = mine.get(view.id);
          return { ...view, myProposal: proposal ? proposalView(proposal) : null };
        }),
      };
    },
  );

  app.get(
    '/api/work-orders/direct-requests',
    {
      onRequest: app.requireRole('contractor'),
      schema: {
        tags: ['work-orders'],
        summary: 'Work orders customers sent directly to me, newest first',
        response: { 200: workOrderListView, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      return { orders: await viewsOf(await directRequestsFor(sql, user.id), () => 'party') };
    },
  );

  for (const answer of ['accept', 'decline'] as const) {
    app.command({
      method: 'POST',
      url: `/api/work-orders/:id/direct-request/${answer}`,
      access: ['contractor'],
      schema: {
        tags: ['work-orders'],
        summary:
          answer === 'accept'
            ? 'Accept a work order sent to me (the order is awarded to me)'
            : 'Decline a work order sent to me',
        params: workOrderParams,
        body: reasonBody,
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
      async run({ user, params, body, context, decide }) {
        const { id } = params;
        if (answer === 'accept') {
          const order = await findWorkOrder(sql, id);
          // Only the contractor it was sent to gets the plan's answer; anyone else gets the decider's.
          if (order?.directContractorId === user.id && order.status === 'open') {
            await requireDirectHireAllowed(sql, user.id, order, context.now);
          }
        }
        await decide(
          workOrderStreamId(id),
          workOrderDecider,
          answer === 'accept'
            ? { type: 'AcceptDirectRequest', workOrderId: id, actorId: user.id, now: context.now }
            : {
                type: 'DeclineDirectRequest',
                workOrderId: id,
                actorId: user.id,
                reason: body.reason,
                now: context.now,
              },
        );
        return { success: true as const };
      },
    });
  }
};
