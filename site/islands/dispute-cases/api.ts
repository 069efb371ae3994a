import { apiRequest, getJson } from '../../lib/api.ts';
import {
  acceptedTypes,
  EVIDENCE_LIMITS,
  FILE_TYPES,
  type AcceptedContentType,
  type FileKind,
} from '../../../shared/uploads/file-types.ts';

/** The dispute API's answers (api/modules/disputes/schemas.ts) as the islands read them. */
export type PartyRole = 'customer' | 'contractor';
export type DisputeStatus = 'awaiting-response' | 'analysing' | 'proposed' | 'in-review' | 'decided' | 'void';
export type OutcomeId = 'contractor-full-payment' | 'customer-refund' | 'shared-fault' | 'minor-issues';
export type Shares = { customerBps: number; contractorBps: number; platformBps: number };
export type Category = 'quality' | 'price' | 'timeline';

export type Analysis = {
  evidenceScores: Record<PartyRole, number>;
  balance: number;
  scores: Record<Category, number>;
  explanation: {
    category: Category;
    start: number;
    primary: boolean;
    adjustments: { cause: 'evidence-balance' | 'work-not-complete'; delta: number }[];
    score: number;
  }[];
  average: number;
  recommendation: { outcome: OutcomeId; shares: Shares };
  confidencePct: number;
  confidence: { base: number; fromBalance: number; fromVolume: number; nearBoundary: number };
  flags: string[];
  narrative: string | null;
};

export type DisputeSummary = {
  disputeId: string;
  jobId: string;
  title: string;
  status: DisputeStatus;
  viewerRole: PartyRole | 'admin';
  openerRole: PartyRole;
  reason: string;
  amountCents: number;
  parties: Record<PartyRole, { id: string; name: string }>;
  openedAt: string;
  respondBy: string;
  readyAt: string | null;
  decidedAt: string | null;
  decisionOutcome: string | null;
  confidencePct: number | null;
  flags: string[];
  evidenceCount: number;
  waitsForViewer: boolean;
};

export type TimelineEntry = {
  stage: 'opened' | 'response' | 'analysis' | 'proposal' | 'review' | 'decision' | 'payout';
  state: 'done' | 'current' | 'upcoming' | 'skipped';
  at: string | null;
  detail?: string;
};

export type DisputeView = DisputeSummary & {
  description: string;
  answeredAt: string | null;
  answerStatement: string | null;
  analysedAt: string | null;
  analysis: Analysis | null;
  proposal: { outcome: OutcomeId; shares: Shares; appealBy: string; proposedAt: string } | null;
  reviewRequestedAt: string | null;
  decision: {
    via: 'arbitrator' | 'auto-resolution';
    outcome: OutcomeId | 'custom';
    shares: Shares;
    reasons: string;
    arbitratorFeeCents: number | null;
  } | null;
  evidence: {
    evidenceId: string;
    partyRole: PartyRole;
    kind: 'photo' | 'video' | 'document';
    contentType: string;
    sizeBytes: number;
    caption: string;
    addedAt: string;
    url: string;
  }[];
  escrow: {
    status: string;
    customerRefundCents: number;
    contractorGrossCents: number;
    platformShareCents: number;
    feeCents: number;
    taxCents: number;
    contractorNetCents: number;
  } | null;
  payouts: {
    kind: 'payout' | 'refund';
    amountCents: number;
    dueOn: string | null;
    status: string;
    scheduledAt: string;
    sentAt: string | null;
  }[];
  timeline: TimelineEntry[];
  actions: { addEvidence: boolean; answer: boolean; requestReview: boolean; decide: boolean };
};

const json = async <T>(response: Response) => (await response.json()) as T;

export const fetchMyDisputes = async () => (await getJson<{ disputes: DisputeSummary[] }>('/api/disputes'))!.disputes;
export const fetchQueue = async (sort: 'age' | 'amount', state: 'open' | 'decided' | 'all') =>
  (await getJson<{ disputes: DisputeSummary[] }>(`/api/admin/disputes?sort=${sort}&state=${state}`))!.disputes;
export const fetchDispute = async (id: string) => (await getJson<DisputeView>(`/api/disputes/${id}`))!;
export const openDispute = async (body: { jobId: string; reason: string; description: string }) =>
  json<DisputeView>(await apiRequest('POST', '/api/disputes', body));
export const answerDispute = async (id: string, statement: string) =>
  json<DisputeView>(await apiRequest('POST', `/api/disputes/${id}/answer`, { statement }));
export const requestReview = async (id: string) =>
  json<DisputeView>(await apiRequest('POST', `/api/disputes/${id}/review-request`, {}));
export const decideDispute = async (
  id: string,
  body: { outcome: string; split?: { customer: number; contractor: number; platform: number }; reasons: string },
  idempotencyKey: string,
) =>
  json<DisputeView>(
    await apiRequest('POST', `/api/disputes/${id}/decision`, body, { 'Idempotency-Key': idempotencyKey }),
  );

/** One file per request, caption first (the server reads the fields before the file). */
export async function uploadEvidence(id: string, file: File, caption: string): Promise<DisputeView> {
  const form = new FormData();
  if (caption.trim()) form.append('caption', caption.trim());
  form.append('file', file, file.name);
  return json<DisputeView>(await apiRequest('POST', `/api/disputes/${id}/evidence`, form));
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
