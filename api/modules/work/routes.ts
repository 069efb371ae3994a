import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  browseOpenWorkOrders,
  directRequestsFor,
  findWorkOrder,
  myProposalsOn,
  proposalsOfContractor,
  proposalsOfWorkOrder,
  WORK_ORDERS_READ_MODEL,
  workOrdersOfCustomer,
  type ProposalRow,
  type WorkOrderRow,
} from '../../../projections/work-orders.ts';
import { lateFeesKept } from '../../../projections/bookings.ts';
import { cancelWorkOrder } from '../../../projections/job-money.ts';
import { handleCommand } from '../../../shared/domain/decider.ts';
import { workOrderDecider, type WorkOrderCommand } from '../../../shared/domain/work/decider.ts';
import { workOrderStreamId, type WorkLocation, type WorkOrderDetails } from '../../../shared/domain/work/events.ts';
import { WORK_MESSAGES } from '../../../shared/domain/work/rules.ts';
import { positionToString, type Position } from '../../../shared/eventstore/types.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../../shared/errors.ts';
import { distanceKm, lookupPostalCode, normalizePostalCode, POSTAL_CODE_MESSAGE } from '../../../shared/geo/index.ts';
import type { ProvinceCode } from '../../../shared/geo/provinces.ts';
import { signedInUser, type CurrentUser } from '../../plugins/auth.ts';
import { commandContext } from '../../plugins/read-your-writes.ts';
import { displayNames } from '../accounts/personal-data.ts';
import { postalCodesOf, savePostalCode } from '../../../shared/personal-data/postal-codes.ts';
import { errorSchema } from '../accounts/schemas.ts';
import { FORMER_MEMBER } from '../forum/routes.ts';
import { contractorFacts, isListedContractor } from './contractor-facts.ts';
import {
  browseQuery,
  comparisonRow,
  createBody,
  editBody,
  orderListItem,
  proposalBody,
  proposalParams,
  proposalView,
  reasonBody,
  viewerView,
  workOrderParams,
  workOrderView,
  type ProposalView,
  type WorkOrderView,
} from './schemas.ts';
import { photoUrl, uploadRoutes, uploadsExist } from './uploads.ts';
import { requireBidAllowed, requireDirectHireAllowed, requirePhotosAllowed } from '../plans/gates.ts';
import { optionalIdempotencyHeader } from '../../plugins/idempotency.ts';

const READ_MODELS = [WORK_ORDERS_READ_MODEL] as const;
/** A cancellation refunds at once: the order's page shows its contract and escrow next. */
const CANCEL_READ_MODELS = [WORK_ORDERS_READ_MODEL, 'contracts', 'escrows'] as const;

/** The radius of "near me" when the contractor's profile names none. */
export const DEFAULT_SERVICE_RADIUS_KM = 50;

export const WORK_ROUTE_MESSAGES = {
  contractorNotFound: 'The chosen contractor was not found',
  photoNotFound: 'A photo was not found. Please upload it again',
  signInToSee: 'Sign in to see this work order',
  notYours: 'This work order is not yours to see',
  onlyCustomerCompares: 'Only the customer who posted this work order can see its proposals',
  noOwnLocation: 'Add your location to your profile to search near you',
  nearMeContractors: 'Searching near your service area is for contractors',
} as const;

const success = z.object({ success: z.literal(true) });

// ─── Access ──────────────────────────────────────────────────────────────────────────────────

type Access = {
  /** What of the order this viewer may read: everything, the public part, or nothing. */
  level: 'party' | 'public' | 'none';
  isCustomer: boolean;
  isDirectContractor: boolean;
  isAwardedContractor: boolean;
};

function accessOf(order: WorkOrderRow, user: CurrentUser | null, hasProposal: boolean): Access {
  const id = user?.id ?? null;
  const isCustomer = id !== null && id === order.customerId;
  const isDirectContractor = id !== null && id === order.directContractorId;
  const isAwardedContractor = id !== null && id === order.awardedContractorId;
  const isPublic = order.mode === 'bids' && order.status === 'open';
  const level =
    isCustomer || isDirectContractor || isAwardedContractor ? 'party' : isPublic || hasProposal ? 'public' : 'none';
  return { level, isCustomer, isDirectContractor, isAwardedContractor };
}

// ─── Views ───────────────────────────────────────────────────────────────────────────────────

function toView(
  order: WorkOrderRow,
  level: 'party' | 'public',
  names: Map<string, string>,
  postalCodes: Map<string, string>,
): WorkOrderView {
  const party = level === 'party';
  const person = (id: string | null) => (party && id ? { id, name: names.get(id) ?? FORMER_MEMBER } : null);
  return {
    id: order.id,
    mode: order.mode,
    status: order.status,
    title: order.title,
    description: order.description,
    category: order.category,
    service: order.service,
    remote: order.remote,
    // Never the exact postal code beyond the parties: city and FSA (whose centroid lat/lng are).
    location:
      order.fsa !== null
        ? {
            city: order.city,
            province: order.province,
            fsa: order.fsa,
            postalCode: party ? (postalCodes.get(order.id) ?? null) : null,
            lat: order.lat,
            lng: order.lng,
          }
        : null,
    budgetMinCents: order.budgetMinCents,
    budgetMaxCents: order.budgetMaxCents,
    preferredDates: order.preferredDates,
    photos: order.photos.map((id) => ({ id, url: photoUrl(id) })),
    proposalCount: order.proposalCount,
    postedAt: order.postedAt,
    updatedAt: order.updatedAt,
    distanceKm: order.distanceKm === null ? null : Math.round(order.distanceKm * 10) / 10,
    customer: person(order.customerId),
    directContractor: person(order.directContractorId),
    awardedContractor: person(order.awardedContractorId),
    awardedPriceCents: party ? order.awardedPriceCents : null,
    agreedPriceCents: party ? order.agreedPriceCents : null,
    moneyStatus: party ? order.moneyStatus : null,
    bookingId: party ? order.bookingId : null,
    cancelReason: party ? order.cancelReason : null,
    declineReason: party ? order.declineReason : null,
  };
}

const partyIds = (order: WorkOrderRow) =>
  [order.customerId, order.directContractorId, order.awardedContractorId].filter((id): id is string => id !== null);

function toProposalView(proposal: ProposalRow): ProposalView {
  return {
    id: proposal.id,
    workOrderId: proposal.workOrderId,
    contractorId: proposal.contractorId,
    priceCents: proposal.priceCents,
    durationHours: proposal.durationHours,
    earliestStart: proposal.earliestStart,
    message: proposal.message,
    status: proposal.status,
    submittedAt: proposal.submittedAt,
    updatedAt: proposal.updatedAt,
  };
}

/**
 * Resolves a postal code to its FSA's centroid and city; an invalid or unknown code is a 400. The
 * `location` is what an event keeps (the FSA only); `postalCode`, the full normalised code, is kept
 * outside the log by the caller (shared/personal-data/postal-codes.ts).
 */
export function resolvePostalCode(input: string): { location: WorkLocation; postalCode: string } {
  const code = normalizePostalCode(input);
  const place = code ? lookupPostalCode(code) : null;
  if (!code || !place) throw new ValidationError(POSTAL_CODE_MESSAGE);
  return {
    postalCode: code,
    location: {
      fsa: code.slice(0, 3),
      city: place.city,
      province: place.province as ProvinceCode,
      lat: place.lat,
      lng: place.lng,
    },
  };
}

/** The order's details for its event (the place by its FSA) and the full postal code kept outside the log. */
function detailsFrom(body: z.infer<typeof editBody>): { details: WorkOrderDetails; postalCode: string | null } {
  const place = body.postalCode ? resolvePostalCode(body.postalCode) : null;
  return {
    details: {
      title: body.title,
      description: body.description,
      category: body.category,
      service: body.service,
      location: place?.location ?? null,
      remote: body.remote,
      budgetMinCents: body.budgetMinCents,
      budgetMaxCents: body.budgetMaxCents,
      preferredDates: body.preferredDates,
      photos: body.photos,
    },
    postalCode: place?.postalCode ?? null,
  };
}

/** Work orders (spec: direct post and bids), proposals and their comparison, and photo uploads. */
export const workRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store } = app.runtime;
  await app.register(uploadRoutes);

  async function run(request: FastifyRequest, workOrderId: string, command: (now: Date) => WorkOrderCommand) {
    const context = commandContext(request);
    return handleCommand(store, workOrderStreamId(workOrderId), workOrderDecider, command(context.now), context);
  }

  /**
   * Answers once the work-orders read model has the write, with a body read from it (so the
   * answer is what the next GET shows). Past the bounded wait: 202 with the position.
   */
  async function answerFromReadModel<Body extends object>(
    request: FastifyRequest,
    reply: FastifyReply,
    position: Position | null,
    read: () => Promise<Body>,
    options: { statusCode?: number; pendingBody: object; projections?: readonly string[] },
  ) {
    if (position) {
      const reached = await app.runtime.checkpoints.waitFor(position, {
        projections: options.projections ?? READ_MODELS,
        timeoutMs: app.config.READ_YOUR_WRITES_TIMEOUT_MS,
      });
      if (!reached) {
        const at = positionToString(position);
        return reply
          .code(202)
          .header('x-event-position', at)
          .send({ ...options.pendingBody, pending: true, position: at });
      }
    }
    return reply.code(options.statusCode ?? 200).send(await read());
  }

  async function orderOr404(id: string): Promise<WorkOrderRow> {
    const order = await findWorkOrder(sql, id);
    if (!order) throw new NotFoundError(WORK_MESSAGES.notFound);
    return order;
  }

  async function viewsOf(orders: WorkOrderRow[], levelOf: (order: WorkOrderRow) => 'party' | 'public') {
    const ids = orders.filter((order) => levelOf(order) === 'party').flatMap(partyIds);
    const [names, postalCodes] = await Promise.all([
      displayNames(sql, [...new Set(ids)]),
      postalCodesOf(
        sql,
        orders.filter((order) => levelOf(order) === 'party').map((order) => order.id),
      ),
    ]);
    return orders.map((order) => toView(order, levelOf(order), names, postalCodes));
  }

  /** The comparison table: each proposal with its contractor's name, rating, badges, jobs and distance. */
  async function comparison(order: WorkOrderRow) {
    const proposals = await proposalsOfWorkOrder(sql, order.id);
    const contractorIds = [...new Set(proposals.map((p) => p.contractorId))];
    const [names, facts] = await Promise.all([displayNames(sql, contractorIds), contractorFacts(sql, contractorIds)]);
    return proposals.map((proposal) => {
      const fact = facts.get(proposal.contractorId);
      const distance =
        fact?.lat != null && fact.lng != null && order.lat !== null && order.lng !== null
          ? Math.round(distanceKm({ lat: fact.lat, lng: fact.lng }, { lat: order.lat, lng: order.lng }) * 10) / 10
          : null;
      return {
        ...toProposalView(proposal),
        contractorName: names.get(proposal.contractorId) ?? FORMER_MEMBER,
        ratingAverage: fact?.ratingAverage ?? null,
        ratingCount: fact?.ratingCount ?? null,
        completedJobs: fact?.completedJobs ?? null,
        badges: fact?.badges ?? null,
        distanceKm: distance,
      };
    });
  }

  async function checkFacts(body: { photos: string[] }) {
    if (!(await uploadsExist(app.config.DATA_DIR, body.photos))) {
      throw new ValidationError(WORK_ROUTE_MESSAGES.photoNotFound);
    }
  }

  // ─── Customer: post, edit, cancel, list ──────────────────────────────────────────────────

  app.post(
    '/api/work-orders',
    {
      onRequest: app.requireRole('customer'),
      config: { idempotent: 'optional' },
      schema: {
        tags: ['work-orders'],
        summary: 'Post a work order (direct to one contractor, or open for bids)',
        description:
          'Money in integer CAD cents. The postal code is required unless remote and is resolved to its forward sortation area; only the parties ever see it in full.',
        headers: optionalIdempotencyHeader,
        body: createBody,
        response: {
          201: z.object({ workOrder: workOrderView }),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          409: errorSchema,
          422: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const body = request.body;
      const { details, postalCode } = detailsFrom(body);
      if (body.mode === 'direct' && body.directContractorId && body.directContractorId !== user.id) {
        if (!(await isListedContractor(sql, body.directContractorId))) {
          throw new ValidationError(WORK_ROUTE_MESSAGES.contractorNotFound);
        }
      }
      await checkFacts(body);
      await requirePhotosAllowed(sql, user.id, body.photos.length);
      const workOrderId = randomUUID();
      const result = await run(request, workOrderId, (now) => ({
        type: 'PostWorkOrder',
        workOrderId,
        customerId: user.id,
        mode: body.mode,
        directContractorId: body.directContractorId,
        details,
        now,
      }));
      await savePostalCode(sql, { subjectId: workOrderId, accountId: user.id, postalCode });
      return answerFromReadModel(
        request,
        reply,
        result.position,
        async () => {
          const order = await orderOr404(workOrderId);
          const [view] = await viewsOf([order], () => 'party');
          return { workOrder: view! };
        },
        { statusCode: 201, pendingBody: { id: workOrderId } },
      );
    },
  );

  app.put(
    '/api/work-orders/:id',
    {
      onRequest: app.requireRole('customer'),
      schema: {
        tags: ['work-orders'],
        summary: 'Edit my work order (while it is open and nobody is hired)',
        params: workOrderParams,
        body: editBody,
        response: {
          200: z.object({ workOrder: workOrderView }),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const { id } = request.params;
      const { details, postalCode } = detailsFrom(request.body);
      await checkFacts(request.body);
      const existing = await findWorkOrder(sql, id);
      if (existing?.customerId === user.id) {
        await requirePhotosAllowed(sql, user.id, details.photos.length, existing.photos.length);
      }
      const result = await run(request, id, (now) => ({
        type: 'EditWorkOrder',
        workOrderId: id,
        actorId: user.id,
        details,
        now,
      }));
      // Only the customer's accepted edit gets here: the decider refused anyone else's.
      await savePostalCode(sql, { subjectId: id, accountId: user.id, postalCode });
      return answerFromReadModel(
        request,
        reply,
        result.position,
        async () => {
          const [view] = await viewsOf([await orderOr404(id)], () => 'party');
          return { workOrder: view! };
        },
        { pendingBody: { id } },
      );
    },
  );

  app.post(
    '/api/work-orders/:id/cancel',
    {
      onRequest: app.requireRole('customer'),
      schema: {
        tags: ['work-orders'],
        summary: 'Cancel my work order',
        description:
          'Declines every live proposal and tells the bidders and the picked or hired contractor. An order with a booking is cancelled through its booking.',
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
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const { id } = request.params;
      const order = await findWorkOrder(sql, id);
      const context = commandContext(request);
      // The money first, then the order (projections/job-money.ts): an awarded order is refunded
      // in this request, or refused with 409 when the work was already marked complete.
      const result = await cancelWorkOrder(
        { store, locks: app.runtime.locks },
        {
          type: 'CancelWorkOrder',
          workOrderId: id,
          actorId: user.id,
          reason: request.body?.reason ?? null,
          hasActiveBooking: order?.status === 'scheduled',
          now: context.now,
        },
        await lateFeesKept(sql, id),
        context,
      );
      return answerFromReadModel(request, reply, result.position, async () => ({ success: true as const }), {
        pendingBody: { success: true },
        projections: CANCEL_READ_MODELS,
      });
    },
  );

  app.get(
    '/api/work-orders/mine',
    {
      onRequest: app.requireRole('customer'),
      schema: {
        tags: ['work-orders'],
        summary: 'My work orders, newest first',
        response: { 200: z.object({ orders: z.array(workOrderView) }), 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      const orders = await workOrdersOfCustomer(sql, user.id);
      return { orders: await viewsOf(orders, () => 'party') };
    },
  );

  // ─── Reading one order ──────────────────────────────────────────────────────────────────

  app.get(
    '/api/work-orders/:id',
    {
      schema: {
        tags: ['work-orders'],
        summary: 'One work order, as much of it as the viewer may see',
        description:
          'The customer sees everything, proposals included; the picked or hired contractor sees the order; anyone sees the public part of an order open for bids (city and FSA, never the full postal code); a bidder also sees their own proposal.',
        params: workOrderParams,
        response: {
          200: z.object({
            workOrder: workOrderView,
            viewer: viewerView,
            myProposal: proposalView.nullable(),
            proposals: z.array(comparisonRow).nullable(),
          }),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const user = await request.currentUser();
      const order = await orderOr404(request.params.id);
      const mine =
        user?.role === 'contractor' ? ((await myProposalsOn(sql, user.id, [order.id])).get(order.id) ?? null) : null;
      const access = accessOf(order, user, mine !== null);
      if (access.level === 'none') {
        if (!user) throw new UnauthorizedError(WORK_ROUTE_MESSAGES.signInToSee);
        throw new ForbiddenError(WORK_ROUTE_MESSAGES.notYours);
      }
      const [view] = await viewsOf([order], () => access.level as 'party' | 'public');
      const open = order.status === 'open';
      return {
        workOrder: view!,
        viewer: {
          isCustomer: access.isCustomer,
          isDirectContractor: access.isDirectContractor,
          isAwardedContractor: access.isAwardedContractor,
          canEdit: access.isCustomer && open,
          canCancel: access.isCustomer && (open || order.status === 'awarded'),
          canAnswerDirectRequest: access.isDirectContractor && open && order.mode === 'direct',
          canPropose:
            user?.role === 'contractor' &&
            !access.isCustomer &&
            open &&
            order.mode === 'bids' &&
            mine?.status !== 'live',
        },
        myProposal: mine ? toProposalView(mine) : null,
        proposals: access.isCustomer ? await comparison(order) : null,
      };
    },
  );

  // ─── Contractors: browse open orders ────────────────────────────────────────────────────

  app.get(
    '/api/work-orders/browse',
    {
      schema: {
        tags: ['work-orders'],
        summary: 'Open work orders taking proposals (find work, open bids)',
        description:
          'Distance from a postal code, a GPS position (lat, lng) or, for a signed-in contractor, near=me (their profile location and service radius). Remote work matches any distance unless includeRemote=false. Budget filters keep orders whose range overlaps [budgetMinCents, budgetMaxCents]. Sort newest, budget (highest first) or distance.',
        querystring: browseQuery,
        response: {
          200: z.object({ total: z.number().int(), orders: z.array(orderListItem) }),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
        },
      },
    },
    async (request) => {
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
      const { total, orders } = await browseOpenWorkOrders(sql, {
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
      });
      const mine =
        user?.role === 'contractor'
          ? await myProposalsOn(
              sql,
              user.id,
              orders.map((o) => o.id),
            )
          : new Map<string, ProposalRow>();
      const views = await viewsOf(orders, () => 'public');
      return {
        total,
        orders: views.map((view) => {
          const proposal = mine.get(view.id);
          return { ...view, myProposal: proposal ? toProposalView(proposal) : null };
        }),
      };
    },
  );

  // ─── Direct requests ────────────────────────────────────────────────────────────────────

  app.get(
    '/api/work-orders/direct-requests',
    {
      onRequest: app.requireRole('contractor'),
      schema: {
        tags: ['work-orders'],
        summary: 'Work orders customers sent directly to me, newest first',
        response: { 200: z.object({ orders: z.array(workOrderView) }), 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      return { orders: await viewsOf(await directRequestsFor(sql, user.id), () => 'party') };
    },
  );

  for (const answer of ['accept', 'decline'] as const) {
    app.post(
      `/api/work-orders/:id/direct-request/${answer}`,
      {
        onRequest: app.requireRole('contractor'),
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
      },
      async (request, reply) => {
        const user = await signedInUser(request);
        const { id } = request.params;
        if (answer === 'accept') {
          const order = await findWorkOrder(sql, id);
          // Only the contractor it was sent to gets the plan's answer; anyone else gets the decider's.
          if (order?.directContractorId === user.id && order.status === 'open') {
            await requireDirectHireAllowed(sql, user.id, order, commandContext(request).now);
          }
        }
        const result = await run(request, id, (now) =>
          answer === 'accept'
            ? { type: 'AcceptDirectRequest', workOrderId: id, actorId: user.id, now }
            : {
                type: 'DeclineDirectRequest',
                workOrderId: id,
                actorId: user.id,
                reason: request.body?.reason ?? null,
                now,
              },
        );
        return answerFromReadModel(request, reply, result.position, async () => ({ success: true as const }), {
          pendingBody: { success: true },
        });
      },
    );
  }

  // ─── Proposals ──────────────────────────────────────────────────────────────────────────

  app.post(
    '/api/work-orders/:id/proposals',
    {
      onRequest: app.requireRole('contractor'),
      config: { abuseLimit: 'proposal', idempotent: 'optional' },
      schema: {
        tags: ['work-orders'],
        summary: 'Submit a proposal on an order open for bids',
        description: 'One live proposal per contractor and order; withdraw it to send another.',
        headers: optionalIdempotencyHeader,
        params: workOrderParams,
        body: proposalBody,
        response: {
          201: z.object({ proposal: proposalView }),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
          422: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const { id } = request.params;
      const order = await findWorkOrder(sql, id);
      if (order?.mode === 'bids' && order.status === 'open') {
        await requireBidAllowed(sql, user.id, order, commandContext(request).now);
      }
      const proposalId = randomUUID();
      const result = await run(request, id, (now) => ({
        type: 'SubmitProposal',
        workOrderId: id,
        proposalId,
        contractorId: user.id,
        ...request.body,
        now,
      }));
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
      return answerFromReadModel(request, reply, result.position, async () => ({ proposal }), {
        statusCode: 201,
        pendingBody: { proposal },
      });
    },
  );

  app.post(
    '/api/work-orders/:id/proposals/:proposalId/withdraw',
    {
      onRequest: app.requireRole('contractor'),
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
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const { id, proposalId } = request.params;
      const result = await run(request, id, (now) => ({
        type: 'WithdrawProposal',
        workOrderId: id,
        proposalId,
        actorId: user.id,
        now,
      }));
      return answerFromReadModel(request, reply, result.position, async () => ({ success: true as const }), {
        pendingBody: { success: true },
      });
    },
  );

  app.get(
    '/api/proposals/mine',
    {
      onRequest: app.requireRole('contractor'),
      schema: {
        tags: ['work-orders'],
        summary: 'My proposals with their work orders, newest first',
        response: {
          200: z.object({ proposals: z.array(z.object({ proposal: proposalView, workOrder: workOrderView })) }),
          401: errorSchema,
          403: errorSchema,
        },
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
      return { proposals: rows.map((row, i) => ({ proposal: toProposalView(row.proposal), workOrder: views[i]! })) };
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
          200: z.object({ workOrder: workOrderView, proposals: z.array(comparisonRow) }),
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

  app.post(
    '/api/work-orders/:id/proposals/:proposalId/accept',
    {
      onRequest: app.requireRole('customer'),
      schema: {
        tags: ['work-orders'],
        summary: 'Accept a proposal: hire its contractor and decline the others',
        description: 'A work order has at most one accepted proposal: a second accept answers 409.',
        params: proposalParams,
        response: {
          200: z.object({ success: z.literal(true), awardedContractorId: z.uuid() }),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const { id, proposalId } = request.params;
      const result = await run(request, id, (now) => ({
        type: 'AcceptProposal',
        workOrderId: id,
        proposalId,
        actorId: user.id,
        now,
      }));
      const accepted = result.newEvents[0]!;
      if (accepted.type !== 'ProposalAccepted') throw new Error('AcceptProposal appended no ProposalAccepted');
      const body = { success: true as const, awardedContractorId: accepted.data.contractorId };
      return answerFromReadModel(request, reply, result.position, async () => body, { pendingBody: body });
    },
  );
};
