import { serviceSubscriptionEventSchemas } from './events.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { draftMaker, type NotificationSource } from '../notifications/draft.ts';
import type { NotificationDraft } from '../notifications/types.ts';
import type { ServiceSubscriptionEvent } from './events.ts';
import { asHandledEvent } from '../../eventstore/typed.ts';

export const RECURRING_SERVICES_URL = '/subscriptions';
const agreementUrl = (subscriptionId: string) => `/contracts/${subscriptionId}`;

/**
 * Recurring services: a new subscription asks the contractor to sign its agreement (or decline);
 * its activation tells both; a decline, a pause, a resume, a skip and a cancellation tell the other
 * party; a visit the calendar refused tells both, with its start time. Booked visits are told by
 * the booking notifications (confirmation, the 24-hour reminder, reschedules), like any booking.
 */
export const recurringNotifications: NotificationSource = {
  types: [
    'ServiceSubscriptionRequested',
    'ServiceSubscriptionActivated',
    'ServiceSubscriptionDeclined',
    'RecurringVisitNotBooked',
    'RecurringVisitSkipped',
    'ServiceSubscriptionPaused',
    'ServiceSubscriptionResumed',
    'ServiceSubscriptionCancelled',
  ],
  notificationsFor(recorded: RecordedEvent): NotificationDraft[] {
    const event = asHandledEvent<ServiceSubscriptionEvent>(recorded, serviceSubscriptionEventSchemas);
    const note = draftMaker(recorded, RECURRING_SERVICES_URL);
    const d = event.data;
    const other = (actorId: string) => (actorId === d.customerId ? d.contractorId : d.customerId);
    switch (event.type) {
      case 'ServiceSubscriptionRequested':
        return [
          note(d.contractorId, 'recurring.requested', 'booking_request', 'high', event.data.requestedAt, {
            actionUrl: agreementUrl(d.subscriptionId),
          }),
        ];
      case 'ServiceSubscriptionActivated':
        return [d.customerId, d.contractorId].map((id) =>
          note(id, 'recurring.activated', 'booking_confirmation', 'normal', event.data.activatedAt),
        );
      case 'ServiceSubscriptionDeclined':
        return [note(d.customerId, 'recurring.declined', 'booking_update', 'normal', event.data.declinedAt)];
      case 'RecurringVisitNotBooked':
        return [d.customerId, d.contractorId].map((id) =>
          note(id, 'recurring.visitNotBooked', 'booking_update', 'high', event.data.at, {
            startsAt: event.data.startsAt,
          }),
        );
      case 'RecurringVisitSkipped':
        return [
          note(
            other(event.data.skippedBy),
            'recurring.visitSkipped',
            'schedule_change',
            'normal',
            event.data.skippedAt,
            {
              startsAt: event.data.startsAt,
            },
          ),
        ];
      case 'ServiceSubscriptionPaused':
        return [note(d.contractorId, 'recurring.paused', 'schedule_change', 'normal', event.data.pausedAt)];
      case 'ServiceSubscriptionResumed':
        return [note(d.contractorId, 'recurring.resumed', 'schedule_change', 'normal', event.data.resumedAt)];
      case 'ServiceSubscriptionCancelled':
        return [
          note(
            other(event.data.cancelledBy),
            'recurring.cancelled',
            'booking_cancellation',
            'normal',
            event.data.cancelledAt,
          ),
        ];
      default:
        return [];
    }
  },
};
