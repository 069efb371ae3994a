import { apiRequest } from '../../lib/api.ts';

/** What the recurring-services routes answer (api/modules/recurring/schemas.ts). Money in CAD cents. */
export type Frequency = 'weekly' | 'biweekly' | 'monthly';
export const frequencyOrder: readonly Frequency[] = ['weekly', 'biweekly', 'monthly'];

export type RecurringOffer = {
  id: string;
  contractorId: string;
  title: string;
  description: string;
  service: string;
  pricePerVisitCents: number;
  frequencies: Frequency[];
  status: 'active' | 'withdrawn';
  publishedAt: string;
};

export type PublicOffers = { offers: RecurringOffer[]; calendar: { timeZone: string; visitMinutes: number } | null };
export type MyOffers = { offers: RecurringOffer[]; canOffer: boolean };

export type VisitStatus = 'upcoming' | 'booked' | 'completed' | 'cancelled' | 'skipped' | 'not-booked';
export type SubscriptionVisit = {
  index: number;
  startsAt: string;
  status: VisitStatus;
  bookingId: string | null;
  reason: string | null;
  canSkip: boolean;
};

export type SubscriptionStatus = 'requested' | 'active' | 'paused' | 'declined' | 'cancelled';
export type ServiceSubscription = {
  id: string;
  offerId: string;
  role: 'customer' | 'contractor';
  otherParty: { id: string; name: string };
  title: string;
  description: string;
  service: string;
  pricePerVisitCents: number;
  frequency: Frequency;
  firstVisitAt: string;
  timeZone: string;
  visitMinutes: number;
  status: SubscriptionStatus;
  card: { brand: string; last4: string } | null;
  note: string | null;
  declineReason: string | null;
  cancelReason: string | null;
  requestedAt: string;
  activatedAt: string | null;
  endedAt: string | null;
  agreement: { url: string; status: 'pending' | 'awaiting-signatures' | 'executed' | 'cancelled'; signedByMe: boolean };
  visits: SubscriptionVisit[];
  actions: { decline: boolean; pause: boolean; resume: boolean; cancel: boolean };
};
export type MySubscriptions = { buying: ServiceSubscription[]; selling: ServiceSubscription[] };

export type OfferInput = {
  title: string;
  description: string;
  service: string;
  pricePerVisit: number;
  frequencies: Frequency[];
};
export type SubscribeInput = {
  frequency: Frequency;
  firstVisit: string;
  customerTimeZone: string;
  note: string | null;
  card: { number: string; expMonth: number; expYear: number; cvc: string };
};
export type SubscriptionAction = 'decline' | 'pause' | 'resume' | 'cancel';

const json = async <T>(response: Promise<Response>) => (await (await response).json()) as T;

export const recurringUrls = {
  publicOffers: (contractorId: string) => `/api/contractors/${encodeURIComponent(contractorId)}/recurring-offers`,
  myOffers: '/api/recurring-offers/mine',
  mySubscriptions: '/api/service-subscriptions',
};

export const recurringApi = {
  publish: (input: OfferInput) => json<MyOffers>(apiRequest('POST', '/api/recurring-offers', input)),
  withdraw: (offerId: string) => json<MyOffers>(apiRequest('POST', `/api/recurring-offers/${offerId}/withdraw`, {})),
  subscribe: (offerId: string, input: SubscribeInput, idempotencyKey: string) =>
    json<ServiceSubscription>(
      apiRequest('POST', `/api/recurring-offers/${offerId}/subscribe`, input, { 'Idempotency-Key': idempotencyKey }),
    ),
  act: (id: string, action: SubscriptionAction, reason: string | null = null) =>
    json<ServiceSubscription>(
      apiRequest(
        'POST',
        `/api/service-subscriptions/${id}/${action}`,
        action === 'decline' || action === 'cancel' ? { reason } : {},
      ),
    ),
  skip: (id: string, index: number) =>
    json<ServiceSubscription>(apiRequest('POST', `/api/service-subscriptions/${id}/visits/${index}/skip`, {})),
};
