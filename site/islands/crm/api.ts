import { apiRequest } from '../../lib/api.ts';

/** What GET /api/contractor/crm answers (api/modules/crm/routes.ts). Money in CAD cents. */
export type Person = { id: string; name: string };
export type LeadKind = 'booking_request' | 'bid' | 'direct_request' | 'urgent_alert' | 'message' | 'barter';
export type Stage = 'lead' | 'quoted' | 'booked' | 'in_progress' | 'completed' | 'paid' | 'lost';
export const stages: readonly Stage[] = ['lead', 'quoted', 'booked', 'in_progress', 'completed', 'paid'];
export type CrmMonth = {
  month: string;
  grossCents: number;
  feeCents: number;
  taxCents: number;
  netCents: number;
  jobs: number;
};

export type Crm = {
  leads: {
    id: string;
    kind: LeadKind;
    customer: Person;
    sourceId: string;
    title: string;
    amountCents: number | null;
    status: 'open' | 'won' | 'lost' | 'withdrawn';
    at: string;
  }[];
  pipeline: {
    counts: Record<string, number>;
    valueCents: Record<string, number>;
    items: {
      jobId: string;
      customer: Person;
      title: string;
      stage: Stage;
      amountCents: number | null;
      /** What the contractor was actually paid (gross): after an arbitration, their share. */
      paidCents: number | null;
      startsAt: string | null;
      updatedAt: string;
    }[];
  };
  calendar: { jobId: string; customer: Person; title: string; stage: Stage; startsAt: string; endsAt: string | null }[];
  clients: {
    customer: Person;
    jobs: number;
    completedJobs: number;
    earnedCents: number;
    note: string | null;
    noteUpdatedAt: string | null;
    firstAt: string;
    lastAt: string;
  }[];
  earnings: {
    months: CrmMonth[];
    totals: { grossCents: number; feeCents: number; taxCents: number; netCents: number };
  };
  payouts: {
    payoutId: string;
    jobId: string;
    amountCents: number;
    dueOn: string;
    status: 'scheduled' | 'sent';
    sentAt: string | null;
  }[];
};

export const crmUrl = '/api/contractor/crm';

export const crmApi = {
  saveNote: (customerId: string, note: string | null) =>
    apiRequest('PUT', `/api/contractor/crm/clients/${encodeURIComponent(customerId)}/note`, { note }),
};

/** Where a lead is answered. */
export function leadHref(kind: LeadKind, sourceId: string): string {
  switch (kind) {
    case 'booking_request':
      return `/bookings/${sourceId}`;
    case 'bid':
    case 'direct_request':
      return `/projects/${sourceId}`;
    case 'urgent_alert':
      return '/urgent-alerts';
    case 'message':
      return '/messages';
    case 'barter':
      return '/platform#barter-trades';
  }
}
