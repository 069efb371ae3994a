import type {
  ComparisonRowView,
  CreateWorkOrderBody,
  EditWorkOrderBody,
  OrderListItemView,
  ProposalBody,
  ProposalView,
  ViewerView,
  WorkOrderDetailView,
  WorkOrderView,
} from '../../../shared/http/work.ts';
import type { ProposalReadStatus, WorkOrderReadStatus } from '../../../shared/domain/work/read-states.ts';
import { ApiError, apiRequest } from '../../lib/api.ts';
import { revalidateKeys, storesByUrl } from '../../lib/query.ts';
import { useQuery } from '../../lib/first-reads.ts';

/** What the work-order API answers (shared/http/work.ts, the one schema of each shape). Money in integer CAD cents. */
export type Person = { id: string; name: string };
export type WorkOrderStatus = WorkOrderReadStatus;
export type ProposalStatus = ProposalReadStatus;

export type WorkOrder = WorkOrderView;
export type WorkOrderMoneyStatus = NonNullable<WorkOrderView['moneyStatus']>;
export type Proposal = ProposalView;
export type ComparisonRow = ComparisonRowView;
export type Viewer = ViewerView;
export type OrderDetail = WorkOrderDetailView;
export type Listed = OrderListItemView;

/** What the form sends (the API trims and defaults it). */
export type WorkOrderInput = EditWorkOrderBody;
export type ProposalInput = ProposalBody;

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

/** The times a customer proposed for a job (GET /api/work-orders/{id}/time-proposals). */
export type TimeProposal = {
  id: string;
  times: string[];
  proposedAt: string;
  accepted: { bookingId: string; startsAt: string } | null;
  canAccept: boolean;
};

/** After a work write every work read on screen is fetched again (site/islands/work/stores.ts). */
function revalidateWork() {
  revalidateKeys((key) => key.startsWith('/api/work-orders') || key.startsWith('/api/proposals/'));
}

export const workApi = {
  async create(input: CreateWorkOrderBody) {
    const answer = await json<{ workOrder?: WorkOrder; id?: string }>(
      await apiRequest('POST', '/api/work-orders', input),
    );
    revalidateWork();
    return answer;
  },
  async edit(id: string, input: WorkOrderInput) {
    const answer = await json<{ workOrder?: WorkOrder; id?: string }>(
      await apiRequest('PUT', workUrls.order(id), input),
    );
    revalidateWork();
    return answer;
  },
  async cancel(id: string, reason: string | null) {
    await apiRequest('POST', `${workUrls.order(id)}/cancel`, { reason });
    revalidateWork();
  },
  async answerDirect(id: string, answer: 'accept' | 'decline', reason: string | null = null) {
    await apiRequest('POST', `${workUrls.order(id)}/direct-request/${answer}`, { reason });
    revalidateWork();
  },
  /** The job board's lists keep their place: the browser marks the order itself (JobBrowser). */
  async propose(id: string, input: ProposalInput) {
    const answer = await json<{ proposal: Proposal }>(await apiRequest('POST', workUrls.proposals(id), input));
    revalidateKeys((key) => key === workUrls.order(id) || key.startsWith('/api/proposals/'));
    return answer;
  },
  async withdraw(orderId: string, proposalId: string) {
    await apiRequest('POST', `${workUrls.proposals(orderId)}/${encodeURIComponent(proposalId)}/withdraw`);
    revalidateWork();
  },
  async accept(orderId: string, proposalId: string) {
    await apiRequest('POST', `${workUrls.proposals(orderId)}/${encodeURIComponent(proposalId)}/accept`);
    revalidateWork();
  },
  /** The contractor accepts a time the customer proposed: a confirmed booking of the job. */
  async acceptProposedTime(orderId: string, proposalId: string, startsAt: string) {
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    await apiRequest('POST', `${workUrls.order(orderId)}/time-proposals/${encodeURIComponent(proposalId)}/accept`, {
      startsAt,
      ...(timeZone ? { timeZone } : {}),
    });
    revalidateWork();
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

/** One cached read per URL, shared by every island that reads it through `useJson`. */
const jsonStores = storesByUrl<unknown>();

/**
 * A read through its URL's nanoquery store (site/lib/query.ts), for the islands of modules without
 * stores of their own (null: nothing to fetch yet). The last good data stays on screen while
 * `reload` refetches it.
 */
export function useJson<T>(url: string | null): Loaded<T> {
  const value = useQuery(jsonStores(url));
  return {
    data: value.data as T | undefined,
    error: value.error ?? null,
    loading: url !== null && value.loading,
    reload: async () => {
      if (url !== null) await revalidateKeys(url);
    },
  };
}

/** The HTTP status of a failed read, if it was one. */
export const statusOf = (error: unknown): number | null => (error instanceof ApiError ? error.status : null);
