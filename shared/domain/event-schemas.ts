import type { z } from 'zod';
import { accountEventSchemas, emailReservationEventSchemas } from './accounts/events.ts';
import { barterTradeEventSchemas } from './barter/events.ts';
import { scheduleEventSchemas, timeProposalEventSchemas } from './booking/events.ts';
import { contractorEventSchemas, offeringEventSchemas } from './catalogue/events.ts';
import { contactEventSchemas } from './contact/events.ts';
import { contractEventSchemas } from './contracts/events.ts';
import { credentialEventSchemas } from './credentials/events.ts';
import { clientNoteEventSchemas } from './crm/events.ts';
import { demoAccountEventSchemas } from './demo/events.ts';
import { disputeEventSchemas } from './disputes/events.ts';
import { escrowEventSchemas, payoutEventSchemas } from './escrow/events.ts';
import { feedbackEventSchemas } from './feedback/events.ts';
import { forumEventSchemas } from './forum/events.ts';
import { galleryEventSchemas } from './gallery/events.ts';
import { legalCopyEventSchemas } from './legal-copies/events.ts';
import { messagingEventSchemas } from './messaging/events.ts';
import { notificationPreferencesEventSchemas } from './notification-preferences/events.ts';
import { notificationActionEventSchemas } from './notifications/events.ts';
import { boostEventSchemas, planEventSchemas } from './plans/events.ts';
import { recurringOfferEventSchemas, serviceSubscriptionEventSchemas } from './recurring/events.ts';
import { reviewEventSchemas } from './reviews/events.ts';
import { urgentAlertEventSchemas } from './urgent/events.ts';
import { userSwitchEventSchemas } from './user-switch/events.ts';
import { workOrderEventSchemas } from './work/events.ts';

/** Every module's schemas, one entry per event union (each keyed by event type). */
const modules: readonly Readonly<Record<string, z.ZodType>>[] = [
  accountEventSchemas,
  emailReservationEventSchemas,
  barterTradeEventSchemas,
  scheduleEventSchemas,
  timeProposalEventSchemas,
  contractorEventSchemas,
  offeringEventSchemas,
  contactEventSchemas,
  contractEventSchemas,
  credentialEventSchemas,
  clientNoteEventSchemas,
  demoAccountEventSchemas,
  disputeEventSchemas,
  escrowEventSchemas,
  payoutEventSchemas,
  feedbackEventSchemas,
  forumEventSchemas,
  galleryEventSchemas,
  legalCopyEventSchemas,
  messagingEventSchemas,
  notificationPreferencesEventSchemas,
  notificationActionEventSchemas,
  planEventSchemas,
  boostEventSchemas,
  recurringOfferEventSchemas,
  serviceSubscriptionEventSchemas,
  reviewEventSchemas,
  urgentAlertEventSchemas,
  userSwitchEventSchemas,
  workOrderEventSchemas,
];

function registry(): ReadonlyMap<string, z.ZodType> {
  const byType = new Map<string, z.ZodType>();
  for (const schemas of modules) {
    for (const [type, schema] of Object.entries(schemas)) {
      // An event type belongs to one module: two schemas for one name would make reads ambiguous.
      if (byType.has(type)) throw new Error(`Two modules declare a schema for the event type ${type}.`);
      byType.set(type, schema);
    }
  }
  return byType;
}

/**
 * The schema of every event type the deciders append, built once: stored events are checked
 * against it where they are read (shared/eventstore/typed.ts).
 */
export const eventSchemas: ReadonlyMap<string, z.ZodType> = registry();
