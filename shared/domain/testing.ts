import { expect } from 'vitest';
import type { Decider, DomainEvent } from './decider.ts';

/**
 * Given/when/then for deciders: `spec(given).when(command).then(events)` or `.thenThrows(...)`.
 */
export function deciderSpec<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>) {
  return (given: readonly Event[]) => ({
    when: (command: Command) => {
      const run = () => decider.decide(command, given.reduce(decider.evolve, decider.initialState()));
      return {
        then: (expected: readonly Event[]) => expect(run()).toEqual(expected),
        thenThrows: (errorClass: abstract new (...args: never[]) => Error, message?: string | RegExp) => {
          let thrown: unknown;
          try {
            run();
          } catch (error) {
            thrown = error;
          }
          expect(thrown, 'the decider should have thrown').toBeInstanceOf(errorClass);
          if (message !== undefined) expect((thrown as Error).message).toMatch(message);
        },
      };
    },
  });
}
