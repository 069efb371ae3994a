import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { notificationsFor } from '../notifications/from-events.ts';
import { notificationTexts } from '../notifications/messages.ts';

const parties = {
  tradeId: '5b0c6a52-1f1e-4c1a-8a59-6d1f0a9e2b01',
  proposerId: '0a6d5f3e-3a21-4c40-9f63-2b7b8f1c9a01',
  recipientId: '9e3c1a7b-8d44-4f2e-b6a1-7c5d2e4f6a02',
};
const at = '2026-11-24T15:00:00.000Z';
const recorded = (type: string, data: Record<string, unknown>, id = '11111111-1111-4111-8111-111111111111') =>
  ({ id, type, data: { ...parties, ...data } }) as unknown as RecordedEvent;

describe('barter notifications', () => {
  it('tells the other side of each step, and both at completion, in English and French', () => {
    const terms = { proposerGives: 'Painting', proposerHours: 2, recipientHours: 2, message: null };
    const cases: [RecordedEvent, string[], string][] = [
      [
        recorded('BarterTradeProposed', { terms, offeringId: parties.tradeId, offeringTitle: 'x', proposedAt: at }),
        [parties.recipientId],
        'barter.proposed',
      ],
      [
        recorded('BarterTradeCountered', { counteredBy: parties.recipientId, terms, counteredAt: at }),
        [parties.proposerId],
        'barter.countered',
      ],
      [
        recorded('BarterTradeAccepted', { acceptedBy: parties.proposerId, terms, acceptedAt: at }),
        [parties.recipientId],
        'barter.accepted',
      ],
      [
        recorded('BarterTradeDeclined', { declinedBy: parties.recipientId, reason: null, declinedAt: at }),
        [parties.proposerId],
        'barter.declined',
      ],
      [
        recorded('BarterExchangeMarkedComplete', { markedBy: parties.recipientId, markedAt: at }),
        [parties.proposerId],
        'barter.marked',
      ],
      [
        recorded('BarterTradeCompleted', { completedAt: at }),
        [parties.proposerId, parties.recipientId],
        'barter.completed',
      ],
    ];
    for (const [event, recipients, key] of cases) {
      const drafts = notificationsFor(event);
      expect(drafts.map((d) => d.userId)).toEqual(recipients);
      for (const draft of drafts) {
        expect(draft).toMatchObject({ titleKey: `${key}.title`, actionUrl: '/platform#barter-trades', createdAt: at });
        for (const locale of ['en', 'fr'] as const) {
          expect(notificationTexts[locale][draft.titleKey]).toBeTruthy();
          expect(notificationTexts[locale][draft.messageKey]).toBeTruthy();
        }
      }
    }
  });

  it('is silent on the CASL record and reviews, and gives the same ids on a replay', () => {
    expect(notificationsFor(recorded('BarterRelationshipRecorded', { partyIds: [], basis: 'barter' }))).toEqual([]);
    expect(notificationsFor(recorded('BarterTradeReviewed', { reviewerId: parties.proposerId }))).toEqual([]);
    const event = recorded('BarterTradeCompleted', { completedAt: at });
    expect(notificationsFor(event).map((d) => d.notificationId)).toEqual(
      notificationsFor(event).map((d) => d.notificationId),
    );
  });
});
