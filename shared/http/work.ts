import { z } from 'zod';
import { categorySlugs, serviceSlugs } from '../domain/catalogue/categories.ts';
import { workModes } from '../domain/work/events.ts';
import {
  browseSorts,
  proposalStatuses,
  workOrderMoneyStatuses,
  workOrderStatuses,
} from '../domain/work/read-states.ts';
import {
  isCalendarDate,
  UPLOAD_ID_PATTERN,
  WORK_LIMITS,
  WORK_MESSAGES,
  WORK_ORDER_PHOTO_LIMIT,
} from '../domain/work/rules.ts';
import { normalizePostalCode, POSTAL_CODE_MESSAGE } from '../geo/postal-code.ts';
import { coordinateQuery, wholeNumberQuery } from './query.ts';

/**
 * The work orders' HTTP shapes (api/modules/work/): the bodies, params and browse query the API
 * validates with, and the views it answers. The site types its reads with them and validates its
 * forms with the same bodies.
 */

const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

const cents = (messages: { type: string; max: string }) =>
  z
    .number({ error: messages.type })
    .int({ error: WORK_MESSAGES.budgetCents })
    .positive({ error: WORK_MESSAGES.budgetPositive })
    .max(WORK_LIMITS.budgetMaxCents, { error: messages.max });

export const postalCodeField = z.preprocess(
  emptyToNull,
  z
    .string({ error: POSTAL_CODE_MESSAGE })
    .max(10, { error: POSTAL_CODE_MESSAGE })
    .refine((value) => normalizePostalCode(value) !== null, { error: POSTAL_CODE_MESSAGE })
    .nullable(),
);

export const detailsShape = {
  title: z
    .string({ error: WORK_MESSAGES.title })
    .trim()
    .min(WORK_LIMITS.titleMin, { error: WORK_MESSAGES.title })
    .max(WORK_LIMITS.titleMax, { error: WORK_MESSAGES.title }),
  description: z
    .string({ error: WORK_MESSAGES.description })
    .trim()
    .min(WORK_LIMITS.descriptionMin, { error: WORK_MESSAGES.description })
    .max(WORK_LIMITS.descriptionMax, { error: WORK_MESSAGES.description }),
  category: z.enum(categorySlugs, { error: WORK_MESSAGES.category }),
  service: z
    .preprocess(emptyToNull, z.enum(serviceSlugs, { error: 'Please choose a service from the list' }).nullable())
    .default(null),
  remote: z.boolean({ error: 'remote must be true or false' }).default(false),
  /** Where the work happens; required unless remote. Resolved to its FSA's centroid. */
  postalCode: postalCodeField.default(null),
  budgetMinCents: cents({ type: 'budgetMinCents must be a number of cents', max: WORK_MESSAGES.budgetMax }),
  budgetMaxCents: cents({ type: 'budgetMaxCents must be a number of cents', max: WORK_MESSAGES.budgetMax }),
  preferredDates: z
    .array(
      z
        .string({ error: WORK_MESSAGES.preferredDateFormat })
        .refine(isCalendarDate, { error: WORK_MESSAGES.preferredDateFormat }),
      { error: WORK_MESSAGES.preferredDateFormat },
    )
    .max(WORK_LIMITS.preferredDatesMax, { error: WORK_MESSAGES.preferredDatesCount })
    .default([]),
  photos: z
    .array(z.string().regex(UPLOAD_ID_PATTERN, { error: 'A photo reference is not valid' }), {
      error: 'photos must be a list of uploaded photo ids',
    })
    .max(WORK_ORDER_PHOTO_LIMIT, { error: WORK_MESSAGES.photos })
    .default([]),
};

/** A budget range runs from its minimum up to its maximum (the forms check it before sending). */
export const budgetInOrder = (body: { budgetMinCents: number; budgetMaxCents: number }) =>
  body.budgetMinCents <= body.budgetMaxCents;

export const editBody = z
  .strictObject(detailsShape)
  .refine(budgetInOrder, { error: WORK_MESSAGES.budgetOrder, path: ['budgetMinCents'] });

export const createBody = z
  .strictObject({
    ...detailsShape,
    mode: z.enum(workModes, { error: 'mode must be direct or bids' }),
    directContractorId: z
      .preprocess(emptyToNull, z.uuid({ error: 'The chosen contractor is not valid' }).nullable())
      .default(null),
  })
  .refine(budgetInOrder, { error: WORK_MESSAGES.budgetOrder, path: ['budgetMinCents'] });

/** An optional reason; the body itself may be left out. */
export const reasonBody = z.preprocess(
  (value) => value ?? {},
  z.strictObject({
    reason: z
      .preprocess(
        emptyToNull,
        z
          .string({ error: WORK_MESSAGES.reason })
          .trim()
          .max(WORK_LIMITS.reasonMax, { error: WORK_MESSAGES.reason })
          .nullable(),
      )
      .default(null),
  }),
);

export const proposalBody = z.strictObject({
  priceCents: z
    .number({ error: WORK_MESSAGES.price })
    .int({ error: WORK_MESSAGES.price })
    .positive({ error: WORK_MESSAGES.price })
    .max(WORK_LIMITS.budgetMaxCents, { error: WORK_MESSAGES.price }),
  durationHours: z
    .number({ error: WORK_MESSAGES.duration })
    .min(WORK_LIMITS.durationHoursMin, { error: WORK_MESSAGES.duration })
    .max(WORK_LIMITS.durationHoursMax, { error: WORK_MESSAGES.duration })
    .refine((hours) => Number.isInteger(hours * 2), { error: WORK_MESSAGES.duration }),
  earliestStart: z
    .string({ error: WORK_MESSAGES.earliestStartFormat })
    .refine(isCalendarDate, { error: WORK_MESSAGES.earliestStartFormat }),
  message: z
    .string({ error: WORK_MESSAGES.proposalMessage })
    .trim()
    .min(WORK_LIMITS.proposalMessageMin, { error: WORK_MESSAGES.proposalMessage })
    .max(WORK_LIMITS.proposalMessageMax, { error: WORK_MESSAGES.proposalMessage }),
});

export const workOrderParams = z.strictObject({ id: z.uuid({ error: 'The work order id is not valid' }) });
export const proposalParams = z.strictObject({
  id: z.uuid({ error: 'The work order id is not valid' }),
  proposalId: z.uuid({ error: 'The proposal id is not valid' }),
});

const optionalNumber = (message: string, min: number, max: number, options: { integer?: boolean } = {}) => {
  const number = z.coerce.number({ error: message }).min(min, { error: message }).max(max, { error: message });
  // Cents are whole: a fraction would reach an integer column as a database error.
  return z
    .preprocess(emptyToNull, (options.integer ? number.int({ error: message }) : number).nullable())
    .default(null);
};

const RADIUS_MESSAGE = 'radiusKm must be a number from 1 to 1000';

export const browseQuery = z
  .strictObject({
    postalCode: postalCodeField.default(null),
    lat: z.preprocess(emptyToNull, coordinateQuery('lat').nullable()).default(null),
    lng: z.preprocess(emptyToNull, coordinateQuery('lng').nullable()).default(null),
    /** `me`: measure from the signed-in contractor's own location (their service area). */
    near: z.enum(['me'], { error: 'near must be me' }).optional(),
    radiusKm: optionalNumber(RADIUS_MESSAGE, 1, 1000),
    includeRemote: z
      .enum(['true', 'false'], { error: 'includeRemote must be true or false' })
      .transform((v) => v === 'true')
      .default(true),
    category: z
      .preprocess(emptyToNull, z.enum(categorySlugs, { error: WORK_MESSAGES.category }).nullable())
      .default(null),
    service: z
      .preprocess(emptyToNull, z.enum(serviceSlugs, { error: 'Please choose a service from the list' }).nullable())
      .default(null),
    budgetMinCents: optionalNumber(
      'budgetMinCents must be a whole number of cents from 0 to 100000000',
      0,
      WORK_LIMITS.budgetMaxCents,
      { integer: true },
    ),
    budgetMaxCents: optionalNumber(
      'budgetMaxCents must be a whole number of cents from 0 to 100000000',
      0,
      WORK_LIMITS.budgetMaxCents,
      { integer: true },
    ),
    sort: z.enum(browseSorts, { error: 'sort must be newest, budget or distance' }).default('newest'),
    limit: wholeNumberQuery('limit', { min: 1, max: 100, default: 24 }),
    offset: wholeNumberQuery('offset', { min: 0, max: 10_000, default: 0 }),
  })
  .refine((q) => (q.lat === null) === (q.lng === null), { error: 'Give both lat and lng, or neither' });

// ─── Views ───────────────────────────────────────────────────────────────────────────────────

const personRef = z.object({ id: z.uuid(), name: z.string() });

export const proposalView = z.object({
  id: z.uuid(),
  workOrderId: z.uuid(),
  contractorId: z.uuid(),
  priceCents: z.number().int(),
  durationHours: z.number(),
  earliestStart: z.string(),
  message: z.string(),
  status: z.enum(proposalStatuses),
  submittedAt: z.string(),
  updatedAt: z.string(),
});

export const workOrderView = z.object({
  id: z.uuid(),
  mode: z.enum(workModes),
  status: z.enum(workOrderStatuses),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  service: z.string().nullable(),
  remote: z.boolean(),
  /** City, province and FSA for everyone; the full postal code only for the order's parties. */
  location: z
    .object({
      city: z.string().nullable(),
      province: z.string().nullable(),
      fsa: z.string().nullable(),
      postalCode: z.string().nullable(),
      lat: z.number().nullable(),
      lng: z.number().nullable(),
    })
    .nullable(),
  budgetMinCents: z.number().int(),
  budgetMaxCents: z.number().int(),
  preferredDates: z.array(z.string()),
  photos: z.array(z.object({ id: z.string(), url: z.string() })),
  proposalCount: z.number().int(),
  postedAt: z.string(),
  updatedAt: z.string(),
  distanceKm: z.number().nullable(),
  /** Party-only fields: null in the public view. */
  customer: personRef.nullable(),
  directContractor: personRef.nullable(),
  awardedContractor: personRef.nullable(),
  awardedPriceCents: z.number().int().nullable(),
  /** Party-only: the price agreed (accepted bid, then the contract's, then the escrow's); null before a hire. */
  agreedPriceCents: z.number().int().nullable(),
  /** Party-only: where the job's money stands once an escrow is open (null before, and in the public view). */
  moneyStatus: z.enum(workOrderMoneyStatuses).nullable(),
  bookingId: z.uuid().nullable(),
  cancelReason: z.string().nullable(),
  declineReason: z.string().nullable(),
});

export const viewerView = z.object({
  isCustomer: z.boolean(),
  isDirectContractor: z.boolean(),
  isAwardedContractor: z.boolean(),
  canEdit: z.boolean(),
  canCancel: z.boolean(),
  canAnswerDirectRequest: z.boolean(),
  canPropose: z.boolean(),
});

export const orderListItem = workOrderView.extend({ myProposal: proposalView.nullable() });

export const comparisonRow = proposalView.extend({
  contractorName: z.string(),
  ratingAverage: z.number().nullable(),
  ratingCount: z.number().int().nullable(),
  completedJobs: z.number().int().nullable(),
  badges: z.array(z.string()).nullable(),
  distanceKm: z.number().nullable(),
});

// ─── Answers ─────────────────────────────────────────────────────────────────────────────────

export const success = z.object({ success: z.literal(true) });

/** POST /api/work-orders (201) and PUT /api/work-orders/:id (200): the order as the next GET shows it. */
export const workOrderAnswer = z.object({ workOrder: workOrderView });
/** Past the bounded wait a post or an edit answers 202 with the order's id and the position. */
export const workOrderPending = z.object({ id: z.uuid(), pending: z.literal(true), position: z.string() });

/** GET /api/work-orders/:id: as much of the order as the viewer may see. */
export const workOrderDetailView = z.object({
  workOrder: workOrderView,
  viewer: viewerView,
  myProposal: proposalView.nullable(),
  proposals: z.array(comparisonRow).nullable(),
});

/** GET /api/work-orders/mine and /api/work-orders/direct-requests. */
export const workOrderListView = z.object({ orders: z.array(workOrderView) });

/** GET /api/work-orders/browse. */
export const browseView = z.object({ total: z.number().int(), orders: z.array(orderListItem) });

/** GET /api/proposals/mine. */
export const myProposalsView = z.object({
  proposals: z.array(z.object({ proposal: proposalView, workOrder: workOrderView })),
});

/** GET /api/work-orders/:id/proposals. */
export const comparisonView = z.object({ workOrder: workOrderView, proposals: z.array(comparisonRow) });

/** POST /api/work-orders/:id/proposals (201). */
export const proposalAnswer = z.object({ proposal: proposalView });

/** POST /api/work-orders/:id/proposals/:proposalId/accept. */
export const acceptedProposalAnswer = z.object({ success: z.literal(true), awardedContractorId: z.uuid() });

/** POST /api/uploads/photos (201): the ids to put in a work order's photos. */
export const uploadedPhoto = z.object({ id: z.string(), url: z.string() });
export const uploadedPhotosAnswer = z.object({ photos: z.array(uploadedPhoto) });

export type WorkOrderView = z.output<typeof workOrderView>;
export type ProposalView = z.output<typeof proposalView>;
export type ViewerView = z.output<typeof viewerView>;
export type ComparisonRowView = z.output<typeof comparisonRow>;
export type OrderListItemView = z.output<typeof orderListItem>;
export type WorkOrderDetailView = z.output<typeof workOrderDetailView>;
export type BrowseView = z.output<typeof browseView>;
export type MyProposalsView = z.output<typeof myProposalsView>;
export type WorkOrderListView = z.output<typeof workOrderListView>;
/** What a post, an edit and a proposal send (the body before the API's defaults and trimming). */
export type CreateWorkOrderBody = z.input<typeof createBody>;
export type EditWorkOrderBody = z.input<typeof editBody>;
export type ProposalBody = z.input<typeof proposalBody>;
