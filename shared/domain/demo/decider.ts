import { demoAccountEventSchemas } from './events.ts';
import type { Decider } from '../decider.ts';
import type { DemoAccountEvent } from './events.ts';

export type DemoAccountsState = { accountIds: ReadonlySet<string> };

export type RecordDemoAccount = { type: 'RecordDemoAccount'; accountId: string; now: Date };
export type DemoAccountCommand = RecordDemoAccount;

export const demoAccountsDecider: Decider<DemoAccountsState, DemoAccountCommand, DemoAccountEvent> = {
  eventSchemas: demoAccountEventSchemas,
  initialState: () => ({ accountIds: new Set() }),
  evolve(state, event) {
    switch (event.type) {
      case 'DemoAccountSeeded':
        return { accountIds: new Set([...state.accountIds, event.data.accountId]) };
      default:
        return state;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'RecordDemoAccount':
        // Recording an account twice (a retried seed) changes nothing.
        if (state.accountIds.has(command.accountId)) return [];
        return [
          {
            type: 'DemoAccountSeeded',
            data: { accountId: command.accountId, seededAt: command.now.toISOString() },
          },
        ];
      default: {
        const unknown: never = command.type;
        throw new Error(`Unknown command ${String(unknown)}`);
      }
    }
  },
};
