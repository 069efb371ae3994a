import { apiRequest, getJson } from '../../lib/api.ts';

/** The contract and escrow API's answers (api/modules/contracts, api/modules/escrow) as the islands read them. */
/** Who signed which text, when: the typed name and the browser are kept outside, in the legal copy. */
export type Signature = {
  role: 'customer' | 'contractor';
  userId: string;
  signedAt: string;
  textHash: string;
  version: number;
};
export type Party = { id: string; name: string };
export type Document = {
  language: 'en' | 'fr';
  title: string;
  sections: { heading: string; paragraphs: string[] }[];
};

export type Contract = {
  jobId: string;
  jobKind: 'work-order' | 'booking' | 'subscription';
  status: 'awaiting-signatures' | 'executed' | 'cancelled';
  version: number;
  templateVersion: string;
  viewerRole: 'customer' | 'contractor' | 'admin';
  title: string;
  priceCents: number | null;
  terms: { scope: string; title: string };
  /** Today's names ("Former member" once an account is deleted); the contract text names no one. */
  parties: { customer: Party; contractor: Party };
  rendered: { languages: ('en' | 'fr')[]; documents: Document[]; text: string; textHash: string };
  signatures: { customer?: Signature; contractor?: Signature };
  executedAt: string | null;
  accountName: string;
  actions: { sign: boolean; revise: boolean };
  escrow: { status: EscrowStatus; amountCents: number } | null;
};

export type ContractSummary = {
  jobId: string;
  title: string;
  status: Contract['status'];
  version: number;
  priceCents: number | null;
  viewerRole: 'customer' | 'contractor';
  counterparty: { id: string; name: string };
  signedByMe: boolean;
  signedByOther: boolean;
  updatedAt: string;
  escrowStatus: EscrowStatus | null;
};

export type Verification = {
  ok: boolean;
  textHash: string;
  signatures: { role: 'customer' | 'contractor'; matches: boolean }[];
  chain: { ok: true; length: number; headHash: string | null } | { ok: false; revision: string; reason: string };
};

export type EscrowStatus =
  'awaiting-funding' | 'funded' | 'completed' | 'frozen' | 'released' | 'refunded' | 'cancelled' | 'distributed';

export type TaxLine = { code: string; ratePcm: number; cents: number };

export type Escrow = {
  jobId: string;
  title: string;
  status: EscrowStatus;
  viewerRole: 'customer' | 'contractor' | 'admin';
  amountCents: number;
  counterparty: { id: string; name: string };
  quotedFee: { rateBps: number; feeCents: number; taxLines: TaxLine[] };
  card: { brand: string; last4: string } | null;
  fundedAt: string | null;
  completedAt: string | null;
  completionNote: string | null;
  autoReleaseAt: string | null;
  changesNote: string | null;
  releasedAt: string | null;
  releaseTrigger: 'approval' | 'auto-release' | null;
  feeRateBps: number | null;
  feeCents: number;
  taxLines: TaxLine[];
  taxCents: number;
  contractorNetCents: number;
  customerRefundCents: number;
  lateFeeCents: number;
  lastFailureCode: string | null;
  payouts: {
    payoutId: string;
    kind: 'payout' | 'refund';
    amountCents: number;
    dueOn: string | null;
    status: 'scheduled' | 'sent';
    scheduledAt: string;
    sentAt: string | null;
  }[];
  actions: { fund: boolean; complete: boolean; approve: boolean; requestChanges: boolean; dispute: boolean };
};

export type Earnings = {
  grossCents: number;
  feeCents: number;
  taxCents: number;
  netCents: number;
  heldCents: number;
  jobs: number;
  paidOutCents: number;
  upcomingPayouts: { payoutId: string; jobId: string; amountCents: number; dueOn: string }[];
};

export type ReceiptLine = {
  label: 'job' | 'refund' | 'late-fee' | 'fee' | 'tax' | 'net' | 'platform-share';
  amountCents: number;
  code?: string;
  ratePcm?: number;
  rateBps?: number;
};

export type Receipt = {
  kind: 'receipt' | 'fee-invoice';
  number: string;
  issuedAt: string;
  platform: { name: string; taxRegistrationNumber: string };
  job: { jobId: string; title: string };
  customer: { name: string };
  contractor: { name: string; province: string };
  lines: ReceiptLine[];
  totalCents: number;
  card: { brand: string; last4: string } | null;
};

const json = async <T>(response: Response) => (await response.json()) as T;

export const fetchContracts = async () =>
  (await getJson<{ contracts: ContractSummary[] }>('/api/contracts'))!.contracts;
export const fetchContract = async (jobId: string) => (await getJson<Contract>(`/api/contracts/${jobId}`))!;
export const verifyContract = async (jobId: string) => (await getJson<Verification>(`/api/contracts/${jobId}/verify`))!;
export const signContract = async (
  jobId: string,
  body: { version: number; textHash: string; typedName: string; consent: true },
) => json<Contract>(await apiRequest('POST', `/api/contracts/${jobId}/sign`, body));
export const reviseContract = async (
  jobId: string,
  body: { version: number; title?: string; scope?: string; priceCents?: number },
) => json<Contract>(await apiRequest('PUT', `/api/contracts/${jobId}/terms`, body));

export const fetchEscrows = async () => (await getJson<{ escrows: Escrow[] }>('/api/escrows'))!.escrows;
export const fetchEscrow = async (jobId: string) => (await getJson<Escrow>(`/api/escrows/${jobId}`))!;
export const fetchEarnings = async () => (await getJson<Earnings>('/api/earnings'))!;
export const fetchReceipt = async (jobId: string) => (await getJson<Receipt>(`/api/receipts/${jobId}`))!;

export type EscrowAction = 'fund' | 'complete' | 'approve' | 'request-changes';

/**
 * A money command. `idempotencyKey` is made once per attempt by the caller: retrying the same
 * attempt (a network error) reuses it and gets the first answer; a new attempt makes a new one.
 */
export const escrowAction = async (jobId: string, action: EscrowAction, body: object, idempotencyKey: string) =>
  json<Escrow>(
    await apiRequest('POST', `/api/escrows/${jobId}/${action}`, body, { 'Idempotency-Key': idempotencyKey }),
  );

/** SHA-256 of a text as lowercase hex, in the browser (Web Crypto). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
