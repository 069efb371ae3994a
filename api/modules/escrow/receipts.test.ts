import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../../shared/errors.ts';
import {
  RECEIPT_MESSAGES,
  buildReceipt,
  contractorFeeInvoice,
  customerReceipt,
  receiptKindFor,
  type ReceiptEscrow,
  type ReceiptParties,
} from './receipts.ts';

const JOB_ID = '3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c';
const FUNDED_AT = new Date('2026-03-02T15:00:00Z');
const CLOSED_AT = new Date('2026-03-20T18:30:00Z');

const parties: ReceiptParties = {
  platform: { name: 'EarnIt Marketplace Inc.', taxRegistrationNumber: '123456789 RT0001' },
  jobTitle: 'Paint the fence',
  customerName: 'Alice Tremblay',
  contractorName: 'Bob Gagnon',
};

/** A $1,000 job in Ontario, released: 6 % fee ($60), 13 % HST on the fee ($7.80), $932.20 net. */
const releasedInOntario: ReceiptEscrow = {
  jobId: JOB_ID,
  status: 'released',
  amountCents: 100_000,
  contractorProvince: 'ON',
  cardBrand: 'visa',
  cardLast4: '4242',
  fundedAt: FUNDED_AT,
  closedAt: CLOSED_AT,
  customerRefundCents: 0,
  feeReading: 'Standard 6 %',
  feeRateBps: 600,
  feeCents: 6_000,
  taxLines: [{ code: 'HST', ratePcm: 13_000, cents: 780 }],
  taxCents: 780,
  contractorNetCents: 93_220,
  lateFeeCents: 0,
};

/** The same job in Quebec: GST 5 % ($3.00) and QST 9.975 % ($5.985, $5.99) are two lines. */
const releasedInQuebec: ReceiptEscrow = {
  ...releasedInOntario,
  contractorProvince: 'QC',
  taxLines: [
    { code: 'GST', ratePcm: 5_000, cents: 300 },
    { code: 'QST', ratePcm: 9_975, cents: 599 },
  ],
  taxCents: 899,
  contractorNetCents: 93_101,
};

const header = {
  platform: parties.platform,
  job: { jobId: JOB_ID, title: 'Paint the fence' },
  customer: { name: 'Alice Tremblay' },
  contractor: { name: 'Bob Gagnon', province: 'ON' },
  card: { brand: 'visa', last4: '4242' },
};

describe('which document a party gets', () => {
  it('gives the customer the receipt and the contractor the fee invoice by default', () => {
    expect(receiptKindFor('customer', undefined)).toBe('receipt');
    expect(receiptKindFor('contractor', undefined)).toBe('fee-invoice');
    expect(receiptKindFor('admin', undefined)).toBe('receipt');
    expect(receiptKindFor('admin', 'fee-invoice')).toBe('fee-invoice');
  });

  it("answers the same 404 as for none when a party asks for the other party's document", () => {
    expect(() => receiptKindFor('customer', 'fee-invoice')).toThrow(new NotFoundError(RECEIPT_MESSAGES.notFound));
    expect(() => receiptKindFor('contractor', 'receipt')).toThrow(new NotFoundError(RECEIPT_MESSAGES.notFound));
  });
});

describe("the customer's receipt", () => {
  it('shows the price paid, numbered after the job and dated at the close', () => {
    expect(customerReceipt(releasedInOntario, parties)).toEqual({
      kind: 'receipt',
      number: 'R-3F2A9C1E',
      issuedAt: '2026-03-20T18:30:00.000Z',
      ...header,
      status: 'released',
      lines: [{ label: 'job', amountCents: 100_000 }],
      totalCents: 100_000,
    });
  });

  it('is dated at the funding while the money is held', () => {
    const held = { ...releasedInOntario, status: 'funded' as const, closedAt: null };
    expect(customerReceipt(held, parties)).toMatchObject({
      issuedAt: '2026-03-02T15:00:00.000Z',
      status: 'funded',
      totalCents: 100_000,
    });
  });

  it('takes a refund off the total (a partial refund after a late cancellation)', () => {
    const refunded = { ...releasedInOntario, status: 'refunded' as const, customerRefundCents: 75_000 };
    const receipt = customerReceipt(refunded, parties);
    expect(receipt.lines).toEqual([
      { label: 'job', amountCents: 100_000 },
      { label: 'refund', amountCents: -75_000 },
    ]);
    expect(receipt.totalCents).toBe(25_000);
  });

  it('names a card without a known brand "card", and no card when none was recorded', () => {
    expect(customerReceipt({ ...releasedInOntario, cardBrand: null }, parties).card).toEqual({
      brand: 'card',
      last4: '4242',
    });
    expect(customerReceipt({ ...releasedInOntario, cardLast4: null }, parties).card).toBeNull();
  });

  it('does not exist before the escrow is funded', () => {
    const unpaid = { ...releasedInOntario, status: 'awaiting-funding' as const, fundedAt: null, closedAt: null };
    expect(() => customerReceipt(unpaid, parties)).toThrow(new NotFoundError(RECEIPT_MESSAGES.notFunded));
  });
});

describe("the contractor's fee invoice", () => {
  it('shows the gross, the fee at its rate, the HST and the net; its total is the fee and its tax', () => {
    expect(contractorFeeInvoice(releasedInOntario, parties)).toEqual({
      kind: 'fee-invoice',
      number: 'F-3F2A9C1E',
      issuedAt: '2026-03-20T18:30:00.000Z',
      ...header,
      status: 'released',
      feeReading: 'Standard 6 %',
      lines: [
        { label: 'job', amountCents: 100_000 },
        { label: 'fee', amountCents: -6_000, rateBps: 600 },
        { label: 'tax', amountCents: -780, code: 'HST', ratePcm: 13_000 },
        { label: 'net', amountCents: 93_220 },
      ],
      totalCents: 6_780,
    });
  });

  it('shows GST and QST as two lines in Quebec, and the lines add up to the net', () => {
    const invoice = contractorFeeInvoice(releasedInQuebec, parties);
    expect(invoice.contractor).toEqual({ name: 'Bob Gagnon', province: 'QC' });
    expect(invoice.lines).toEqual([
      { label: 'job', amountCents: 100_000 },
      { label: 'fee', amountCents: -6_000, rateBps: 600 },
      { label: 'tax', amountCents: -300, code: 'GST', ratePcm: 5_000 },
      { label: 'tax', amountCents: -599, code: 'QST', ratePcm: 9_975 },
      { label: 'net', amountCents: 93_101 },
    ]);
    expect(invoice.totalCents).toBe(6_899);
    const [job, ...deductions] = invoice.lines;
    const net = deductions.pop()!;
    expect(job!.amountCents + deductions.reduce((sum, line) => sum + line.amountCents, 0)).toBe(net.amountCents);
  });

  it("after a dispute's split, the gross is what the contractor earned, not the job's price", () => {
    const split = {
      ...releasedInOntario,
      status: 'distributed' as const,
      customerRefundCents: 50_000,
      feeCents: 3_000,
      taxLines: [{ code: 'HST' as const, ratePcm: 13_000, cents: 390 }],
      taxCents: 390,
      contractorNetCents: 46_610,
    };
    const invoice = contractorFeeInvoice(split, parties);
    expect(invoice.lines[0]).toEqual({ label: 'job', amountCents: 50_000 });
    expect(invoice.lines.at(-1)).toEqual({ label: 'net', amountCents: 46_610 });
    expect(invoice.totalCents).toBe(3_390);
  });

  it('a refunded job shows the late-cancellation fee the contractor kept', () => {
    const refunded = {
      ...releasedInOntario,
      status: 'refunded' as const,
      customerRefundCents: 75_000,
      lateFeeCents: 25_000,
      feeCents: 1_500,
      taxLines: [{ code: 'HST' as const, ratePcm: 13_000, cents: 195 }],
      taxCents: 195,
      contractorNetCents: 23_305,
    };
    const invoice = contractorFeeInvoice(refunded, parties);
    expect(invoice.lines).toEqual([
      { label: 'late-fee', amountCents: 25_000 },
      { label: 'net', amountCents: 23_305 },
    ]);
    expect(invoice.totalCents).toBe(1_695);
  });

  it('a fee rate not recorded reads 0 bps', () => {
    const invoice = contractorFeeInvoice({ ...releasedInOntario, feeRateBps: null }, parties);
    expect(invoice.lines[1]).toEqual({ label: 'fee', amountCents: -6_000, rateBps: 0 });
  });

  it('is issued only once the money left the escrow', () => {
    for (const status of ['awaiting-funding', 'funded', 'completed', 'frozen', 'cancelled'] as const) {
      expect(() => contractorFeeInvoice({ ...releasedInOntario, status }, parties), status).toThrow(
        new NotFoundError(RECEIPT_MESSAGES.notReleased),
      );
    }
    expect(() => contractorFeeInvoice({ ...releasedInOntario, closedAt: null }, parties)).toThrow(NotFoundError);
  });
});

describe('buildReceipt', () => {
  it('builds the document of the kind asked for', () => {
    expect(buildReceipt('receipt', releasedInOntario, parties).number).toBe('R-3F2A9C1E');
    expect(buildReceipt('fee-invoice', releasedInOntario, parties).number).toBe('F-3F2A9C1E');
  });
});
