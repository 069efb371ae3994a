import { z } from 'zod';
import type { EventSchemas } from '../event-schema.ts';
import { workLocationSchema, type WorkLocation } from '../work/events.ts';

export const urgentAlertStreamId = (alertId: string) => `urgent-alert-${alertId}`;

/** What the customer needs done, where, and at what price (the premium is part of the price). */
export const urgentAlertSentSchema = z.object({
  alertId: z.string(),
  customerId: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  service: z.string().nullable(),
  location: workLocationSchema,
  /** The normal price, before the premium (CAD cents). */
  baseCents: z.number(),
  /** 100 to 300: 1x to 3x. */
  multiplierPct: z.number(),
  priceCents: z.number(),
  premiumCents: z.number(),
  /** The paid contractors near the work it was broadcast to, nearest first. */
  recipients: z.array(z.string()),
  sentAt: z.string(),
  expiresAt: z.string(),
});
export type UrgentAlertSent = {
  type: 'UrgentAlertSent';
  data: Omit<z.infer<typeof urgentAlertSentSchema>, 'location'> & { location: WorkLocation };
};

/** The first acceptance: the job is this contractor's at the alert's price. */
export const urgentAlertAcceptedSchema = z.object({
  alertId: z.string(),
  customerId: z.string(),
  contractorId: z.string(),
  priceCents: z.number(),
  premiumCents: z.number(),
  multiplierPct: z.number(),
  acceptedAt: z.string(),
});
export type UrgentAlertAccepted = { type: 'UrgentAlertAccepted'; data: z.infer<typeof urgentAlertAcceptedSchema> };

export const urgentAlertCancelledSchema = z.object({
  alertId: z.string(),
  customerId: z.string(),
  recipients: z.array(z.string()),
  cancelledAt: z.string(),
});
export type UrgentAlertCancelled = { type: 'UrgentAlertCancelled'; data: z.infer<typeof urgentAlertCancelledSchema> };

export type UrgentAlertEvent = UrgentAlertSent | UrgentAlertAccepted | UrgentAlertCancelled;

export const urgentAlertEventSchemas = {
  UrgentAlertSent: urgentAlertSentSchema,
  UrgentAlertAccepted: urgentAlertAcceptedSchema,
  UrgentAlertCancelled: urgentAlertCancelledSchema,
} as const satisfies EventSchemas<UrgentAlertEvent>;

export const URGENT_ALERT_EVENT_TYPES = [
  'UrgentAlertSent',
  'UrgentAlertAccepted',
  'UrgentAlertCancelled',
] as const satisfies readonly UrgentAlertEvent['type'][];
