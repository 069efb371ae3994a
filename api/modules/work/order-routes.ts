import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lateFeesKept } from '../../../projections/bookings.ts';
import { findWorkOrder, myProposalsOn, workOrdersOfCustomer } from '../../../projections/work-orders.ts';
import { workOrderDecider } from '../../../shared/domain/work/decider.ts';
import { workOrderStreamId } from '../../../shared/domain/work/events.ts';
import type { Position } from '../../../shared/eventstore/types.ts';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../../../shared/errors.ts';
import {
  createBody,
  editBody,
  reasonBody,
  success,
  workOrderAnswer,
  workOrderDetailView,
  workOrderListView,
  workOrderParams,
  workOrderPending,
} from '../../../shared/http/work.ts';
import { savePostalCode } from '../../../shared/personal-data/postal-codes.ts';
import { cancelWorkOrder } from '../../../workflows/job-money.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { optionalIdempotencyHeader } from '../../plugins/idempotency.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { requirePhotosAllowed } from '../plans/gates.ts';
import { isListedContractor } from './contractor-facts.ts';
import { CANCEL_READ_MODELS, READ_MODELS, WORK_ROUTE_MESSAGES, workLookups } from './lookups.ts';
import { detailsFrom } from './places.ts';
import { accessOf, proposalView, viewerView } from './views.ts';

/** The customer's side of a work order: post, edit, cancel, list; and reading one order. */
export const workOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store } = app.runtime;
  const { orderOr404, viewsOf, partyView, comparison, checkPhotos } = workLookups(sql, app.config.DATA_DIR);

  /**
   * A post or an edit answers the order as the next GET shows it; past the bounded wait it is 202
   * with the order's id (the read model may not have the order, or has its older version).
   */
  const orderOnceRead = (id: string, position: Position | null) => async () =>
    !position || (await app.runtime.checkpoints.waitFor(position, { projections: READ_MODELS, timeoutMs: 0 }))
      ? { id, workOrder: await partyView(id) }
      : { id };

  app.command({
    method: 'POST',
    url: '/api/work-orders',
    access: ['customer'],
    config: { idempotent: 'optional' },
    schema: {
      tags: ['work-orders'],
      summary: 'Post a work order (direct to one contractor, or open for bids)',
      description:
        'Money in integer CAD cents. The postal code is required unless remote and is resolved to its forward sortation area; only the parties ever see it in full.',
      headers: optionalIdempotencyHeader,
      body: createBody,
      response: {
        201: workOrderAnswer,
        202: workOrderPending,
        400: errorSchema,
        401: errorSchema,
        403: errorSchema,
        409: errorSchema,
        422: errorSchema,
      },
    },
    readModels: READ_MODELS,
    statusCode: 201,
    async run({ user, body, context, decide }) {
      const { details, postalCode } = detailsFrom(body);
      if (body.mode === 'direct' && body.directContractorId && body.directContractorId !== user.id) {
        if (!(await isListedContractor(sql, body.directContractorId))) {
          throw new ValidationError(WORK_ROUTE_MESSAGES.contractorNotFound);
        }
      }
      await checkPhotos(body);
      await requirePhotosAllowed(sql, user.id, body.photos.length);
      const workOrderId = randomUUID();
      const result = await decide(workOrderStreamId(workOrderId), workOrderDecider, {
        type: 'PostWorkOrder',
        workOrderId,
        customerId: user.id,
        mode: body.mode,
        directContractorId: body.directContractorId,
        details,
        now: context.now,
      });
      await savePostalCode(sql, { subjectId: workOrderId, accountId: user.id, postalCode });
      return orderOnceRead(workOrderId, result.position);
    },
  });

  app.command({
    method: 'PUT',
    url: '/api/work-orders/:id',
    access: ['customer'],
    schema: {
      tags: ['work-orders'],
      summary: 'Edit my work order (while it is open and nobody is hired)',
      params: workOrderParams,
      body: editBody,
      response: {
        200: workOrderAnswer,
        202: workOrderPending,
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
      const { details, postalCode } = detailsFrom(body);
      await checkPhotos(body);
      const existing = await findWorkOrder(sql, id);
      if (existing?.customerId === user.id) {
        await requirePhotosAllowed(sql, user.id, details.photos.length, existing.photos.length);
      }
      const result = await decide(workOrderStreamId(id), workOrderDecider, {
        type: 'EditWorkOrder',
        workOrderId: id,
        actorId: user.id,
        details,
        now: context.now,
      });
      // Only the customer's accepted edit gets here: the decider refused anyone else's.
      await savePostalCode(sql, { subjectId: id, accountId: user.id, postalCode });
      return orderOnceRead(id, result.position);
    },
  });

  app.command({
    method: 'POST',
    url: '/api/work-orders/:id/cancel',
    access: ['customer'],
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
    readModels: CANCEL_READ_MODELS,
    async run({ user, params, body, context, appended }) {
      const { id } = params;
      const order = await findWorkOrder(sql, id);
      // The money first, then the order (workflows/job-money.ts): an awarded order is refunded
      // in this request, or refused with 409 when the work was already marked complete.
      const result = await cancelWorkOrder(
        { store, locks: app.runtime.locks },
        {
          type: 'CancelWorkOrder',
          workOrderId: id,
          actorId: user.id,
          reason: body.reason,
          hasActiveBooking: order?.status === 'scheduled',
          now: context.now,
        },
        await lateFeesKept(sql, id),
        context,
      );
      appended(result.position);
      return { success: true as const };
    },
  });

  app.get(
    '/api/work-orders/mine',
    {
      onRequest: app.requireRole('customer'),
      schema: {
        tags: ['work-orders'],
        summary: 'My work orders, newest first',
        response: { 200: workOrderListView, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      const orders = await workOrdersOfCustomer(sql, user.id);
      return { orders: await viewsOf(orders, () => 'party') };
    },
  );

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
          200: workOrderDetailView,
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
      const access = accessOf(order, user?.id ?? null, mine !== null);
      const level = access.level;
      if (level === 'none') {
        if (!user) throw new UnauthorizedError(WORK_ROUTE_MESSAGES.signInToSee);
        throw new ForbiddenError(WORK_ROUTE_MESSAGES.notYours);
      }
      const [view] = await viewsOf([order], () => level);
      return {
        workOrder: view!,
        viewer: viewerView(order, access, user?.role ?? null, mine),
        myProposal: mine ? proposalView(mine) : null,
        proposals: access.isCustomer ? await comparison(order) : null,
      };
    },
  );
};
