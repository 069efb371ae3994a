import { escrowEventSchemas, payoutEventSchemas } from './events.ts';
import { contractEventSchemas } from '../contracts/events.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import type { ContractEvent } from '../contracts/events.ts';
import { notificationIdFor, type NotificationSource } from '../notifications/draft.ts';
import type { NotificationDraft, NotificationPriority, NotificationType } from '../notifications/types.ts';
import type { EscrowEvent, PayoutEvent } from './events.ts';
import { asHandledEvent } from '../../eventstore/typed.ts';

/** Where a money notification leads: the job's contract page, which carries its escrow. */
export const contractActionUrl = (jobId: string) => `/contracts/${jobId}`;

type Note = {
  purpose: string;
  recipient: string;
  key: string;
  type?: NotificationType;
  priority?: NotificationPriority;
};

/**
 * Contracts and escrow: each step tells the party who acts next. A new or revised contract asks
 * both to sign; an executed one asks the customer to pay; payment, completion, changes, release,
 * refund and payouts each tell the other side. A card declined at the screen and an escalation tell nobody here
 * (the customer saw the decline; escalations go to the admin dashboard).
 */
function notes(event: ContractEvent | EscrowEvent | PayoutEvent): { jobId: string; at: string; notes: Note[] } | null {
  switch (event.type) {
    case 'ContractGenerated': {
      const { terms, generatedAt } = event.data;
      // A recurring visit's contract is executed as generated: there is nothing to sign.
      if (terms.recurring?.kind === 'visit') return null;
      return {
        jobId: terms.jobId,
        at: generatedAt,
        notes: [terms.customer.userId, terms.contractor.userId].map((recipient) => ({
          purpose: 'contract-ready',
          recipient,
          key: terms.jobKind === 'subscription' ? 'contract.agreementReady' : 'contract.ready',
          priority: 'high' as const,
        })),
      };
    }
    case 'ContractRevised': {
      const { terms, revisedAt, revisedBy, version } = event.data;
      return {
        jobId: terms.jobId,
        at: revisedAt,
        notes: [terms.customer.userId, terms.contractor.userId]
          .filter((recipient) => recipient !== revisedBy)
          .map((recipient) => ({
            purpose: `contract-revised-${version}`,
            recipient,
            key: 'contract.revised',
            priority: 'high' as const,
          })),
      };
    }
    case 'ContractExecuted': {
      const d = event.data;
      // A visit is told by its booking's confirmation; an agreement by the subscription's activation.
      if (d.underAgreement || d.jobKind === 'subscription') return null;
      return {
        jobId: d.jobId,
        at: d.executedAt,
        notes: [
          { purpose: 'contract-executed', recipient: d.customerId, key: 'contract.executedCustomer', priority: 'high' },
          { purpose: 'contract-executed', recipient: d.contractorId, key: 'contract.executedContractor' },
        ],
      };
    }
    case 'EscrowFundingFailed':
      // The customer saw a decline at the screen; a recurring visit's card was charged without them.
      if (!event.data.automatic) return null;
      return {
        jobId: event.data.jobId,
        at: event.data.failedAt,
        notes: [
          {
            purpose: 'visit-payment-failed',
            recipient: event.data.customerId,
            key: 'escrow.visitPaymentFailed',
            priority: 'high',
          },
        ],
      };
    case 'EscrowFunded':
      return {
        jobId: event.data.jobId,
        at: event.data.fundedAt,
        notes: [{ purpose: 'escrow-funded', recipient: event.data.contractorId, key: 'escrow.funded' }],
      };
    case 'WorkMarkedComplete':
      return {
        jobId: event.data.jobId,
        at: event.data.completedAt,
        notes: [
          {
            purpose: `work-complete-${event.data.completedAt}`,
            recipient: event.data.customerId,
            key: 'escrow.completed',
            priority: 'high',
          },
        ],
      };
    case 'ChangesRequested':
      return {
        jobId: event.data.jobId,
        at: event.data.requestedAt,
        notes: [
          {
            purpose: `changes-${event.data.requestedAt}`,
            recipient: event.data.contractorId,
            key: 'escrow.changesRequested',
            priority: 'high',
          },
        ],
      };
    case 'EscrowReleased':
      return {
        jobId: event.data.jobId,
        at: event.data.releasedAt,
        notes: [
          {
            purpose: 'escrow-released',
            recipient: event.data.contractorId,
            key: event.data.trigger === 'auto-release' ? 'escrow.autoReleased' : 'escrow.released',
          },
        ],
      };
    case 'EscrowRefunded':
      return {
        jobId: event.data.jobId,
        at: event.data.refundedAt,
        notes: [{ purpose: 'escrow-refunded', recipient: event.data.customerId, key: 'escrow.refunded' }],
      };
    case 'PayoutSent':
      return {
        jobId: event.data.jobId,
        at: event.data.sentAt,
        notes: [
          {
            purpose: `payout-sent-${event.data.payoutId}`,
            recipient: event.data.recipientId,
            key: event.data.kind === 'refund' ? 'payout.refundSent' : 'payout.sent',
          },
        ],
      };
    default:
      return null;
  }
}

export const moneyNotifications: NotificationSource = {
  types: [
    'ContractGenerated',
    'ContractRevised',
    'ContractExecuted',
    'EscrowFundingFailed',
    'EscrowFunded',
    'WorkMarkedComplete',
    'ChangesRequested',
    'EscrowReleased',
    'EscrowRefunded',
    'PayoutSent',
  ],
  notificationsFor(event: RecordedEvent): NotificationDraft[] {
    const found = notes(
      asHandledEvent<ContractEvent | EscrowEvent | PayoutEvent>(event, {
        ...contractEventSchemas,
        ...escrowEventSchemas,
        ...payoutEventSchemas,
      }),
    );
    if (!found) return [];
    return found.notes.map((note) => ({
      notificationId: notificationIdFor(event.id, note.purpose, note.recipient),
      userId: note.recipient,
      type: note.type ?? 'booking_update',
      priority: note.priority ?? 'normal',
      titleKey: `${note.key}.title`,
      messageKey: `${note.key}.message`,
      values: {},
      actionUrl: contractActionUrl(found.jobId),
      bookingStartTime: null,
      createdAt: found.at,
    }));
  },
};
