import { z } from 'zod';
import { ESCROW_MESSAGES as M } from '../domain/escrow/messages.ts';

export { jobParams } from './contracts.ts';

// A body that is only a card: the card shape is shared with plans, boosts and subscriptions.
export { fundBody } from './card.ts';

export const completeBody = z.strictObject({
  note: z
    .string({ error: 'The note must be text' })
    .trim()
    .max(2_000, { error: 'The note must be at most 2,000 characters' })
    .optional(),
});

export const changesBody = z.strictObject({
  note: z.string({ error: M.changesNote }).trim().min(1, { error: M.changesNote }).max(2_000, { error: M.changesNote }),
});

export const emptyBody = z.strictObject({}).optional();

export const adminQuery = z.strictObject({
  status: z
    .enum(['awaiting-funding', 'funded', 'completed', 'frozen', 'released', 'refunded', 'cancelled', 'distributed'], {
      error:
        'status must be one of awaiting-funding, funded, completed, frozen, released, refunded, cancelled, distributed',
    })
    .optional(),
  escalated: z.enum(['true', 'false'], { error: 'escalated must be true or false' }).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number from 1 to 500' })
    .int({ error: 'limit must be a number from 1 to 500' })
    .min(1, { error: 'limit must be a number from 1 to 500' })
    .max(500, { error: 'limit must be a number from 1 to 500' })
    .optional(),
});

export const receiptQuery = z.strictObject({
  kind: z.enum(['receipt', 'fee-invoice'], { error: 'kind must be receipt or fee-invoice' }).optional(),
});

const taxLine = z.object({ code: z.string(), ratePcm: z.number().int(), cents: z.number().int() });
const payout = z.object({
  payoutId: z.string(),
  kind: z.enum(['payout', 'refund']),
  amountCents: z.number().int(),
  dueOn: z.string().nullable(),
  status: z.enum(['scheduled', 'sent']),
  /** When the decision that moves it was recorded: a refund has no due day (it is issued at once). */
  scheduledAt: z.string(),
  sentAt: z.string().nullable(),
});

export const escrowView = z.looseObject({
  jobId: z.string(),
  title: z.string(),
  status: z.enum([
    'awaiting-funding',
    'funded',
    'completed',
    'frozen',
    'released',
    'refunded',
    'cancelled',
    'distributed',
  ]),
  viewerRole: z.enum(['customer', 'contractor', 'admin']),
  amountCents: z.number().int(),
  counterparty: z.object({ id: z.string(), name: z.string() }),
  quotedFee: z.looseObject({ rateBps: z.number().int(), feeCents: z.number().int(), taxLines: z.array(taxLine) }),
  feeCents: z.number().int(),
  taxLines: z.array(taxLine),
  taxCents: z.number().int(),
  contractorNetCents: z.number().int(),
  customerRefundCents: z.number().int(),
  lateFeeCents: z.number().int(),
  payouts: z.array(payout),
  actions: z.object({
    fund: z.boolean(),
    complete: z.boolean(),
    approve: z.boolean(),
    requestChanges: z.boolean(),
    dispute: z.boolean(),
  }),
});

export const escrowListView = z.object({ escrows: z.array(escrowView) });

export const earningsView = z.object({
  grossCents: z.number().int(),
  feeCents: z.number().int(),
  taxCents: z.number().int(),
  netCents: z.number().int(),
  heldCents: z.number().int(),
  jobs: z.number().int(),
  paidOutCents: z.number().int(),
  upcomingPayouts: z.array(
    z.object({ payoutId: z.string(), jobId: z.string(), amountCents: z.number().int(), dueOn: z.string() }),
  ),
});

export const receiptView = z.looseObject({
  kind: z.enum(['receipt', 'fee-invoice']),
  number: z.string(),
  issuedAt: z.string(),
  platform: z.object({ name: z.string(), taxRegistrationNumber: z.string() }),
  job: z.object({ jobId: z.string(), title: z.string() }),
  lines: z.array(
    z.looseObject({
      label: z.enum(['job', 'refund', 'late-fee', 'fee', 'tax', 'net', 'platform-share']),
      amountCents: z.number().int(),
    }),
  ),
  totalCents: z.number().int(),
});
