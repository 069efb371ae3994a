import {
  pipelineStages,
  type CrmClient,
  type CrmLead,
  type CrmMonth,
  type CrmPayout,
  type CrmPipelineItem,
} from '../../../projections/crm.ts';
import type { CrmView } from '../../../shared/http/crm.ts';
import { FORMER_MEMBER } from '../accounts/personal-data.ts';

/** How far ahead the calendar looks. */
export const CALENDAR_DAYS = 60;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The CRM read model's rows for one contractor. */
export type CrmRows = {
  leads: CrmLead[];
  pipeline: CrmPipelineItem[];
  clients: CrmClient[];
  months: CrmMonth[];
  payouts: CrmPayout[];
};

/** Whose names the overview shows. */
export function crmCustomerIds(rows: Pick<CrmRows, 'leads' | 'pipeline' | 'clients'>): string[] {
  return [...new Set([...rows.leads, ...rows.pipeline, ...rows.clients].map((row) => row.customerId))];
}

/**
 * The CRM overview (GET /api/contractor/crm) from the read model's rows: the pipeline counted and
 * valued per stage, the calendar of the coming CALENDAR_DAYS, and the earnings totalled. Pure
 * (views.test.ts).
 */
export function crmOverview(rows: CrmRows, names: ReadonlyMap<string, string>, now: Date): CrmView {
  const { leads, pipeline, clients, months, payouts } = rows;
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
      (item): item is CrmPipelineItem & { startsAt: Date } =>
        item.startsAt !== null &&
        (item.stage === 'booked' || item.stage === 'in_progress' || item.stage === 'lead') &&
        (item.endsAt ?? item.startsAt).getTime() >= now.getTime() &&
        item.startsAt.getTime() <= horizon,
    )
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
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
      startsAt: item.startsAt.toISOString(),
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
