import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { notificationsFor } from '../notifications/from-events.ts';
import { notificationTexts } from '../notifications/messages.ts';

const customer = '11111111-1111-4111-8111-111111111111';
const contractor = '22222222-2222-4222-8222-222222222222';
const jobId = '33333333-3333-4333-8333-333333333333';

function recorded(type: string, data: object, id = `${type}-event`): RecordedEvent {
  return {
    id,
    type,
    data,
    metadata: {},
    streamId: `x-${jobId}`,
    revision: 0n,
    position: { commit: 1n, prepare: 1n },
  } as unknown as RecordedEvent;
}

const who = (drafts: ReturnType<typeof notificationsFor>) => drafts.map((d) => [d.userId, d.titleKey]);

describe('money notifications', () => {
  it('tell the party who acts next, and lead to the contract page', () => {
    const terms = { jobId, customer: { userId: customer }, contractor: { userId: contractor } };
    expect(
      who(notificationsFor(recorded('ContractGenerated', { terms, generatedAt: '2026-01-01T00:00:00Z' }))),
    ).toEqual([
      [customer, 'contract.ready.title'],
      [contractor, 'contract.ready.title'],
    ]);
    expect(
      who(
        notificationsFor(
          recorded('ContractRevised', { terms, revisedBy: contractor, version: 2, revisedAt: '2026-01-01T00:00:00Z' }),
        ),
      ),
    ).toEqual([[customer, 'contract.revised.title']]);
    const executed = notificationsFor(
      recorded('ContractExecuted', {
        jobId,
        customerId: customer,
        contractorId: contractor,
        executedAt: '2026-01-01T00:00:00Z',
      }),
    );
    expect(who(executed)).toEqual([
      [customer, 'contract.executedCustomer.title'],
      [contractor, 'contract.executedContractor.title'],
    ]);
    expect(executed[0]!.actionUrl).toBe(`/contracts/${jobId}`);
    const parties = { jobId, customerId: customer, contractorId: contractor };
    expect(who(notificationsFor(recorded('EscrowFunded', { ...parties, fundedAt: 'x' })))).toEqual([
      [contractor, 'escrow.funded.title'],
    ]);
    expect(who(notificationsFor(recorded('WorkMarkedComplete', { ...parties, completedAt: 'x' })))).toEqual([
      [customer, 'escrow.completed.title'],
    ]);
    expect(who(notificationsFor(recorded('ChangesRequested', { ...parties, requestedAt: 'x' })))).toEqual([
      [contractor, 'escrow.changesRequested.title'],
    ]);
    expect(
      who(notificationsFor(recorded('EscrowReleased', { ...parties, trigger: 'auto-release', releasedAt: 'x' }))),
    ).toEqual([[contractor, 'escrow.autoReleased.title']]);
    expect(who(notificationsFor(recorded('EscrowRefunded', { ...parties, refundedAt: 'x' })))).toEqual([
      [customer, 'escrow.refunded.title'],
    ]);
    expect(
      who(
        notificationsFor(
          recorded('PayoutSent', { jobId, payoutId: 'p', kind: 'refund', recipientId: customer, sentAt: 'x' }),
        ),
      ),
    ).toEqual([[customer, 'payout.refundSent.title']]);
    expect(notificationsFor(recorded('EscrowFundingFailed', { ...parties }))).toEqual([]);
  });

  it('have their texts in both languages', () => {
    const keys = [
      'contract.ready',
      'contract.revised',
      'contract.executedCustomer',
      'contract.executedContractor',
      'escrow.funded',
      'escrow.completed',
      'escrow.changesRequested',
      'escrow.released',
      'escrow.autoReleased',
      'escrow.refunded',
      'payout.sent',
      'payout.refundSent',
    ];
    for (const locale of ['en', 'fr'] as const) {
      for (const key of keys) {
        expect(notificationTexts[locale][`${key}.title`], `${locale} ${key}.title`).toBeTruthy();
        expect(notificationTexts[locale][`${key}.message`], `${locale} ${key}.message`).toBeTruthy();
      }
    }
  });
});
