import { disputeEventSchemas } from './events.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { notificationIdFor, type NotificationSource } from '../notifications/draft.ts';
import type { NotificationDraft } from '../notifications/types.ts';
import type { DisputeEvent, DisputeParties, PartyRole } from './events.ts';
import { canAutoResolve } from './rules.ts';
import { asHandledEvent } from '../../eventstore/typed.ts';

/** Where a dispute notification leads: the case on the status page. */
export const disputeActionUrl = (disputeId: string) => `/arbitration-status?case=${disputeId}`;

const HIGH = new Set(['dispute.opened', 'dispute.proposed', 'dispute.decided']);

const idOf = (parties: DisputeParties, role: PartyRole) =>
  role === 'customer' ? parties.customerId : parties.contractorId;
const otherRole = (role: PartyRole): PartyRole => (role === 'customer' ? 'contractor' : 'customer');
const both = (parties: DisputeParties) => [parties.customerId, parties.contractorId];

/**
 * Disputes: the other party hears of a new case at once (they have 5 days to answer); the opener
 * hears of the answer or its absence; both hear of the analysis (or of the proposal it made), of a
 * request for a human review (the party who did not ask), and of the decision.
 */
function notes(event: DisputeEvent): { disputeId: string; at: string; key: string; recipients: string[] } | null {
  switch (event.type) {
    case 'DisputeOpened': {
      const d = event.data;
      const respondent = d.openerRole === 'customer' ? d.contractorId : d.customerId;
      return { disputeId: d.disputeId, at: d.openedAt, key: 'dispute.opened', recipients: [respondent] };
    }
    case 'DisputeAnswered': {
      const d = event.data;
      const opener = idOf(d.parties, d.parties.openerRole);
      return { disputeId: d.disputeId, at: d.answeredAt, key: 'dispute.answered', recipients: [opener] };
    }
    case 'ResponseWindowClosed': {
      const d = event.data;
      const opener = idOf(d.parties, d.parties.openerRole);
      return { disputeId: d.disputeId, at: d.closedAt, key: 'dispute.noAnswer', recipients: [opener] };
    }
    case 'DisputeAnalysed': {
      const d = event.data;
      // A confident analysis is followed by its proposal, which is what the parties are told of.
      if (canAutoResolve(d.analysis.confidencePct / 100)) return null;
      return { disputeId: d.disputeId, at: d.analysedAt, key: 'dispute.inReview', recipients: both(d.parties) };
    }
    case 'ResolutionProposed': {
      const d = event.data;
      return { disputeId: d.disputeId, at: d.proposedAt, key: 'dispute.proposed', recipients: both(d.parties) };
    }
    case 'HumanReviewRequested': {
      const d = event.data;
      const recipient = idOf(d.parties, otherRole(d.partyRole));
      return { disputeId: d.disputeId, at: d.requestedAt, key: 'dispute.reviewRequested', recipients: [recipient] };
    }
    case 'DisputeDecided': {
      const d = event.data;
      return {
        disputeId: d.disputeId,
        at: d.decidedAt,
        key: 'dispute.decided',
        recipients: [d.customerId, d.contractorId],
      };
    }
    case 'DisputeVoided': {
      const d = event.data;
      const opener = idOf(d.parties, d.parties.openerRole);
      return { disputeId: d.disputeId, at: d.voidedAt, key: 'dispute.voided', recipients: [opener] };
    }
    default:
      return null;
  }
}

export const disputeNotifications: NotificationSource = {
  types: [
    'DisputeOpened',
    'DisputeAnswered',
    'ResponseWindowClosed',
    'DisputeAnalysed',
    'ResolutionProposed',
    'HumanReviewRequested',
    'DisputeDecided',
    'DisputeVoided',
  ],
  notificationsFor(event: RecordedEvent): NotificationDraft[] {
    const found = notes(asHandledEvent<DisputeEvent>(event, disputeEventSchemas));
    if (!found) return [];
    return found.recipients.map((recipient) => ({
      notificationId: notificationIdFor(event.id, found.key, recipient),
      userId: recipient,
      type: 'system',
      priority: HIGH.has(found.key) ? 'high' : 'normal',
      titleKey: `${found.key}.title`,
      messageKey: `${found.key}.message`,
      values: {},
      actionUrl: disputeActionUrl(found.disputeId),
      bookingStartTime: null,
      createdAt: found.at,
    }));
  },
};
