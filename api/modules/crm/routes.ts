import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  crmClients,
  crmEarnings,
  crmLeads,
  crmPayouts,
  crmPipeline,
  isClientOf,
  leadKinds,
  pipelineStages,
} from '../../../projections/contractor-crm.ts';
import { CRM_MESSAGES, crmDecider, MAX_CLIENT_NOTE } from '../../../shared/domain/crm/decider.ts';
import { crmStreamId } from '../../../shared/domain/crm/events.ts';
import { handleCommand } from '../../../shared/domain/decider.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { answerWithView, commandContext } from '../../plugins/read-your-writes.ts';
import { displayNames, FORMER_MEMBER } from '../accounts/personal-data.ts';
import { errorSchema } from '../accounts/schemas.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const stage = z.enum([...pipelineStages, 'lost']);
const person = z.object({ id: z.uuid(), name: z.string() });
/** How far ahead the calendar looks. */
const CALENDAR_DAYS = 60;

const crmView = z.object({
  leads: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(leadKinds),
      customer: person,
      sourceId: z.uuid(),
      title: z.string(),
      amountCents: z.number().int().nullable(),
      status: z.enum(['open', 'won', 'lost', 'withdrawn']),
      at: z.string(),
    }),
  ),
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
    months: z.array(
      z.object({
        month: z.string(),
        grossCents: z.number().int(),
        feeCents: z.number().int(),
        taxCents: z.number().int(),
        netCents: z.number().int(),
        jobs: z.number().int(),
      }),
    ),
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

const noteParams = z.strictObject({ customerId: z.uuid({ error: 'The client id is not valid' }) });
const noteBody = z.strictObject({
  note: z
    .string({ error: CRM_MESSAGES.noteTooLong })
    .max(MAX_CLIENT_NOTE + 200, { error: CRM_MESSAGES.noteTooLong })
    .nullable(),
});

/**
 * The contractor dashboard's CRM (issue 10): leads, pipeline, calendar, clients with private
 * notes, earnings by month and payouts, all from the contractor-crm read model built for it.
 */
export const crmRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store } = app.runtime;

  async function overview(contractorId: string) {
    const now = new Date();
    const [leads, pipeline, clients, months, payouts] = await Promise.all([
      crmLeads(sql, contractorId),
      crmPipeline(sql, contractorId),
      crmClients(sql, contractorId),
      crmEarnings(sql, contractorId, now),
      crmPayouts(sql, contractorId),
    ]);
    const ids = new Set([...leads, ...pipeline, ...clients].map((row) => row.customerId));
    const names = await displayNames(sql, [...ids]);
    const who = (id: string) => ({ id, name: names.get(id) ?? FORMER_MEMBER });
    const counts: Record<string, number> = {};
    const valueCents: Record<string, number> = {};
    for (const key of [...pipelineStages, 'lost']) {
      counts[key] = 0;
      valueCents[key] = 0;
    }
    for (const item of pipeline) {
      counts[item.stage] = (counts[item.stage] ?? 0) + 1;
      // A paid job counts what was paid (an arbitration may have given the contractor a share only).
      const value = item.stage === 'paid' ? (item.paidCents ?? item.amountCents) : item.amountCents;
      valueCents[item.stage] = (valueCents[item.stage] ?? 0) + (value ?? 0);
    }
    const horizon = now.getTime() + CALENDAR_DAYS * 86_400_000;
    const calendar = pipeline
      .filter(
        (item) =>
          item.startsAt !== null &&
          (item.stage === 'booked' || item.stage === 'in_progress' || item.stage === 'lead') &&
          (item.endsAt ?? item.startsAt).getTime() >= now.getTime() &&
          item.startsAt.getTime() <= horizon,
      )
      .sort((a, b) => a.startsAt!.getTime() - b.startsAt!.getTime());
    const sum = (key: 'grossCents' | 'feeCents' | 'taxCents' | 'netCents') =>
      months.reduce((total, month) => total + month[key], 0);
    return {
      leads: leads.map((lead) => ({
        id: lead.leadId,
        kind: lead.kind,
        customer: who(lead.customerId),
        sourceId: lead.sourceId,
        title: lead.title,
        amountCents: lead.amountCents,
        status: lead.status,
        at: lead.at.toISOString(),
      })),
      pipeline: {
        counts,
        valueCents,
        items: pipeline.map((item) => ({
          jobId: item.jobId,
          customer: who(item.customerId),
          title: item.title,
          stage: item.stage,
          amountCents: item.amountCents,
          paidCents: item.paidCents,
          startsAt: iso(item.startsAt),
          updatedAt: item.updatedAt.toISOString(),
        })),
      },
      calendar: calendar.map((item) => ({
        jobId: item.jobId,
        customer: who(item.customerId),
        title: item.title,
        stage: item.stage,
        startsAt: item.startsAt!.toISOString(),
        endsAt: iso(item.endsAt),
      })),
      clients: clients.map((client) => ({
        customer: who(client.customerId),
        jobs: client.jobs,
        completedJobs: client.completedJobs,
        earnedCents: client.earnedCents,
        note: client.note,
        noteUpdatedAt: iso(client.noteUpdatedAt),
        firstAt: client.firstAt.toISOString(),
        lastAt: client.lastAt.toISOString(),
      })),
      earnings: {
        months,
        totals: {
          grossCents: sum('grossCents'),
          feeCents: sum('feeCents'),
          taxCents: sum('taxCents'),
          netCents: sum('netCents'),
        },
      },
      payouts: payouts.map((payout) => ({ ...payout, sentAt: iso(payout.sentAt) })),
    };
  }

  app.get(
    '/api/contractor/crm',
    {
      onRequest: app.requireRole('contractor'),
      schema: {
        tags: ['crm'],
        summary: 'My CRM: leads, pipeline, calendar, clients, earnings by month and payouts',
        response: { 200: crmView, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => overview((await signedInUser(request)).id),
  );

  app.put(
    '/api/contractor/crm/clients/:customerId/note',
    {
      onRequest: app.requireRole('contractor'),
      schema: {
        tags: ['crm'],
        summary: 'Save my private note about one of my clients (an empty note clears it)',
        params: noteParams,
        body: noteBody,
        response: {
          200: z.object({ note: z.string().nullable() }),
          202: z.object({ note: z.string().nullable() }),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const context = commandContext(request);
      const { customerId } = request.params;
      const result = await handleCommand(
        store,
        crmStreamId(user.id),
        crmDecider,
        {
          type: 'SaveClientNote',
          contractorId: user.id,
          customerId,
          isClient: await isClientOf(sql, user.id, customerId),
          note: request.body.note,
          now: context.now,
        },
        context,
      );
      return answerWithView(request, reply, result.position, ['contractor-crm'], async () => {
        const [row] = await sql<{ note: string | null }[]>`
          select note from rm_crm_clients where contractor_id = ${user.id} and customer_id = ${customerId}`;
        return { note: row?.note ?? null };
      });
    },
  );
};
