import { useCallback, useEffect, useRef, useState } from 'react';
import type { WorkOrderView } from '../../../api/modules/work/schemas.ts';
import { ApiError, apiRequest, getJson } from '../../lib/api.ts';

/** What the work-order API answers (api/modules/work/schemas.ts). Money in integer CAD cents. */
export type Person = { id: string; name: string };
export type WorkOrderStatus = 'open' | 'awarded' | 'scheduled' | 'completed' | 'declined' | 'cancelled';
export type ProposalStatus = 'live' | 'withdrawn' | 'accepted' | 'declined';

/** One schema for the HTTP shape (api/modules/work/schemas.ts); the islands infer it. */
export type WorkOrder = WorkOrderView;
export type WorkOrderMoneyStatus = NonNullable<WorkOrderView['moneyStatus']>;

export type Proposal = {
  id: string;
  workOrderId: string;
  contractorId: string;
  priceCents: number;
  durationHours: number;
  earliestStart: string;
  message: string;
  status: ProposalStatus;
  submittedAt: string;
  updatedAt: string;
};

export type ComparisonRow = Proposal & {
  contractorName: string;
  ratingAverage: number | null;
  ratingCount: number | null;
  completedJobs: number | null;
  badges: string[] | null;
  distanceKm: number | null;
};

export type Viewer = {
  isCustomer: boolean;
  isDirectContractor: boolean;
  isAwardedContractor: boolean;
  canEdit: boolean;
  canCancel: boolean;
  canAnswerDirectRequest: boolean;
  canPropose: boolean;
};

export type OrderDetail = {
  workOrder: WorkOrder;
  viewer: Viewer;
  myProposal: Proposal | null;
  proposals: ComparisonRow[] | null;
};

export type Listed = WorkOrder & { myProposal: Proposal | null };

export type WorkOrderInput = {
  title: string;
  description: string;
  category: string;
  service: string | null;
  remote: boolean;
  postalCode: string | null;
  budgetMinCents: number;
  budgetMaxCents: number;
  preferredDates: string[];
  photos: string[];
};

export type ProposalInput = { priceCents: number; durationHours: number; earliestStart: string; message: string };

export const workUrls = {
  order: (id: string) => `/api/work-orders/${encodeURIComponent(id)}`,
  proposals: (id: string) => `/api/work-orders/${encodeURIComponent(id)}/proposals`,
  mine: '/api/work-orders/mine',
  directRequests: '/api/work-orders/direct-requests',
  myProposals: '/api/proposals/mine',
  browse: (params: URLSearchParams) => `/api/work-orders/browse?${params.toString()}`,
};

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

export const workApi = {
  async create(input: WorkOrderInput & { mode: 'direct' | 'bids'; directContractorId: string | null }) {
    return json<{ workOrder?: WorkOrder; id?: string }>(await apiRequest('POST', '/api/work-orders', input));
  },
  async edit(id: string, input: WorkOrderInput) {
    return json<{ workOrder: WorkOrder }>(await apiRequest('PUT', workUrls.order(id), input));
  },
  async cancel(id: string, reason: string | null) {
    await apiRequest('POST', `${workUrls.order(id)}/cancel`, { reason });
  },
  async answerDirect(id: string, answer: 'accept' | 'decline', reason: string | null = null) {
    await apiRequest('POST', `${workUrls.order(id)}/direct-request/${answer}`, { reason });
  },
  async propose(id: string, input: ProposalInput) {
    return json<{ proposal: Proposal }>(await apiRequest('POST', workUrls.proposals(id), input));
  },
  async withdraw(orderId: string, proposalId: string) {
    await apiRequest('POST', `${workUrls.proposals(orderId)}/${encodeURIComponent(proposalId)}/withdraw`);
  },
  async accept(orderId: string, proposalId: string) {
    await apiRequest('POST', `${workUrls.proposals(orderId)}/${encodeURIComponent(proposalId)}/accept`);
  },
  /** Multipart upload: the ids to put in a work order. */
  async uploadPhotos(files: readonly File[]): Promise<{ id: string; url: string }[]> {
    const form = new FormData();
    for (const file of files) form.append('photos', file, file.name);
    const response = await apiRequest('POST', '/api/uploads/photos', form);
    return (await json<{ photos: { id: string; url: string }[] }>(response)).photos;
  },
};

export type Loaded<T> = {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => Promise<void>;
};

/**
 * A read owned by one component: fetched on mount and whenever the URL changes (null: nothing to
 * fetch yet). An older answer arriving after a newer request is dropped; the last good data stays
 * on screen while a reload runs.
 */
export function useJson<T>(url: string | null): Loaded<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: null,
    loading: url !== null,
  });
  const ticket = useRef(0);
  const load = useCallback(async () => {
    if (url === null) return;
    const mine = ++ticket.current;
    setState((current) => ({ ...current, loading: true }));
    try {
      const data = (await getJson<T>(url)) as T;
      if (mine === ticket.current) setState({ data, error: null, loading: false });
    } catch (error) {
      if (mine === ticket.current) setState((current) => ({ ...current, error, loading: false }));
    }
  }, [url]);
  useEffect(() => {
    void load();
    return () => {
      ticket.current++;
    };
  }, [load]);
  return { ...state, reload: load };
}

/** The HTTP status of a failed read, if it was one. */
export const statusOf = (error: unknown): number | null => (error instanceof ApiError ? error.status : null);
