import { describe, it } from 'vitest';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { deciderSpec } from '../testing.ts';
import { legalCopyDecider } from './decider.ts';
import { LEGAL_COPY_MESSAGES as M } from './messages.ts';

const now = new Date('2026-11-22T12:00:00.000Z');
const jobId = 'a0000000-0000-4000-8000-000000000003';
const adminId = 'a0000000-0000-4000-8000-0000000000ad';
const copyIds = ['c0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000002'];

const read = (overrides: Record<string, unknown> = {}) => ({
  type: 'RecordLegalCopyRead' as const,
  jobId,
  copyIds,
  adminId,
  reason: '  CRA audit request 2026-114  ',
  now,
  ...overrides,
});

const recorded = {
  type: 'LegalCopyRead' as const,
  data: { jobId, copyIds, readBy: adminId, reason: 'CRA audit request 2026-114', readAt: now.toISOString() },
};

describe('legal copy decider', () => {
  const spec = deciderSpec(legalCopyDecider);

  it('records who read which copies, when and why (the reason trimmed)', () => {
    spec([]).when(read()).then([recorded]);
  });

  it('records every reading, also a second one', () => {
    spec([recorded]).when(read()).then([recorded]);
  });

  it.each([
    ['no reason', ''],
    ['a blank reason', '          '],
    ['a reason of 9 characters', 'too short'],
    ['a reason of 501 characters', 'r'.repeat(501)],
  ])('refuses %s (400)', (_label, reason) => {
    spec([]).when(read({ reason })).thenThrows(ValidationError, M.reason);
  });

  it('accepts a reason of 10 and of 500 characters, counted in characters', () => {
    spec([])
      .when(read({ reason: 'é'.repeat(10) }))
      .then([{ ...recorded, data: { ...recorded.data, reason: 'é'.repeat(10) } }]);
    spec([])
      .when(read({ reason: 'r'.repeat(500) }))
      .then([{ ...recorded, data: { ...recorded.data, reason: 'r'.repeat(500) } }]);
  });

  it('refuses a reading of nothing (404)', () => {
    spec([])
      .when(read({ copyIds: [] }))
      .thenThrows(NotFoundError, M.notFound);
  });
});
