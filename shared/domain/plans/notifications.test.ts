import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { notificationsFor } from '../notifications/from-events.ts';
import { renderNotificationText } from '../notifications/messages.ts';

const accountId = '7a2c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e6f';
const at = '2026-05-01T00:00:00.000Z';

function recorded(type: string, data: Record<string, unknown>): RecordedEvent {
  return {
    id: '1c7a1d1e-2f4e-4b7a-9b0e-1a2b3c4d5e70',
    streamId: `plan-${accountId}`,
    revision: 1n,
    type,
    data: { accountId, planId: 'local', ...data },
    metadata: {},
    position: { commit: 1n, prepare: 1n },
    recordedAt: new Date(at),
  };
}

const failed = (retryAt: string | null, attempt = 'renewal') =>
  recorded('PlanPaymentFailed', { attempt, code: 'card_declined', cardLast4: '0002', failedAt: at, retryAt });

describe('plan notifications', () => {
  it('tells the holder of a renewal, a declined renewal with its retry, and the end of the plan', () => {
    const renewed = notificationsFor(recorded('PlanRenewed', { period: 3, renewedAt: at }));
    expect(renewed).toEqual([
      expect.objectContaining({ userId: accountId, titleKey: 'plans.renewed.title', actionUrl: '/subscriptions' }),
    ]);
    expect(renderNotificationText(renewed[0]!.messageKey, renewed[0]!.values, 'fr')).toContain('période 3');

    const declined = notificationsFor(failed('2026-05-02T00:00:00.000Z'));
    expect(declined).toMatchObject([{ priority: 'high', messageKey: 'plans.renewalFailed.message' }]);
    expect(renderNotificationText(declined[0]!.messageKey, declined[0]!.values, 'en')).toContain('ending 0002');

    expect(notificationsFor(recorded('PlanEnded', { reason: 'payment-failed', endedAt: at }))).toMatchObject([
      { priority: 'high', titleKey: 'plans.endedUnpaid.title' },
    ]);
    expect(notificationsFor(recorded('PlanEnded', { reason: 'cancelled', endedAt: at }))).toMatchObject([
      { priority: 'normal', titleKey: 'plans.ended.title' },
    ]);
  });

  it('stays quiet for what the person just did, and for the last decline (the end tells it)', () => {
    expect(notificationsFor(failed(null))).toEqual([]);
    expect(notificationsFor(failed(null, 'purchase'))).toEqual([]);
    expect(notificationsFor(recorded('PlanCancellationScheduled', { endsAt: at, scheduledAt: at }))).toEqual([]);
    expect(notificationsFor(recorded('PlanPurchased', { purchasedAt: at }))).toEqual([]);
  });
});

describe('credential notifications', () => {
  const reviewed = (type: string, data: Record<string, unknown>): RecordedEvent => ({
    ...recorded(type, {}),
    streamId: `credentials-${accountId}`,
    data: { credentialId: 'c1', contractorId: accountId, kind: 'insured', reviewedBy: 'admin', ...data },
  });

  it('tells the contractor that the badge is up until its expiry, or that the document was rejected', () => {
    const approved = notificationsFor(reviewed('CredentialApproved', { expiresOn: '2027-06-30', approvedAt: at }));
    expect(approved).toMatchObject([{ userId: accountId, priority: 'normal', actionUrl: '/subscriptions' }]);
    expect(renderNotificationText(approved[0]!.messageKey, approved[0]!.values, 'en')).toContain('until 2027-06-30');
    expect(notificationsFor(reviewed('CredentialRejected', { reason: 'Blurry.', rejectedAt: at }))).toMatchObject([
      { priority: 'high', titleKey: 'credentials.rejected.title' },
    ]);
    expect(notificationsFor(reviewed('CredentialSubmitted', { submittedAt: at }))).toEqual([]);
  });
});
