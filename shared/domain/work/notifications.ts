import { workOrderEventSchemas } from './events.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { notificationIdFor, type NotificationSource } from '../notifications/draft.ts';
import type { NotificationDraft, NotificationPriority, NotificationType } from '../notifications/types.ts';
import type { WorkOrderEvent } from './events.ts';
import { workOrderPaths } from './paths.ts';
import { asHandledEvent } from '../../eventstore/typed.ts';

type Draft = {
  purpose: string;
  userId: string;
  type: NotificationType;
  priority: NotificationPriority;
  key: string;
  actionUrl: string;
  createdAt: string;
};

/**
 * Work-order notifications (their types: docs/product.md#notifications). Only the posting event carries the title, and the mapping
 * is pure, so the texts name no title (nor a stale one after an edit): the action URL leads to the
 * order. One notification per recipient per event; a bidder on a
 * cancelled order hears it from their own ProposalDeclined (reason order_cancelled), the picked or
 * awarded contractor from WorkOrderCancelled, so nobody is told twice.
 */
export const workNotifications: NotificationSource = {
  types: [
    'WorkOrderPosted',
    'ProposalSubmitted',
    'ProposalAccepted',
    'ProposalDeclined',
    'DirectRequestAccepted',
    'DirectRequestDeclined',
    'WorkOrderCancelled',
  ],
  notificationsFor(recorded: RecordedEvent): NotificationDraft[] {
    const event = asHandledEvent<WorkOrderEvent>(recorded, workOrderEventSchemas);
    const drafts: Draft[] = [];
    switch (event.type) {
      case 'WorkOrderPosted': {
        const o = event.data;
        // An urgent job is posted already awarded: its alert told the contractor.
        if (o.mode === 'direct' && o.directContractorId && !o.urgentAlertId) {
          drafts.push({
            purpose: 'direct-request',
            userId: o.directContractorId,
            type: 'booking_request',
            priority: 'high',
            key: 'work.directRequest',
            actionUrl: workOrderPaths.order(o.workOrderId),
            createdAt: o.postedAt,
          });
        }
        break;
      }
      case 'ProposalSubmitted':
        drafts.push({
          purpose: 'proposal-submitted',
          userId: event.data.customerId,
          type: 'booking_update',
          priority: 'normal',
          key: 'work.proposalSubmitted',
          actionUrl: workOrderPaths.proposals(event.data.workOrderId),
          createdAt: event.data.submittedAt,
        });
        break;
      case 'ProposalAccepted':
        drafts.push({
          purpose: 'proposal-accepted',
          userId: event.data.contractorId,
          type: 'booking_confirmation',
          priority: 'high',
          key: 'work.proposalAccepted',
          actionUrl: workOrderPaths.order(event.data.workOrderId),
          createdAt: event.data.acceptedAt,
        });
        break;
      case 'ProposalDeclined': {
        const cancelled = event.data.reason === 'order_cancelled';
        drafts.push({
          purpose: 'proposal-declined',
          userId: event.data.contractorId,
          type: cancelled ? 'booking_cancellation' : 'booking_update',
          priority: cancelled ? 'normal' : 'low',
          key: cancelled ? 'work.orderCancelled' : 'work.proposalDeclined',
          actionUrl: workOrderPaths.myProposals,
          createdAt: event.data.declinedAt,
        });
        break;
      }
      case 'DirectRequestAccepted':
        drafts.push({
          purpose: 'direct-accepted',
          userId: event.data.customerId,
          type: 'booking_confirmation',
          priority: 'high',
          key: 'work.directAccepted',
          actionUrl: workOrderPaths.order(event.data.workOrderId),
          createdAt: event.data.acceptedAt,
        });
        break;
      case 'DirectRequestDeclined':
        drafts.push({
          purpose: 'direct-declined',
          userId: event.data.customerId,
          type: 'booking_update',
          priority: 'normal',
          key: 'work.directDeclined',
          actionUrl: workOrderPaths.order(event.data.workOrderId),
          createdAt: event.data.declinedAt,
        });
        break;
      case 'WorkOrderCancelled':
        if (event.data.contractorId) {
          drafts.push({
            purpose: 'order-cancelled',
            userId: event.data.contractorId,
            type: 'booking_cancellation',
            priority: 'normal',
            key: 'work.orderCancelled',
            actionUrl: workOrderPaths.order(event.data.workOrderId),
            createdAt: event.data.cancelledAt,
          });
        }
        break;
    }
    return drafts.map((draft) => ({
      notificationId: notificationIdFor(recorded.id, draft.purpose, draft.userId),
      userId: draft.userId,
      type: draft.type,
      priority: draft.priority,
      titleKey: `${draft.key}.title`,
      messageKey: `${draft.key}.message`,
      values: {},
      actionUrl: draft.actionUrl,
      bookingStartTime: null,
      createdAt: draft.createdAt,
    }));
  },
};
