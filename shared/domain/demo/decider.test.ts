import { describe, expect, it } from 'vitest';
import { foldEvents } from '../decider.ts';
import { deciderSpec } from '../testing.ts';
import { demoAccountsDecider } from './decider.ts';
import type { DemoAccountEvent } from './events.ts';

const now = new Date('2026-03-02T15:04:05.000Z');
const first = '0b7c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3';
const second = '1c8d2e3f-4051-4b6c-9d7e-8f90a1b2c3d4';
const seeded = (accountId: string): DemoAccountEvent => ({
  type: 'DemoAccountSeeded',
  data: { accountId, seededAt: now.toISOString() },
});

describe('demo accounts decider', () => {
  const spec = deciderSpec(demoAccountsDecider);

  it('records a seeded account once; recording it again appends nothing', () => {
    spec([])
      .when({ type: 'RecordDemoAccount', accountId: first, now })
      .then([seeded(first)]);
    spec([seeded(first)])
      .when({ type: 'RecordDemoAccount', accountId: first, now })
      .then([]);
    spec([seeded(first)])
      .when({ type: 'RecordDemoAccount', accountId: second, now })
      .then([seeded(second)]);
  });

  it('knows every recorded account', () => {
    const state = foldEvents(demoAccountsDecider, [seeded(first), seeded(second)]);
    expect([...state.accountIds].sort()).toEqual([first, second].sort());
  });
});
