import type { z } from 'zod';
import type { verifyView } from '../../../shared/http/contracts.ts';
import type { earningsView } from '../../../shared/http/escrow.ts';
import { apiRequest, getJson } from '../../lib/api.ts';
import { onMount } from 'nanostores';
import type { FetcherStore } from '@nanostores/query';
import { createFetcherStore, storesByUrl, mutateCache, revalidateKeys, seededAnswer } from '../../lib/query.ts';
import { $notificationsArrived, pageRenderedWithCount, UNREAD_COUNT_URL } from '../notifications/unread.ts';

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

/** GET /api/contracts/:jobId/verify. */
export type Verification = z.output<typeof verifyView>;

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

/** GET /api/earnings. */
export type Earnings = z.output<typeof earningsView>;

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

const enc = encodeURIComponent;
export const contractUrls = {
  contracts: '/api/contracts',
  contract: (jobId: string) => `/api/contracts/${enc(jobId)}`,
  escrows: '/api/escrows',
  escrow: (jobId: string) => `/api/escrows/${enc(jobId)}`,
  earnings: '/api/earnings',
  receipt: (jobId: string) => `/api/receipts/${enc(jobId)}`,
};

const contractStores = storesByUrl<Contract>(followNewNotificationsWhileShown);
const escrowStores = storesByUrl<Escrow>(followNewNotificationsWhileShown);
const receiptStores = storesByUrl<Receipt>();

/** GET /api/contracts: every contract the signed-in user is a party to. */
export const $contracts = createFetcherStore<{ contracts: ContractSummary[] }>([contractUrls.contracts]);
/** GET /api/escrows: the signed-in user's escrows. */
export const $escrows = createFetcherStore<{ escrows: Escrow[] }>([contractUrls.escrows]);
/** GET /api/earnings: the contractor's earnings. */
export const $earnings = createFetcherStore<Earnings>([contractUrls.earnings]);
/** GET /api/contracts/:jobId. */
export const $contract = (jobId: string) => contractStores(contractUrls.contract(jobId));
/** GET /api/escrows/:jobId. */
export const $escrow = (jobId: string) => escrowStores(contractUrls.escrow(jobId));
/** GET /api/receipts/:jobId. */
export const $receipt = (jobId: string) => receiptStores(contractUrls.receipt(jobId));

/** How long after a new notification the reads are made a second time (see `followNewNotifications`). */
export const SECOND_READ_MS = 2_000;

/** The contract and escrow reads a new notification may have changed: the lists, a job's, the earnings. */
const isMoneyRead = (key: string) =>
  key === contractUrls.earnings ||
  [contractUrls.contracts, contractUrls.escrows].some((list) => key === list || key.startsWith(`${list}/`));

let readsOnScreen = 0;
let stopFollowing: (() => void) | null = null;

/**
 * While contracts or escrows are on screen (the contracts page, a contract's page, the dashboards'
 * payments and earnings), a new notification reads them again: every contract and escrow step
 * tells the party it concerns (shared/domain/escrow/notifications.ts), and no stream of their own
 * keeps these reads current. They are read at once and once more `SECOND_READ_MS` later, because
 * the notification's read model can be projected before the contracts' or the escrows', and an
 * escrow opens a moment after its contract is executed.
 */
function followNewNotifications(): () => void {
  readsOnScreen += 1;
  if (readsOnScreen === 1) {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    // Only the stores on screen fetch; the others are read again when next shown.
    const readAgain = () => revalidateKeys(isMoneyRead);
    const unlisten = $notificationsArrived.listen(() => {
      readAgain();
      const timer = setTimeout(() => {
        timers.delete(timer);
        readAgain();
      }, SECOND_READ_MS);
      timers.add(timer);
    });
    stopFollowing = () => {
      unlisten();
      for (const timer of timers) clearTimeout(timer);
    };
  }
  // The count the page was rendered with, once listening: a notification between it and the bell's
  // first count is a rise too (the pages with these reads read the count first, `readBefore`).
  const rendered = seededAnswer(UNREAD_COUNT_URL) as { count?: unknown } | undefined;
  if (typeof rendered?.count === 'number') pageRenderedWithCount(rendered.count);
  return () => {
    readsOnScreen -= 1;
    if (readsOnScreen > 0) return;
    stopFollowing?.();
    stopFollowing = null;
  };
}

/**
 * `readFirst`'s options for a page that shows these reads: the unread count is read before the
 * page's data, so a notification between the two still reads them again (`pageRenderedWithCount`).
 */
export const FOLLOWS_NOTIFICATIONS = { readBefore: [UNREAD_COUNT_URL] } as const;

/** The store follows new notifications whenever it is on screen. */
function followNewNotificationsWhileShown<T>(store: FetcherStore<T>) {
  onMount(store, followNewNotifications);
}
followNewNotificationsWhileShown($contracts);
followNewNotificationsWhileShown($escrows);
followNewNotificationsWhileShown($earnings);

/** A store's value as the islands' three states (data kept while it is read again). */
export type Loaded<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: T };
export function loadedOf<T>(value: { loading: boolean; data?: T; error?: unknown }): Loaded<T> {
  if (value.data !== undefined) return { status: 'ready', data: value.data };
  if (value.error !== undefined && !value.loading) return { status: 'error', error: value.error };
  return { status: 'loading' };
}

/**
 * A job's contract or escrow changed: its contract, its escrow, its receipt and every list and
 * total they appear in are read again.
 */
export function jobChanged(jobId: string, answered?: string) {
  const changed = new Set([
    contractUrls.contracts,
    contractUrls.contract(jobId),
    contractUrls.escrows,
    contractUrls.escrow(jobId),
    contractUrls.earnings,
    contractUrls.receipt(jobId),
  ]);
  revalidateKeys((key) => key !== answered && changed.has(key));
}

/** A write's answer becomes the cached view at `answered`; the rest of what it changed is read again. */
function changedBy<T>(jobId: string, answered: string, answer: T): T {
  mutateCache(answered, answer);
  jobChanged(jobId, answered);
  return answer;
}

export const fetchContract = async (jobId: string) => (await getJson<Contract>(`/api/contracts/${jobId}`))!;
export const verifyContract = async (jobId: string) => (await getJson<Verification>(`/api/contracts/${jobId}/verify`))!;
export const signContract = async (
  jobId: string,
  body: { version: number; textHash: string; typedName: string; consent: true },
) =>
  changedBy(
    jobId,
    contractUrls.contract(jobId),
    await json<Contract>(await apiRequest('POST', `/api/contracts/${jobId}/sign`, body)),
  );
export const reviseContract = async (
  jobId: string,
  body: { version: number; title?: string; scope?: string; priceCents?: number },
) =>
  changedBy(
    jobId,
    contractUrls.contract(jobId),
    await json<Contract>(await apiRequest('PUT', `/api/contracts/${jobId}/terms`, body)),
  );

/** Reads a job's escrow now (after a refused payment, for its failure code); the answer becomes the cached one. */
export async function readEscrowAgain(jobId: string): Promise<Escrow> {
  const fresh = (await getJson<Escrow>(contractUrls.escrow(jobId)))!;
  mutateCache(contractUrls.escrow(jobId), fresh);
  return fresh;
}

export type EscrowAction = 'fund' | 'complete' | 'approve' | 'request-changes';

/**
 * A money command. `idempotencyKey` is made once per attempt by the caller: retrying the same
 * attempt (a network error) reuses it and gets the first answer; a new attempt makes a new one.
 */
export const escrowAction = async (jobId: string, action: EscrowAction, body: object, idempotencyKey: string) =>
  changedBy(
    jobId,
    contractUrls.escrow(jobId),
    await json<Escrow>(
      await apiRequest('POST', `/api/escrows/${jobId}/${action}`, body, { 'Idempotency-Key': idempotencyKey }),
    ),
  );

/** SHA-256 of a text as lowercase hex, in the browser (Web Crypto). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
