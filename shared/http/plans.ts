import { z } from 'zod';
import { boostIds, planIds } from '../domain/plans/catalogue.ts';
import { cardInput } from './card.ts';

export const purchaseBody = z.strictObject({
  planId: z.enum(planIds, { error: `planId must be one of: ${planIds.join(', ')}` }),
  card: cardInput,
});

export const boostBody = z.strictObject({
  boostId: z.enum(boostIds, { error: `boostId must be one of: ${boostIds.join(', ')}` }),
  card: cardInput.optional(),
});

const usageLine = z.object({
  key: z.enum(['maxDirectHireConnections', 'maxPhotosUploads', 'maxBidProjects', 'maxGalleryBillboards']),
  used: z.number().int().nullable().describe('Null when the limit applies to each item (photos per work order)'),
  limit: z.number().int().nullable().describe('Null: unlimited'),
  per: z.enum(['month', 'work-order', 'total']),
});

export const planView = z.object({
  planId: z.enum(planIds),
  status: z.enum(['free', 'active', 'cancelling', 'past-due']),
  period: z.number().int().nullable(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  retryAt: z.string().nullable(),
  lastFailureCode: z.string().nullable(),
  usage: z.array(usageLine),
  boost: z.object({
    activeUntil: z.string().nullable(),
    firstBoostFree: z.boolean(),
    prices: z.array(z.object({ boostId: z.enum(boostIds), days: z.number().int(), priceCents: z.number().int() })),
  }),
  canBuyPaidPlan: z.boolean().describe('False under 18 (paid subscriptions need an adult)'),
});

export const billingView = z.object({
  items: z.array(
    z.object({
      receiptId: z.string(),
      kind: z.enum(['plan', 'boost']),
      item: z.string(),
      amountCents: z.number().int(),
      paymentId: z.string().nullable(),
      card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
      coversFrom: z.string().nullable(),
      coversTo: z.string().nullable(),
      chargedAt: z.string(),
    }),
  ),
});
