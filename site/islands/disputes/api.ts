import { computed, atom } from 'nanostores';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api.ts';
import { createFetcherStore, mutateCache, revalidateKeys } from '../../lib/query.ts';
import type { PartyRole } from '../../../shared/domain/disputes/events.ts';
import type { OutcomeId, ScoreCategory } from '../../../shared/domain/disputes/rules.ts';
import type { DisputeStatus } from '../../../shared/domain/disputes/statuses.ts';
import type {
  decisionBody,
  disputeListView,
  disputeSummary,
  disputeView,
  openBody,
} from '../../../shared/http/disputes.ts';
import {
  acceptedTypes,
  EVIDENCE_LIMITS,
  FILE_TYPES,
  type AcceptedContentType,
  type FileKind,
} from '../../../shared/uploads/file-types.ts';

/** The dispute API's answers (shared/http/disputes.ts) as the islands read them. */
export type { DisputeStatus, OutcomeId, PartyRole };
export type Category = ScoreCategory;
export type DisputeSummary = z.output<typeof disputeSummary>;
export type DisputeView = z.output<typeof disputeView>;
export type DisputeList = z.output<typeof disputeListView>;
export type Analysis = NonNullable<DisputeView['analysis']>;
export type Shares = Analysis['recommendation']['shares'];
export type TimelineEntry = DisputeView['timeline'][number];
export type OpenInput = z.input<typeof openBody>;
export type DecisionInput = z.input<typeof decisionBody>;

export const disputeUrls = {
  mine: '/api/disputes',
  queue: (sort: QueueSort, state: QueueState) => `/api/admin/disputes?sort=${sort}&state=${state}`,
  one: (id: string) => `/api/disputes/${id}`,
};

/** My disputes, as customer or contractor. */
export const $myDisputes = createFetcherStore<DisputeList>([disputeUrls.mine]);

export type QueueSort = 'age' | 'amount';
export type QueueState = 'open' | 'decided' | 'all';
/** The arbitration queue's order and filter (the dashboard's selects). */
export const $queueSort = atom<QueueSort>('age');
export const $queueState = atom<QueueState>('open');
const $queueUrl = computed([$queueSort, $queueState], (sort, state) => disputeUrls.queue(sort, state));
export const $queue = createFetcherStore<DisputeList>([$queueUrl]);

const cases = new Map<string, ReturnType<typeof createFetcherStore<DisputeView>>>();
/** One case (one store per case, kept for the page's life). */
export function disputeStore(id: string) {
  let store = cases.get(id);
  if (!store) {
    store = createFetcherStore<DisputeView>([disputeUrls.one(id)]);
    cases.set(id, store);
  }
  return store;
}

/** Reads a case again (and, when asked, the lists that show it). */
export function reloadDispute(id: string) {
  revalidateKeys(disputeUrls.one(id));
}
export function reloadLists() {
  revalidateKeys((key) => key === disputeUrls.mine || key.startsWith('/api/admin/disputes?'));
}

/** Every command answers the case's new view: it becomes the cached one, and the lists are read again. */
async function changed(answer: Promise<Response>): Promise<DisputeView> {
  const view = (await (await answer).json()) as DisputeView;
  mutateCache(disputeUrls.one(view.disputeId), view);
  reloadLists();
  return view;
}

export const openDispute = (body: OpenInput) => changed(apiRequest('POST', '/api/disputes', body));
export const answerDispute = (id: string, statement: string) =>
  changed(apiRequest('POST', `/api/disputes/${id}/answer`, { statement }));
export const requestReview = (id: string) => changed(apiRequest('POST', `/api/disputes/${id}/review-request`, {}));
export const decideDispute = (id: string, body: DecisionInput, idempotencyKey: string) =>
  changed(apiRequest('POST', `/api/disputes/${id}/decision`, body, { 'Idempotency-Key': idempotencyKey }));

/** One file per request, caption first (the server reads the fields before the file). */
export function uploadEvidence(id: string, file: File, caption: string): Promise<DisputeView> {
  const form = new FormData();
  if (caption.trim()) form.append('caption', caption.trim());
  form.append('file', file, file.name);
  return changed(apiRequest('POST', `/api/disputes/${id}/evidence`, form));
}

/** The server's limits (shared/uploads/file-types.ts), checked before uploading. */
export const EVIDENCE_ACCEPT: Readonly<Record<string, number>> = acceptedTypes(EVIDENCE_LIMITS);

export type EvidenceProblem = { problem: 'type' } | { problem: 'size'; kind: FileKind; maxBytes: number };

/** What the server would refuse in a file before it is sent: its type, or its size for its kind. */
export function precheck(file: File): EvidenceProblem | null {
  const limit = EVIDENCE_ACCEPT[file.type];
  if (limit === undefined) return { problem: 'type' };
  const { kind } = FILE_TYPES[file.type as AcceptedContentType];
  return file.size > limit ? { problem: 'size', kind, maxBytes: limit } : null;
}
