import { atom, computed } from 'nanostores';
import type { BarterServicesView, BarterServiceView, TradeView } from '../../../shared/http/barter.ts';
import { apiRequest } from '../../lib/api.ts';
import { createFetcherStore, revalidateKeys } from '../../lib/query.ts';

/** What the barter routes answer (shared/http/barter.ts). Money in CAD cents. */
export type BarterService = BarterServiceView;
export type BarterServices = BarterServicesView;
export type BarterTrade = TradeView;
export type BarterTerms = TradeView['terms'];
export type TradeStatus = TradeView['status'];

/** What the service-offering routes answer (the contractor's own services). */
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

/** The services open to barter: the search last submitted and how many are shown. */
export const SERVICES_PAGE = 12;
export const $servicesQuery = atom<{ q: string; limit: number }>({ q: '', limit: SERVICES_PAGE });
const $servicesUrl = computed($servicesQuery, ({ q, limit }) => barterUrls.services({ q: q || undefined, limit }));
export const $barterServices = createFetcherStore<BarterServices>([$servicesUrl]);
export const reloadServices = () => revalidateKeys($servicesUrl.get());

/** My trades (either side), for a customer or a contractor. */
export const $barterTrades = createFetcherStore<{ trades: BarterTrade[] }>([barterUrls.trades]);
export const reloadTrades = () => revalidateKeys(barterUrls.trades);

/** The contractor's own services, with their barter settings (the dashboard). */
export const $myOfferings = createFetcherStore<Offering[]>([barterUrls.myOfferings]);
export const reloadOfferings = () => revalidateKeys(barterUrls.myOfferings);

/** Runs a write, then reads again what it changed. */
async function then(write: Promise<Response>, reload: () => void): Promise<Response> {
  const response = await write;
  reload();
  return response;
}

const changesOfferings = (write: Promise<Response>) =>
  then(write, () => {
    reloadOfferings();
    revalidateKeys((key) => key.startsWith('/api/barter/services'));
  });

export const barterApi = {
  propose: (offeringId: string, terms: BarterTerms) =>
    then(post('/api/barter/trades', { offeringId, ...terms }), reloadTrades),
  counter: (id: string, terms: BarterTerms) => then(post(`${trade(id)}/counter`, terms), reloadTrades),
  act: (id: string, action: TradeAction) => then(post(`${trade(id)}/${action}`), reloadTrades),
  decline: (id: string, reason: string | null) => then(post(`${trade(id)}/decline`, { reason }), reloadTrades),
  review: (id: string, rating: number, comment: string | null) =>
    then(post(`${trade(id)}/review`, { rating, comment }), reloadTrades),
  createOffering: (input: OfferingInput) =>
    changesOfferings(post('/api/service-offerings', { ...input, isActive: true })),
  updateOffering: (id: string, input: OfferingInput) => changesOfferings(apiRequest('PUT', offering(id), input)),
  pauseOffering: (id: string) => changesOfferings(post(`${offering(id)}/pause`)),
  resumeOffering: (id: string) => changesOfferings(post(`${offering(id)}/resume`)),
  setBarter: (id: string, acceptsBarter: boolean, barterWants: string | null) =>
    changesOfferings(apiRequest('PUT', `${offering(id)}/barter`, { acceptsBarter, barterWants })),
};
