import { describe, expect, it } from 'vitest';
import { ConflictError, ValidationError } from '../../errors.ts';
import { notificationsFor } from '../notifications/from-events.ts';
import { notificationTexts } from '../notifications/messages.ts';
import { deciderSpec } from '../testing.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import {
  timeProposalDecider,
  TIME_PROPOSAL_MESSAGES as M,
  type ProposeTimes,
  type TimesProposed,
} from './time-proposals.ts';

const now = new Date('2026-03-02T12:00:00.000Z');
const HOUR = 3_600_000;
const ids = {
  proposalId: 'c0000000-8f4e-4b7a-9b0e-1a2b3c4d5e01',
  workOrderId: 'a0000000-8f4e-4b7a-9b0e-1a2b3c4d5e01',
  customerId: '0c1c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e02',
  contractorId: '0c1c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e01',
  messageId: 'd0000000-8f4e-4b7a-9b0e-1a2b3c4d5e01',
};
const inHours = (hours: number) => new Date(now.getTime() + hours * HOUR).toISOString();
const command = (overrides: Partial<ProposeTimes> = {}): ProposeTimes => ({
  type: 'ProposeTimes',
  ...ids,
  contractorHasHours: false,
  times: [inHours(48), inHours(24)],
  now,
  ...overrides,
});
const proposed: TimesProposed = {
  type: 'TimesProposed',
  data: { ...ids, times: [inHours(24), inHours(48)], proposedAt: now.toISOString() },
};

const spec = deciderSpec(timeProposalDecider);

describe('time proposals decider', () => {
  it('records ids and the times, earliest first', () => {
    spec([]).when(command()).then([proposed]);
  });

  it('refuses when the contractor has hours (the customer books a slot instead)', () => {
    spec([])
      .when(command({ contractorHasHours: true }))
      .thenThrows(ConflictError, M.hasHours);
  });

  it('refuses no time, more than three, or the same time twice', () => {
    for (const times of [[], [inHours(2), inHours(3), inHours(4), inHours(5)], [inHours(2), inHours(2)]]) {
      spec([]).when(command({ times })).thenThrows(ValidationError, M.times);
    }
  });

  it('refuses times less than an hour or more than 180 days ahead', () => {
    spec([])
      .when(command({ times: [inHours(0.5)] }))
      .thenThrows(ValidationError, M.tooSoon);
    spec([])
      .when(command({ times: [inHours(181 * 24)] }))
      .thenThrows(ValidationError, M.tooFarAhead);
  });

  it('refuses a second proposal with the same id', () => {
    spec([proposed]).when(command()).thenThrows(ConflictError, M.exists);
  });

  it('tells the contractor, in both languages, linking to the job’s page where the times can be accepted', () => {
    const recorded = { ...proposed, id: 'e0000000-8f4e-4b7a-9b0e-1a2b3c4d5e01' } as unknown as RecordedEvent;
    const [draft, ...rest] = notificationsFor(recorded);
    expect(rest).toEqual([]);
    expect(draft).toMatchObject({
      userId: ids.contractorId,
      type: 'booking_request',
      priority: 'high',
      actionUrl: `/projects/${ids.workOrderId}`,
      bookingStartTime: inHours(24),
      values: { count: 2 },
    });
    for (const locale of ['en', 'fr'] as const) {
      expect(notificationTexts[locale][draft!.titleKey]).toBeTruthy();
      expect(notificationTexts[locale][draft!.messageKey]).toContain('{count}');
    }
  });
});
