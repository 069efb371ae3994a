import { z } from 'zod';
import { BARTER_LIMITS as L, BARTER_MESSAGES as M, barterTradeStatuses } from '../domain/barter/rules.ts';
import { wholeNumberQuery } from './query.ts';

/** The HTTP shapes of barter (api/modules/barter/): services open to barter and the trades. */

const hours = z
  .number({ error: M.hours })
  .min(L.hoursMin, { error: M.hours })
  .max(L.hoursMax, { error: M.hours })
  .refine((value) => Number.isInteger(value * 2), { error: M.hours });

const termsFields = {
  proposerGives: z
    .string({ error: M.gives })
    .trim()
    .min(L.givesMin, { error: M.gives })
    .max(L.givesMax, { error: M.gives }),
  proposerHours: hours,
  recipientHours: hours,
  message: z.string({ error: M.message }).trim().max(L.messageMax, { error: M.message }).nullable().default(null),
};

export const tradeParams = z.strictObject({ id: z.uuid({ error: 'The barter trade id is not valid' }) });

export const proposeBody = z.strictObject({
  offeringId: z.uuid({ error: 'The service offering id is not valid' }),
  ...termsFields,
});
export const counterBody = z.strictObject(termsFields);
export const declineBody = z.strictObject({
  reason: z.string({ error: M.reason }).trim().max(L.reasonMax, { error: M.reason }).nullable().default(null),
});
export const reviewBody = z.strictObject({
  rating: z
    .number({ error: M.rating })
    .int({ error: M.rating })
    .min(1, { error: M.rating })
    .max(5, { error: M.rating }),
  comment: z.string({ error: M.comment }).trim().max(L.commentMax, { error: M.comment }).nullable().default(null),
});

export const servicesQuery = z.strictObject({
  q: z
    .string({ error: 'q must be text' })
    .trim()
    .max(100, { error: 'The search must be at most 100 characters' })
    .optional(),
  service: z
    .string({ error: 'service must be a service slug' })
    .regex(/^[a-z0-9-]{1,60}$/, { error: 'service must be a service slug' })
    .optional(),
  limit: wholeNumberQuery('limit', { min: 1, max: 50, default: 20 }),
  offset: wholeNumberQuery('offset', { min: 0, max: 10_000, default: 0 }),
});

const termsView = z.object({
  proposerGives: z.string(),
  proposerHours: z.number(),
  recipientHours: z.number(),
  message: z.string().nullable(),
});
const reviewView = z.object({ rating: z.number(), comment: z.string().nullable(), reviewedAt: z.string() });
const personView = z.object({ id: z.uuid(), name: z.string() });

export const tradeView = z.object({
  id: z.uuid(),
  status: z.enum(barterTradeStatuses),
  offeringId: z.uuid(),
  offeringTitle: z.string(),
  proposer: personView,
  recipient: personView,
  /** The viewer's side. */
  viewerSide: z.enum(['proposer', 'recipient']),
  terms: termsView,
  /** Whether the current terms are the viewer's own (then the other side answers). */
  termsAreMine: z.boolean(),
  counters: z.number().int(),
  declineReason: z.string().nullable(),
  proposerMarkedAt: z.string().nullable(),
  recipientMarkedAt: z.string().nullable(),
  proposerReview: reviewView.nullable(),
  recipientReview: reviewView.nullable(),
  /** CASL: until when the two may message each other commercially, once accepted. */
  relationshipUntil: z.string().nullable(),
  proposedAt: z.string(),
  acceptedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  updatedAt: z.string(),
  actions: z.object({
    accept: z.boolean(),
    decline: z.boolean(),
    counter: z.boolean(),
    withdraw: z.boolean(),
    markComplete: z.boolean(),
    review: z.boolean(),
  }),
});
export type TradeView = z.output<typeof tradeView>;

export const tradeAnswer = z.object({ trade: tradeView });
export const tradesAnswer = z.object({ trades: z.array(tradeView) });

export const servicesAnswer = z.object({
  services: z.array(
    z.object({
      offeringId: z.uuid(),
      contractor: personView,
      title: z.string(),
      description: z.string(),
      service: z.string().nullable(),
      pricingModel: z.string(),
      priceCents: z.number().int(),
      barterWants: z.string().nullable(),
      city: z.string().nullable(),
      province: z.string().nullable(),
      ratingAverage: z.number().nullable(),
      ratingCount: z.number().int(),
    }),
  ),
  total: z.number().int(),
});
export type BarterServicesView = z.output<typeof servicesAnswer>;
export type BarterServiceView = BarterServicesView['services'][number];
