import { scheduleEventSchemas } from './events.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { notificationIdFor, type NotificationSource } from '../notifications/draft.ts';
import type { NotificationDraft, NotificationPriority, NotificationType } from '../notifications/types.ts';
import type { ScheduleEvent } from './events.ts';
import { asHandledEvent } from '../../eventstore/typed.ts';

/** Where a notification about a booking leads: the booking's page, for both parties. */
export const bookingActionUrl = (bookingId: string) => `/bookings/${bookingId}`;

type Note = {
  purpose: string;
  recipient: string;
  type: NotificationType;
  /** Message key prefix in notifications/messages.ts (`<key>.title`, `<key>.message`). */
  key: string;
  priority?: NotificationPriority;
};

/**
 * Scheduling (docs/product.md#notifications): a request tells the contractor (high priority); a confirmation, a
 * decline and a completion tell the customer; a reschedule and a cancellation tell the other party
 * (`schedule_change`, `booking_cancellation`); a reminder tells both. Each carries the booking's
 * start time, which the notification list shows in the reader's zone. Events recorded before the
 * decline/cancel/complete events carried `startsAt` give no start time (null).
 */
function notes(event: ScheduleEvent): { bookingId: string; startsAt: string | null; at: string; notes: Note[] } | null {
  switch (event.type) {
    case 'BookingRequested': {
      const b = event.data;
      // The contractor booked it themselves, accepting a time the customer proposed: nothing to tell them.
      if (b.proposalId) return null;
      return {
        bookingId: b.bookingId,
        startsAt: b.startsAt,
        at: b.requestedAt,
        notes: [
          // A recurring service's visit is already agreed: the contractor is told it is on the calendar.
          b.recurring
            ? {
                purpose: 'booking-request',
                recipient: b.contractorId,
                type: 'booking_confirmation',
                key: 'booking.recurringVisit',
              }
            : {
                purpose: 'booking-request',
                recipient: b.contractorId,
                type: 'booking_request',
                key: 'booking.requested',
                priority: 'high',
              },
        ],
      };
    }
    case 'BookingConfirmed': {
      const b = event.data;
      return {
        bookingId: b.bookingId,
        startsAt: b.startsAt,
        at: b.confirmedAt,
        notes: [
          {
            purpose: 'booking-confirmed',
            recipient: b.customerId,
            type: 'booking_confirmation',
            key: b.proposalId ? 'booking.proposedTimeAccepted' : 'booking.confirmed',
          },
        ],
      };
    }
    case 'BookingDeclined': {
      const b = event.data;
      return {
        bookingId: b.bookingId,
        startsAt: b.startsAt ?? null,
        at: b.declinedAt,
        notes: [
          { purpose: 'booking-declined', recipient: b.customerId, type: 'booking_update', key: 'booking.declined' },
        ],
      };
    }
    case 'BookingRescheduled': {
      const b = event.data;
      const byCustomer = b.rescheduledBy === b.customerId;
      return {
        bookingId: b.bookingId,
        startsAt: b.startsAt,
        at: b.rescheduledAt,
        notes: [
          {
            purpose: 'booking-rescheduled',
            recipient: byCustomer ? b.contractorId : b.customerId,
            type: 'schedule_change',
            key: byCustomer ? 'booking.rescheduledByCustomer' : 'booking.rescheduledByContractor',
            // The contractor has to confirm the customer's new time.
            priority: byCustomer ? 'high' : 'normal',
          },
        ],
      };
    }
    case 'BookingCancelled': {
      const b = event.data;
      const byCustomer = b.cancelledBy === b.customerId;
      return {
        bookingId: b.bookingId,
        startsAt: b.startsAt ?? null,
        at: b.cancelledAt,
        notes: [
          {
            purpose: 'booking-cancelled',
            recipient: byCustomer ? b.contractorId : b.customerId,
            type: 'booking_cancellation',
            key: byCustomer
              ? b.lateFeeCents > 0
                ? 'booking.cancelledByCustomerLate'
                : 'booking.cancelledByCustomer'
              : 'booking.cancelledByContractor',
          },
        ],
      };
    }
    case 'BookingReminderSent': {
      const b = event.data;
      return {
        bookingId: b.bookingId,
        startsAt: b.startsAt,
        at: b.remindedAt,
        notes: [
          { purpose: 'booking-reminder', recipient: b.customerId, type: 'reminder', key: 'booking.reminderCustomer' },
          {
            purpose: 'booking-reminder',
            recipient: b.contractorId,
            type: 'reminder',
            key: 'booking.reminderContractor',
          },
        ],
      };
    }
    case 'BookingCompleted': {
      const b = event.data;
      return {
        bookingId: b.bookingId,
        startsAt: b.startsAt ?? null,
        at: b.completedAt,
        notes: [
          { purpose: 'booking-completed', recipient: b.customerId, type: 'booking_update', key: 'booking.completed' },
        ],
      };
    }
    default:
      return null;
  }
}

export const bookingNotifications: NotificationSource = {
  types: [
    'BookingRequested',
    'BookingConfirmed',
    'BookingDeclined',
    'BookingRescheduled',
    'BookingCancelled',
    'BookingReminderSent',
    'BookingCompleted',
  ],
  notificationsFor(event: RecordedEvent): NotificationDraft[] {
    const found = notes(asHandledEvent<ScheduleEvent>(event, scheduleEventSchemas));
    if (!found) return [];
    return found.notes.map((note) => ({
      notificationId: notificationIdFor(event.id, note.purpose, note.recipient),
      userId: note.recipient,
      type: note.type,
      priority: note.priority ?? 'normal',
      titleKey: `${note.key}.title`,
      messageKey: `${note.key}.message`,
      values: {},
      actionUrl: bookingActionUrl(found.bookingId),
      bookingStartTime: found.startsAt,
      createdAt: found.at,
    }));
  },
};
