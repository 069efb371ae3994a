import type { z } from 'zod';
import { apiRequest } from '../../lib/api.ts';
import { createFetcherStore, mutateCache, revalidateKeys } from '../../lib/query.ts';
import type {
  myOffersView,
  offerView,
  publicOffersView,
  publishBody,
  subscribeBody,
  subscriptionsView,
  subscriptionView,
} from '../../../shared/http/recurring.ts';
import type { Frequency } from '../../../shared/domain/recurring/recurrence.ts';

/** What the recurring-services routes answer (shared/http/recurring.ts). Money in CAD cents. */
export type { Frequency };
export const frequencyOrder: readonly Frequency[] = ['weekly', 'biweekly', 'monthly'];

export type RecurringOffer = z.output<typeof offerView>;
export type PublicOffers = z.output<typeof publicOffersView>;
export type MyOffers = z.output<typeof myOffersView>;
export type ServiceSubscription = z.output<typeof subscriptionView>;
export type SubscriptionVisit = ServiceSubscription['visits'][number];
export type VisitStatus = SubscriptionVisit['status'];
export type SubscriptionStatus = ServiceSubscription['status'];
export type MySubscriptions = z.output<typeof subscriptionsView>;

export type OfferInput = z.input<typeof publishBody>;
export type SubscribeInput = z.input<typeof subscribeBody>;
export type SubscriptionAction = 'decline' | 'pause' | 'resume' | 'cancel';

export const recurringUrls = {
  publicOffers: (contractorId: string) => `/api/contractors/${encodeURIComponent(contractorId)}/recurring-offers`,
  myOffers: '/api/recurring-offers/mine',
  mySubscriptions: '/api/service-subscriptions',
};

/** The services I buy and sell, each with its next visits. */
export const $mySubscriptions = createFetcherStore<MySubscriptions>([recurringUrls.mySubscriptions]);
/** A contractor's own offers, and whether their plan lets them offer. */
export const $myOffers = createFetcherStore<MyOffers>([recurringUrls.myOffers]);

const publicOffers = new Map<string, ReturnType<typeof createFetcherStore<PublicOffers>>>();
/** A contractor's offers open to subscribers (one store per contractor, kept for the page's life). */
export function publicOffersStore(contractorId: string) {
  let store = publicOffers.get(contractorId);
  if (!store) {
    store = createFetcherStore<PublicOffers>([recurringUrls.publicOffers(contractorId)]);
    publicOffers.set(contractorId, store);
  }
  return store;
}

const json = async <T>(response: Promise<Response>) => (await (await response).json()) as T;

/** An offer change answers my offers: they become the cached ones. */
async function offersChanged(answer: Promise<Response>) {
  const offers = await json<MyOffers>(answer);
  mutateCache(recurringUrls.myOffers, offers);
  return offers;
}

/** A subscription change answers that subscription: the lists are read again (the other side's too). */
async function subscriptionChanged(answer: Promise<Response>) {
  const subscription = await json<ServiceSubscription>(answer);
  revalidateKeys(recurringUrls.mySubscriptions);
  return subscription;
}

export const recurringApi = {
  publish: (input: OfferInput) => offersChanged(apiRequest('POST', '/api/recurring-offers', input)),
  withdraw: (offerId: string) => offersChanged(apiRequest('POST', `/api/recurring-offers/${offerId}/withdraw`, {})),
  subscribe: (offerId: string, input: SubscribeInput, idempotencyKey: string) =>
    subscriptionChanged(
      apiRequest('POST', `/api/recurring-offers/${offerId}/subscribe`, input, { 'Idempotency-Key': idempotencyKey }),
    ),
  act: (id: string, action: SubscriptionAction, reason: string | null = null) =>
    subscriptionChanged(
      apiRequest(
        'POST',
        `/api/service-subscriptions/${id}/${action}`,
        action === 'decline' || action === 'cancel' ? { reason } : {},
      ),
    ),
  skip: (id: string, index: number) =>
    subscriptionChanged(apiRequest('POST', `/api/service-subscriptions/${id}/visits/${index}/skip`, {})),
};
