import { describe, expect, it } from 'vitest';
// from-events first: it owns the list of sources, booking/notifications.ts is one of them.
import { NOTIFYING_EVENT_TYPES, notificationsFor } from '../notifications/from-events.ts';
import { renderNotificationText } from '../notifications/messages.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import type { ScheduleEvent } from './events.ts';

const contractorId = '0c1c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e01';
const customerId = '0c1c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e02';
const bookingId = 'b0000000-8f4e-4b7a-9b0e-1a2b3c4d5e01';
const startsAt = '2026-03-03T15:00:00.000Z';
const at = '2026-03-01T10:00:00.000Z';

function recorded(event: ScheduleEvent, id = '0b7a1d1e-2f4e-4b7a-9b0e-1a2b3c4d5e70'): RecordedEvent {
  return {
    id,
    streamId: `schedule-${contractorId}`,
    revision: 1n,
    type: event.type,
    data: event.data,
    metadata: {},
    position: { commit: 1n, prepare: 1n },
    recordedAt: new Date(at),
  };
}

const parties = { bookingId, contractorId, customerId };

const summary = (event: ScheduleEvent) =>
  notificationsFor(recorded(event)).map((n) => ({
    to: n.userId === contractorId ? 'contractor' : n.userId === customerId ? 'customer' : n.userId,
    type: n.type,
    priority: n.priority,
    title: renderNotificationText(n.titleKey, n.values, 'en'),
    start: n.bookingStartTime,
    url: n.actionUrl,
  }));

describe('booking notifications', () => {
  it('tells the contractor of a request, high priority, with the start time', () => {
    expect(
      summary({
        type: 'BookingRequested',
        data: {
          ...parties,
          startsAt,
          endsAt: '2026-03-03T16:00:00.000Z',
          timeZone: 'America/Toronto',
          customerTimeZone: 'America/Toronto',
          workOrderId: null,
          offeringId: null,
          priceCents: null,
          note: null,
          requestedAt: at,
        },
      }),
    ).toEqual([
      {
        to: 'contractor',
        type: 'booking_request',
        priority: 'high',
        title: 'New booking request',
        start: startsAt,
        url: `/bookings/${bookingId}`,
      },
    ]);
  });

  it('tells the customer of a confirmation, a decline and a completion', () => {
    expect(summary({ type: 'BookingConfirmed', data: { ...parties, startsAt, confirmedAt: at } })).toMatchObject([
      { to: 'customer', type: 'booking_confirmation', title: 'Booking confirmed', start: startsAt },
    ]);
    expect(
      summary({ type: 'BookingDeclined', data: { ...parties, reason: null, declinedAt: at, startsAt } }),
    ).toMatchObject([{ to: 'customer', type: 'booking_update', title: 'Booking declined', start: startsAt }]);
    expect(
      summary({
        type: 'BookingCompleted',
        data: { ...parties, workOrderId: null, completedBy: contractorId, completedAt: at, startsAt },
      }),
    ).toMatchObject([{ to: 'customer', type: 'booking_update', title: 'Job completed', start: startsAt }]);
  });

  it('tells the other party of a reschedule', () => {
    const moved = (by: string): ScheduleEvent => ({
      type: 'BookingRescheduled',
      data: {
        ...parties,
        previousStartsAt: startsAt,
        startsAt: '2026-03-04T15:00:00.000Z',
        endsAt: '2026-03-04T16:00:00.000Z',
        rescheduledBy: by,
        needsConfirmation: by === customerId,
        rescheduledAt: at,
      },
    });
    expect(summary(moved(customerId))).toMatchObject([
      { to: 'contractor', type: 'schedule_change', priority: 'high', start: '2026-03-04T15:00:00.000Z' },
    ]);
    expect(summary(moved(contractorId))).toMatchObject([
      { to: 'customer', type: 'schedule_change', priority: 'normal', start: '2026-03-04T15:00:00.000Z' },
    ]);
  });

  it('tells the other party of a cancellation, saying when the late fee applies', () => {
    const cancelled = (by: string, lateFeeCents: number): ScheduleEvent => ({
      type: 'BookingCancelled',
      data: { ...parties, cancelledBy: by, lateFeeCents, reason: null, cancelledAt: at, startsAt },
    });
    expect(summary(cancelled(customerId, 0))).toMatchObject([
      { to: 'contractor', type: 'booking_cancellation', title: 'Booking cancelled' },
    ]);
    expect(summary(cancelled(customerId, 2_000))).toMatchObject([
      { to: 'contractor', type: 'booking_cancellation', title: 'Booking cancelled late' },
    ]);
    expect(summary(cancelled(contractorId, 0))).toMatchObject([
      { to: 'customer', type: 'booking_cancellation', title: 'Booking cancelled' },
    ]);
  });

  it('reminds both parties, each with their own notification id', () => {
    const drafts = notificationsFor(
      recorded({ type: 'BookingReminderSent', data: { ...parties, startsAt, remindedAt: at } }),
    );
    expect(drafts.map((d) => [d.userId, d.type, d.bookingStartTime])).toEqual([
      [customerId, 'reminder', startsAt],
      [contractorId, 'reminder', startsAt],
    ]);
    expect(new Set(drafts.map((d) => d.notificationId)).size).toBe(2);
  });

  it('has both languages for every booking text, and the projection handles every booking event', () => {
    for (const type of ['BookingRequested', 'BookingCancelled', 'BookingReminderSent', 'BookingCompleted']) {
      expect(NOTIFYING_EVENT_TYPES).toContain(type);
    }
    const fr = renderNotificationText('booking.confirmed.title', {}, 'fr');
    expect(fr).toBe('Réservation confirmée');
  });

  it('notifies nobody of availability changes', () => {
    expect(
      notificationsFor(
        recorded({
          type: 'AvailabilitySet',
          data: { contractorId, timeZone: 'America/Toronto', weekly: [], slotMinutes: 60, setAt: at },
        }),
      ),
    ).toEqual([]);
  });
});
