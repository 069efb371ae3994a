import { apiRequest } from '../../lib/api.ts';

/** What the barter and offering routes answer (api/modules/barter/schemas.ts). Money in CAD cents. */
export type Person = { id: string; name: string };

export type BarterService = {
  offeringId: string;
  contractor: Person;
  title: string;
  description: string;
  service: string | null;
  pricingModel: string;
  priceCents: number;
  barterWants: string | null;
  city: string | null;
  province: string | null;
  ratingAverage: number | null;
  ratingCount: number;
};
export type BarterServices = { services: BarterService[]; total: number };

export type BarterTerms = {
  proposerGives: string;
  proposerHours: number;
  recipientHours: number;
  message: string | null;
};
export type BarterReview = { rating: number; comment: string | null; reviewedAt: string };
export type TradeStatus = 'negotiating' | 'accepted' | 'declined' | 'withdrawn' | 'completed';
export type BarterTrade = {
  id: string;
  status: TradeStatus;
  offeringId: string;
  offeringTitle: string;
  proposer: Person;
  recipient: Person;
  viewerSide: 'proposer' | 'recipient';
  terms: BarterTerms;
  termsAreMine: boolean;
  counters: number;
  declineReason: string | null;
  proposerMarkedAt: string | null;
  recipientMarkedAt: string | null;
  proposerReview: BarterReview | null;
  recipientReview: BarterReview | null;
  relationshipUntil: string | null;
  proposedAt: string;
  acceptedAt: string | null;
  completedAt: string | null;
  updatedAt: string;
  actions: {
    accept: boolean;
    decline: boolean;
    counter: boolean;
    withdraw: boolean;
    markComplete: boolean;
    review: boolean;
  };
};

export type Offering = {
  id: string;
  contractorId: string;
  title: string;
  description: string;
  pricingModel: 'hourly' | 'fixed';
  priceCents: number;
  price: string;
  isRemoteService: boolean;
  isActive: boolean;
  service: string | null;
  acceptsBarter: boolean;
  barterWants: string | null;
  createdAt: string;
};
export type OfferingInput = {
  title: string;
  description: string;
  pricingModel: 'hourly' | 'fixed';
  price: string;
  isRemoteService: boolean;
};

export const barterUrls = {
  services: (query: { q?: string; limit: number }) => {
    const params = new URLSearchParams({ limit: String(query.limit) });
    if (query.q) params.set('q', query.q);
    return `/api/barter/services?${params.toString()}`;
  },
  trades: '/api/barter/trades',
  myOfferings: '/api/service-offerings/my',
};

export type TradeAction = 'accept' | 'withdraw' | 'complete';

const post = (url: string, body?: unknown) => apiRequest('POST', url, body ?? {});
const trade = (id: string) => `/api/barter/trades/${encodeURIComponent(id)}`;
const offering = (id: string) => `/api/service-offerings/${encodeURIComponent(id)}`;

export const barterApi = {
  propose: (offeringId: string, terms: BarterTerms) => post('/api/barter/trades', { offeringId, ...terms }),
  counter: (id: string, terms: BarterTerms) => post(`${trade(id)}/counter`, terms),
  act: (id: string, action: TradeAction) => post(`${trade(id)}/${action}`),
  decline: (id: string, reason: string | null) => post(`${trade(id)}/decline`, { reason }),
  review: (id: string, rating: number, comment: string | null) => post(`${trade(id)}/review`, { rating, comment }),
  createOffering: (input: OfferingInput) => post('/api/service-offerings', { ...input, isActive: true }),
  updateOffering: (id: string, input: OfferingInput) => apiRequest('PUT', offering(id), input),
  pauseOffering: (id: string) => post(`${offering(id)}/pause`),
  resumeOffering: (id: string) => post(`${offering(id)}/resume`),
  setBarter: (id: string, acceptsBarter: boolean, barterWants: string | null) =>
    apiRequest('PUT', `${offering(id)}/barter`, { acceptsBarter, barterWants }),
};

/** Half-hour steps from 0.5 to 200, as the server checks them. */
export function parseHours(text: string): number | null {
  const hours = Number(text.trim().replace(',', '.'));
  return Number.isFinite(hours) && hours >= 0.5 && hours <= 200 && Number.isInteger(hours * 2) ? hours : null;
}
