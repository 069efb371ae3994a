import { describe, expect, it } from 'vitest';
import type { CrmPipelineItem } from '../../../projections/crm.ts';
import { crmView } from '../../../shared/http/crm.ts';
import { CALENDAR_DAYS, crmCustomerIds, crmOverview, type CrmRows } from './views.ts';

const now = new Date('2026-05-10T12:00:00Z');
const day = 86_400_000;
const at = (days: number) => new Date(now.getTime() + days * day);
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function item(n: number, stage: CrmPipelineItem['stage'], extra: Partial<CrmPipelineItem> = {}): CrmPipelineItem {
  return {
    jobId: uuid(n),
    customerId: uuid(100 + (n % 2)),
    title: `Job ${n}`,
    stage,
    amountCents: 10_000,
    paidCents: null,
    startsAt: null,
    endsAt: null,
    updatedAt: at(-1),
    ...extra,
  };
}

function rows(pipeline: CrmPipelineItem[]): CrmRows {
  return {
    leads: [
      {
        leadId: 'bid:1',
        kind: 'bid',
        customerId: uuid(102),
        sourceId: uuid(50),
        title: 'Paint a fence',
        amountCents: 25_000,
        status: 'open',
        at: at(-2),
      },
    ],
    pipeline,
    clients: [],
    months: [
      { month: '2026-04', grossCents: 1000, feeCents: 100, taxCents: 13, netCents: 887, jobs: 1 },
      { month: '2026-05', grossCents: 2000, feeCents: 200, taxCents: 26, netCents: 1774, jobs: 2 },
    ],
    payouts: [
      { payoutId: 'p', jobId: uuid(1), amountCents: 887, dueOn: '2026-05-12', status: 'scheduled', sentAt: null },
    ],
  };
}

describe('the CRM overview', () => {
  it('counts and values every stage, a paid job at what was paid', () => {
    const view = crmOverview(
      rows([
        item(1, 'booked'),
        item(2, 'paid', { paidCents: 6_000 }),
        item(3, 'paid'),
        item(4, 'lost', { amountCents: null }),
      ]),
      new Map(),
      now,
    );
    expect(view.pipeline.counts).toEqual({
      lead: 0,
      quoted: 0,
      booked: 1,
      in_progress: 0,
      completed: 0,
      paid: 2,
      lost: 1,
    });
    expect(view.pipeline.valueCents).toMatchObject({ booked: 10_000, paid: 16_000, lost: 0, quoted: 0 });
    expect(crmView.safeParse(view).success).toBe(true);
  });

  it('puts on the calendar the coming booked, in-progress and lead jobs within the horizon, soonest first', () => {
    const view = crmOverview(
      rows([
        item(1, 'booked', { startsAt: at(5) }),
        item(2, 'in_progress', { startsAt: at(-1), endsAt: at(1) }),
        item(3, 'lead', { startsAt: at(2) }),
        item(4, 'booked', { startsAt: at(-2), endsAt: at(-1) }), // over
        item(5, 'booked', { startsAt: at(CALENDAR_DAYS + 1) }), // too far
        item(6, 'completed', { startsAt: at(1) }), // done
        item(7, 'booked'), // unscheduled
      ]),
      new Map(),
      now,
    );
    expect(view.calendar.map((c) => c.title)).toEqual(['Job 2', 'Job 3', 'Job 1']);
    expect(view.calendar[0]).toMatchObject({ startsAt: at(-1).toISOString(), endsAt: at(1).toISOString() });
  });

  it('names customers, a closed account as a former member, and totals the earnings', () => {
    const view = crmOverview(rows([item(1, 'booked')]), new Map([[uuid(101), 'Bea']]), now);
    expect(view.pipeline.items[0]!.customer).toEqual({ id: uuid(101), name: 'Bea' });
    expect(view.leads[0]!.customer).toEqual({ id: uuid(102), name: 'Former member' });
    expect(view.leads[0]!.at).toBe(at(-2).toISOString());
    expect(view.earnings.totals).toEqual({ grossCents: 3000, feeCents: 300, taxCents: 39, netCents: 2661 });
    expect(view.payouts[0]!.sentAt).toBeNull();
  });

  it('asks for each customer’s name once', () => {
    const ids = crmCustomerIds(rows([item(1, 'booked'), item(3, 'paid'), item(2, 'lead')]));
    expect(ids.sort()).toEqual([uuid(101), uuid(100), uuid(102)].sort());
  });
});
