import { z } from 'zod';
import { CRM_MESSAGES, MAX_CLIENT_NOTE } from '../domain/crm/limits.ts';
import { leadKinds, leadStatuses, pipelineStages } from '../domain/crm/stages.ts';

/** The contractor CRM's HTTP shapes (api/modules/crm). Money in CAD cents. */

const stage = z.enum([...pipelineStages, 'lost']);
const person = z.object({ id: z.uuid(), name: z.string() });

export const crmLeadView = z.object({
  id: z.string(),
  kind: z.enum(leadKinds),
  customer: person,
  sourceId: z.uuid(),
  title: z.string(),
  amountCents: z.number().int().nullable(),
  status: z.enum(leadStatuses),
  at: z.string(),
});

export const crmMonthView = z.object({
  month: z.string(),
  grossCents: z.number().int(),
  feeCents: z.number().int(),
  taxCents: z.number().int(),
  netCents: z.number().int(),
  jobs: z.number().int(),
});

export const crmView = z.object({
  leads: z.array(crmLeadView),
  pipeline: z.object({
    counts: z.record(z.string(), z.number().int()),
    valueCents: z.record(z.string(), z.number().int()),
    items: z.array(
      z.object({
        jobId: z.uuid(),
        customer: person,
        title: z.string(),
        stage,
        amountCents: z.number().int().nullable(),
        /** What the contractor was actually paid (gross): after an arbitration, their share, not the price. */
        paidCents: z.number().int().nullable(),
        startsAt: z.string().nullable(),
        updatedAt: z.string(),
      }),
    ),
  }),
  calendar: z.array(
    z.object({
      jobId: z.uuid(),
      customer: person,
      title: z.string(),
      stage,
      startsAt: z.string(),
      endsAt: z.string().nullable(),
    }),
  ),
  clients: z.array(
    z.object({
      customer: person,
      jobs: z.number().int(),
      completedJobs: z.number().int(),
      earnedCents: z.number().int(),
      note: z.string().nullable(),
      noteUpdatedAt: z.string().nullable(),
      firstAt: z.string(),
      lastAt: z.string(),
    }),
  ),
  earnings: z.object({
    months: z.array(crmMonthView),
    totals: z.object({
      grossCents: z.number().int(),
      feeCents: z.number().int(),
      taxCents: z.number().int(),
      netCents: z.number().int(),
    }),
  }),
  payouts: z.array(
    z.object({
      payoutId: z.string(),
      jobId: z.uuid(),
      amountCents: z.number().int(),
      dueOn: z.string(),
      status: z.enum(['scheduled', 'sent']),
      sentAt: z.string().nullable(),
    }),
  ),
});

export const noteParams = z.strictObject({ customerId: z.uuid({ error: 'The client id is not valid' }) });
export const noteBody = z.strictObject({
  note: z
    .string({ error: CRM_MESSAGES.noteTooLong })
    .max(MAX_CLIENT_NOTE + 200, { error: CRM_MESSAGES.noteTooLong })
    .nullable(),
});
export const noteView = z.object({ note: z.string().nullable() });

export type CrmView = z.output<typeof crmView>;
export type CrmLeadView = z.output<typeof crmLeadView>;
export type CrmMonthView = z.output<typeof crmMonthView>;
