import type { WorkLocation } from '../work/events.ts';

export const urgentAlertStreamId = (alertId: string) => `urgent-alert-${alertId}`;

/** What the customer needs done, where, and at what price (the premium is part of the price). */
export type UrgentAlertSent = {
  type: 'UrgentAlertSent';
  data: {
    alertId: string;
    customerId: string;
    title: string;
    description: string;
    category: string;
    service: string | null;
    location: WorkLocation;
    /** The normal price, before the premium (CAD cents). */
    baseCents: number;
    /** 100 to 300: 1x to 3x. */
    multiplierPct: number;
    priceCents: number;
    premiumCents: number;
    /** The paid contractors near the work it was broadcast to, nearest first. */
    recipients: string[];
    sentAt: string;
    expiresAt: string;
  };
};

/** The first acceptance: the job is this contractor's at the alert's price. */
export type UrgentAlertAccepted = {
  type: 'UrgentAlertAccepted';
  data: {
    alertId: string;
    customerId: string;
    contractorId: string;
    priceCents: number;
    premiumCents: number;
    multiplierPct: number;
    acceptedAt: string;
  };
};

export type UrgentAlertCancelled = {
  type: 'UrgentAlertCancelled';
  data: { alertId: string; customerId: string; recipients: string[]; cancelledAt: string };
};

export type UrgentAlertEvent = UrgentAlertSent | UrgentAlertAccepted | UrgentAlertCancelled;

export const URGENT_ALERT_EVENT_TYPES = [
  'UrgentAlertSent',
  'UrgentAlertAccepted',
  'UrgentAlertCancelled',
] as const satisfies readonly UrgentAlertEvent['type'][];
