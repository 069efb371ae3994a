import { userSwitchEventSchemas } from './events.ts';
import { ForbiddenError } from '../../errors.ts';
import type { Role } from '../accounts/events.ts';
import type { Decider } from '../decider.ts';
import type { SwitchMode, UserSwitchEvent } from './events.ts';

export const SWITCH_USER_MESSAGES = {
  adminsOnly: 'Only administrators can switch user.',
  demoAccountsOnly: 'In demo mode you can only switch to one of the demo accounts.',
  adminTarget: 'Only administrators can switch to an administrator account.',
} as const;

/** An acting account's switches so far (what an auditor's replay folds to). */
export type UserSwitchState = {
  actorId: string | null;
  switches: number;
  lastTargetId: string | null;
  lastSwitchedAt: string | null;
};

export type SwitchUser = {
  type: 'SwitchUser';
  actorId: string;
  actorRole: Role;
  targetId: string;
  targetRole: Role;
  /** Whether the demo seed created the target account (looked up by the handler). */
  targetIsDemoAccount: boolean;
  /** DEMO_MODE: the configuration the switch is made under. */
  demoMode: boolean;
  now: Date;
};

export type UserSwitchCommand = SwitchUser;

/**
 * Outside demo mode switching is the administrators' support tool. In demo mode anyone signed in may
 * try the seeded demo accounts, but never a real member's account (whoever asks: the demo admin's
 * password is published), and only an administrator may become the demo administrator.
 */
export function switchUser(command: SwitchUser): UserSwitchEvent[] {
  const M = SWITCH_USER_MESSAGES;
  let mode: SwitchMode;
  if (command.demoMode) {
    if (!command.targetIsDemoAccount) throw new ForbiddenError(M.demoAccountsOnly);
    if (command.targetRole === 'admin' && command.actorRole !== 'admin') throw new ForbiddenError(M.adminTarget);
    mode = 'demo';
  } else {
    if (command.actorRole !== 'admin') throw new ForbiddenError(M.adminsOnly);
    mode = 'admin';
  }
  return [
    {
      type: 'UserSwitched',
      data: {
        actorId: command.actorId,
        targetId: command.targetId,
        mode,
        switchedAt: command.now.toISOString(),
      },
    },
  ];
}

export const userSwitchDecider: Decider<UserSwitchState, UserSwitchCommand, UserSwitchEvent> = {
  eventSchemas: userSwitchEventSchemas,
  initialState: () => ({ actorId: null, switches: 0, lastTargetId: null, lastSwitchedAt: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'UserSwitched':
        return {
          actorId: event.data.actorId,
          switches: state.switches + 1,
          lastTargetId: event.data.targetId,
          lastSwitchedAt: event.data.switchedAt,
        };
      default:
        return state;
    }
  },
  decide(command) {
    switch (command.type) {
      case 'SwitchUser':
        return switchUser(command);
      default: {
        const unknown: never = command.type;
        throw new Error(`Unknown command ${String(unknown)}`);
      }
    }
  },
};
