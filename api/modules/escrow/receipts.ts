import type { EscrowRow } from '../../../projections/escrows.ts';
import { NotFoundError } from '../../../shared/errors.ts';
import type { EscrowViewerRole } from './view.ts';

/**
 * The customer's payment receipt and the contractor's fee invoice (`GET /api/receipts/:jobId`),
 * built from the escrow's facts alone: no clock, no database, no request. The route reads the
 * facts (the escrow's read model, the parties' names, the contract's title, the platform's legal
 * name and tax number) and answers with what these functions return. Amounts are never recomputed
 * here: the fee, each tax line and the net are the ones the escrow recorded at release.
 */

export type ReceiptKind = 'receipt' | 'fee-invoice';

/** What of the escrow a receipt or a fee invoice shows. */
export type ReceiptEscrow = Pick<
  EscrowRow,
  | 'jobId'
  | 'status'
  | 'amountCents'
  | 'contractorProvince'
  | 'cardBrand'
  | 'cardLast4'
  | 'fundedAt'
  | 'closedAt'
  | 'customerRefundCents'
  | 'feeReading'
  | 'feeRateBps'
  | 'feeCents'
  | 'taxLines'
  | 'taxCents'
  | 'contractorNetCents'
  | 'lateFeeCents'
>;

/** Who and what the document names besides the escrow's amounts. */
export type ReceiptParties = {
  platform: { name: string; taxRegistrationNumber: string };
  jobTitle: string;
  customerName: string;
  contractorName: string;
};

export const RECEIPT_MESSAGES = {
  notFound: 'Receipt not found.',
  notFunded: 'There is no receipt until the escrow is funded.',
  notReleased: 'The fee invoice is issued once the payment is released.',
} as const;

type FeeInvoiceLine = {
  label: 'job' | 'late-fee' | 'fee' | 'tax' | 'net';
  amountCents: number;
  code?: string;
  ratePcm?: number;
  rateBps?: number;
};

/**
 * The document a party asks for: by default the receipt for the customer and the fee invoice for
 * the contractor; an admin chooses either. Asking for the other party's document is the same 404
 * as for none.
 */
export function receiptKindFor(role: EscrowViewerRole, requested: ReceiptKind | undefined): ReceiptKind {
  const kind = requested ?? (role === 'contractor' ? 'fee-invoice' : 'receipt');
  if ((kind === 'receipt' && role === 'contractor') || (kind === 'fee-invoice' && role === 'customer')) {
    throw new NotFoundError(RECEIPT_MESSAGES.notFound);
  }
  return kind;
}

function header(escrow: ReceiptEscrow, parties: ReceiptParties) {
  return {
    platform: parties.platform,
    job: { jobId: escrow.jobId, title: parties.jobTitle },
    customer: { name: parties.customerName },
    contractor: { name: parties.contractorName, province: escrow.contractorProvince },
    status: escrow.status,
    card: escrow.cardLast4 ? { brand: escrow.cardBrand ?? 'card', last4: escrow.cardLast4 } : null,
  };
}

const shortId = (jobId: string) => jobId.slice(0, 8).toUpperCase();

/**
 * The customer's receipt, from the moment the escrow is funded: the job's price, less what was
 * given back (a cancellation's or a dispute's refund); the total is what the customer paid in the
 * end. Dated at the close when there is one, else at the funding.
 */
export function customerReceipt(escrow: ReceiptEscrow, parties: ReceiptParties) {
  if (!escrow.fundedAt) throw new NotFoundError(RECEIPT_MESSAGES.notFunded);
  const lines: Array<{ label: 'job' | 'refund'; amountCents: number }> = [
    { label: 'job', amountCents: escrow.amountCents },
  ];
  if (escrow.customerRefundCents > 0) lines.push({ label: 'refund', amountCents: -escrow.customerRefundCents });
  return {
    kind: 'receipt' as const,
    number: `R-${shortId(escrow.jobId)}`,
    issuedAt: (escrow.closedAt ?? escrow.fundedAt).toISOString(),
    ...header(escrow, parties),
    lines,
    totalCents: escrow.amountCents - escrow.customerRefundCents,
  };
}

/**
 * The contractor's invoice for the platform's fee, once the money left the escrow (released,
 * distributed by a dispute's decision, or refunded): the gross the contractor earned, the fee at
 * its rate, one line per tax (GST and QST apart, HST alone) and the net paid out; a refunded job
 * shows the late-cancellation fee the contractor kept instead. The total is the fee and its tax.
 */
export function contractorFeeInvoice(escrow: ReceiptEscrow, parties: ReceiptParties) {
  const closed = escrow.status === 'released' || escrow.status === 'distributed' || escrow.status === 'refunded';
  if (!closed || !escrow.closedAt) throw new NotFoundError(RECEIPT_MESSAGES.notReleased);
  const gross = escrow.contractorNetCents + escrow.feeCents + escrow.taxCents;
  const lines: FeeInvoiceLine[] =
    escrow.status === 'refunded'
      ? [{ label: 'late-fee', amountCents: escrow.lateFeeCents }]
      : [
          { label: 'job', amountCents: gross },
          { label: 'fee', amountCents: -escrow.feeCents, rateBps: escrow.feeRateBps ?? 0 },
          ...escrow.taxLines.map((line) => ({
            label: 'tax' as const,
            amountCents: -line.cents,
            code: line.code,
            ratePcm: line.ratePcm,
          })),
        ];
  lines.push({ label: 'net', amountCents: escrow.contractorNetCents });
  return {
    kind: 'fee-invoice' as const,
    number: `F-${shortId(escrow.jobId)}`,
    issuedAt: escrow.closedAt.toISOString(),
    ...header(escrow, parties),
    feeReading: escrow.feeReading,
    lines,
    totalCents: escrow.feeCents + escrow.taxCents,
  };
}

/** The document of `kind` for this escrow (404 while it does not exist yet). */
export function buildReceipt(kind: ReceiptKind, escrow: ReceiptEscrow, parties: ReceiptParties) {
  return kind === 'receipt' ? customerReceipt(escrow, parties) : contractorFeeInvoice(escrow, parties);
}
