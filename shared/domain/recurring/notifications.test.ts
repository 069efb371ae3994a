import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { notificationsFor } from '../notifications/from-events.ts';
import { renderNotificationText } from '../notifications/messages.ts';

const subscriptionId = '5b0c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e01';
const customerId = '5b0c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e02';
const contractorId = '5b0c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e03';
const at = '2026-11-02T15:00:00.000Z';
const startsAt = '2026-11-13T14:00:00.000Z';

function recorded(type: string, data: Record<string, unknown>): RecordedEvent {
  return {
    id: '5b0c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5eff',
    streamId: `service-subscription-${subscriptionId}`,
    revision: 1n,
    type,
    data: { subscriptionId, customerId, contractorId, ...data },
    metadata: {},
    position: { commit: 1n, prepare: 1n },
    recordedAt: new Date(at),
  };
}
const recipients = (event: RecordedEvent) => notificationsFor(event).map((n) => n.userId);

describe('recurring service notifications', () => {
  it('asks the contractor to sign a new subscription’s agreement, on its contract page', () => {
    const [note] = notificationsFor(recorded('ServiceSubscriptionRequested', { requestedAt: at }));
    expect(note).toMatchObject({
      userId: contractorId,
      priority: 'high',
      type: 'booking_request',
      actionUrl: `/contracts/${subscriptionId}`,
    });
    expect(renderNotificationText(note!.messageKey, note!.values, 'fr')).toContain('Signez l’entente');
  });

  it('tells both of an activation and of a refused visit (with its start), the other party of the rest', () => {
    expect(recipients(recorded('ServiceSubscriptionActivated', { activatedAt: at }))).toEqual([
      customerId,
      contractorId,
    ]);
    const refused = notificationsFor(recorded('RecurringVisitNotBooked', { visitIndex: 1, startsAt, reason: 'x', at }));
    expect(refused.map((n) => [n.userId, n.bookingStartTime])).toEqual([
      [customerId, startsAt],
      [contractorId, startsAt],
    ]);
    expect(recipients(recorded('RecurringVisitSkipped', { skippedBy: customerId, startsAt, skippedAt: at }))).toEqual([
      contractorId,
    ]);
    expect(recipients(recorded('RecurringVisitSkipped', { skippedBy: contractorId, startsAt, skippedAt: at }))).toEqual(
      [customerId],
    );
    expect(recipients(recorded('ServiceSubscriptionPaused', { pausedBy: customerId, pausedAt: at }))).toEqual([
      contractorId,
    ]);
    expect(
      recipients(recorded('ServiceSubscriptionCancelled', { cancelledBy: contractorId, cancelledAt: at })),
    ).toEqual([customerId]);
    expect(recipients(recorded('ServiceSubscriptionDeclined', { declinedAt: at }))).toEqual([customerId]);
    // A visit booked is told by the booking's own notifications, not here.
    expect(notificationsFor(recorded('RecurringVisitBooked', { visitIndex: 0, bookingId: 'b', startsAt }))).toEqual([]);
  });

  it('keeps the contract and escrow notifications silent for a visit, except a declined automatic charge', () => {
    const visitContract = {
      id: '5b0c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e99',
      streamId: 'contract-x',
      revision: 0n,
      metadata: {},
      position: { commit: 2n, prepare: 2n },
      recordedAt: new Date(at),
    };
    expect(
      notificationsFor({
        ...visitContract,
        type: 'ContractExecuted',
        data: { jobId: 'x', version: 1, textHash: 'h', customerId, contractorId, executedAt: at, underAgreement: 's' },
      }),
    ).toEqual([]);
    const base = { jobId: 'x', customerId, code: 'card_declined', cardLast4: '0002', failedAt: at };
    expect(notificationsFor({ ...visitContract, type: 'EscrowFundingFailed', data: base })).toEqual([]);
    expect(
      notificationsFor({ ...visitContract, type: 'EscrowFundingFailed', data: { ...base, automatic: true } }),
    ).toMatchObject([{ userId: customerId, priority: 'high', titleKey: 'escrow.visitPaymentFailed.title' }]);
  });
});
