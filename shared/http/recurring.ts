import { z } from 'zod';
import { RECURRING_LIMITS as L, RECURRING_MESSAGES as M } from '../domain/recurring/rules.ts';
import { frequencies } from '../domain/recurring/recurrence.ts';
import { subscriptionStatuses } from '../domain/recurring/statuses.ts';
import { fundBody } from './card.ts';

const frequency = z.enum(frequencies, { error: 'frequency must be weekly, biweekly or monthly' });

export const offerParams = z.strictObject({ offerId: z.uuid({ error: 'The offer id is not valid' }) });
export const contractorParams = z.strictObject({ id: z.uuid({ error: 'The contractor id is not valid' }) });
export const subscriptionParams = z.strictObject({ id: z.uuid({ error: 'The subscription id is not valid' }) });
export const visitParams = subscriptionParams.extend({
  index: z.coerce
    .number({ error: M.visitIndex })
    .int({ error: M.visitIndex })
    .min(0, { error: M.visitIndex })
    .max(L.visitIndexMax, { error: M.visitIndex }),
});

export const publishBody = z.strictObject({
  title: z.string({ error: M.title }).trim().min(L.titleMin, { error: M.title }).max(L.titleMax, { error: M.title }),
  description: z.string({ error: M.description }).trim().max(L.descriptionMax, { error: M.description }).default(''),
  service: z.string({ error: M.service }).min(1, { error: M.service }).max(60, { error: M.service }),
  /** Dollars and cents per visit, e.g. 60 or 59.99. */
  pricePerVisit: z
    .number({ error: M.price })
    .multipleOf(0.01, { error: M.price })
    .min(L.priceMinCents / 100, { error: M.price })
    .max(L.priceMaxCents / 100, { error: M.price }),
  frequencies: z.array(frequency, { error: M.frequencies }).min(1, { error: M.frequencies }).max(3),
});

export const subscribeBody = fundBody.extend({
  frequency,
  /** The first visit, local time in the contractor's calendar zone: `YYYY-MM-DDTHH:mm`. */
  firstVisit: z.string({ error: M.firstVisit }).regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: M.firstVisit }),
  customerTimeZone: z.string({ error: 'customerTimeZone must be an IANA time zone' }).min(1).max(64),
  note: z.string({ error: M.note }).max(L.noteMax, { error: M.note }).nullable().default(null),
});

export const reasonBody = z
  .strictObject({
    reason: z.string({ error: M.reason }).max(L.reasonMax, { error: M.reason }).nullable().default(null),
  })
  .optional();

export const offerView = z.object({
  id: z.string(),
  contractorId: z.string(),
  title: z.string(),
  description: z.string(),
  service: z.string(),
  pricePerVisitCents: z.number(),
  frequencies: z.array(frequency),
  status: z.enum(['active', 'withdrawn']),
  publishedAt: z.string(),
});
export const publicOffersView = z.object({
  offers: z.array(offerView),
  /** The contractor's calendar: the zone visits are kept in and how long each is; null when not taking bookings. */
  calendar: z.object({ timeZone: z.string(), visitMinutes: z.number() }).nullable(),
});
export const myOffersView = z.object({ offers: z.array(offerView), canOffer: z.boolean() });

export const visitView = z.object({
  index: z.number(),
  startsAt: z.string(),
  status: z.enum(['upcoming', 'booked', 'completed', 'cancelled', 'skipped', 'not-booked']),
  bookingId: z.string().nullable(),
  reason: z.string().nullable(),
  canSkip: z.boolean(),
});

export const subscriptionView = z.object({
  id: z.string(),
  offerId: z.string(),
  role: z.enum(['customer', 'contractor']),
  otherParty: z.object({ id: z.string(), name: z.string() }),
  title: z.string(),
  description: z.string(),
  service: z.string(),
  pricePerVisitCents: z.number(),
  frequency,
  firstVisitAt: z.string(),
  timeZone: z.string(),
  visitMinutes: z.number(),
  status: z.enum(subscriptionStatuses),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  note: z.string().nullable(),
  declineReason: z.string().nullable(),
  cancelReason: z.string().nullable(),
  requestedAt: z.string(),
  activatedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  agreement: z.object({
    url: z.string(),
    status: z.enum(['pending', 'awaiting-signatures', 'executed', 'cancelled']),
    signedByMe: z.boolean(),
  }),
  visits: z.array(visitView),
  actions: z.object({ decline: z.boolean(), pause: z.boolean(), resume: z.boolean(), cancel: z.boolean() }),
});
export type SubscriptionView = z.infer<typeof subscriptionView>;
export const subscriptionsView = z.object({
  buying: z.array(subscriptionView),
  selling: z.array(subscriptionView),
});
