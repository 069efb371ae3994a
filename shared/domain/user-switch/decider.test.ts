import { describe, expect, it } from 'vitest';
import { ForbiddenError } from '../../errors.ts';
import { foldEvents } from '../decider.ts';
import { deciderSpec } from '../testing.ts';
import { SWITCH_USER_MESSAGES as M, userSwitchDecider, type SwitchUser } from './decider.ts';
import type { UserSwitchEvent } from './events.ts';

const now = new Date('2026-03-02T15:04:05.000Z');
const actorId = '0b7c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3';
const targetId = '1c8d2e3f-4051-4b6c-9d7e-8f90a1b2c3d4';

const command = (overrides: Partial<SwitchUser> = {}): SwitchUser => ({
  type: 'SwitchUser',
  actorId,
  actorRole: 'admin',
  targetId,
  targetRole: 'customer',
  targetIsDemoAccount: false,
  demoMode: false,
  now,
  ...overrides,
});

const switched = (mode: 'admin' | 'demo'): UserSwitchEvent => ({
  type: 'UserSwitched',
  data: { actorId, targetId, mode, switchedAt: now.toISOString() },
});

describe('user switch decider', () => {
  const spec = deciderSpec(userSwitchDecider);

  describe('outside demo mode', () => {
    it('records an administrator acting as anyone, with ids and the time only', () => {
      spec([])
        .when(command())
        .then([switched('admin')]);
      spec([switched('admin')])
        .when(command({ targetRole: 'admin' }))
        .then([switched('admin')]);
    });

    it('refuses customers and contractors, even into a demo account', () => {
      for (const actorRole of ['customer', 'contractor'] as const) {
        spec([])
          .when(command({ actorRole, targetIsDemoAccount: true }))
          .thenThrows(ForbiddenError, M.adminsOnly);
      }
    });
  });

  describe('in demo mode', () => {
    const demo = (overrides: Partial<SwitchUser> = {}) =>
      command({ demoMode: true, actorRole: 'customer', targetIsDemoAccount: true, ...overrides });

    it('lets anyone signed in switch into a seeded customer or contractor, recorded as a demo switch', () => {
      spec([])
        .when(demo())
        .then([switched('demo')]);
      spec([])
        .when(demo({ actorRole: 'contractor', targetRole: 'contractor' }))
        .then([switched('demo')]);
    });

    it('never switches into an account the seed did not create, whoever asks', () => {
      for (const actorRole of ['customer', 'contractor', 'admin'] as const) {
        spec([])
          .when(demo({ actorRole, targetIsDemoAccount: false }))
          .thenThrows(ForbiddenError, M.demoAccountsOnly);
      }
    });

    it('lets only an administrator become the demo administrator', () => {
      for (const actorRole of ['customer', 'contractor'] as const) {
        spec([])
          .when(demo({ actorRole, targetRole: 'admin' }))
          .thenThrows(ForbiddenError, M.adminTarget);
      }
      spec([])
        .when(demo({ actorRole: 'admin', targetRole: 'admin' }))
        .then([switched('demo')]);
    });
  });

  it('folds a history into the count and the last switch', () => {
    const later = { ...switched('admin'), data: { ...switched('admin').data, switchedAt: '2026-03-03T00:00:00.000Z' } };
    expect(foldEvents(userSwitchDecider, [switched('admin'), later])).toEqual({
      actorId,
      switches: 2,
      lastTargetId: targetId,
      lastSwitchedAt: '2026-03-03T00:00:00.000Z',
    });
  });
});
