import { readEvents } from '../eventstore/typed.ts';
import type { EventSchemas } from './event-schema.ts';
import { WrongExpectedVersionError, type EventStore, type Position } from '../eventstore/types.ts';

/** A domain event as the deciders see it: a type and its data. */
export type DomainEvent<Type extends string = string, Data = unknown> = { type: Type; data: Data };

/** Pure: no clock, no ids, no I/O. Time, ids and prices arrive in the command. */
export type Decider<State, Command, Event extends DomainEvent> = {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
  /** The schemas of `Event`, keyed by type: what its stream is checked against when read. */
  eventSchemas: EventSchemas<Event>;
};

export type CommandContext = {
  actorId: string | null;
  correlationId: string;
  causationId?: string;
  now: Date;
};

export type CommandResult<State, Event> = {
  newEvents: Event[];
  newState: State;
  nextExpectedRevision: bigint | null;
  /** Global position of the last appended event; null when the command changed nothing. */
  position: Position | null;
};

export function foldEvents<State, Event extends DomainEvent>(
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}

/**
 * The command loop: read the stream, fold `evolve`, `decide`, append with the revision read.
 * A concurrent writer makes the append conflict; the loop then decides again on the fresh state,
 * unless the caller pinned a revision (then the conflict is theirs to see, as a 409).
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command | ((state: State) => Command | Promise<Command>),
  context: CommandContext,
  options: { expectedRevision?: bigint; retries?: number } = {},
): Promise<CommandResult<State, Event>> {
  const retries = options.expectedRevision === undefined ? (options.retries ?? 3) : 0;
  for (let attempt = 0; ; attempt++) {
    const recorded = await readEvents<Event>(store, streamId, decider.eventSchemas);
    const state = foldEvents(decider, recorded);
    const current = recorded.length > 0 ? recorded[recorded.length - 1]!.revision : null;
    if (options.expectedRevision !== undefined && options.expectedRevision !== current) {
      throw new WrongExpectedVersionError(streamId, options.expectedRevision, current ?? 'no_stream');
    }
    const resolved = typeof command === 'function' ? await (command as (s: State) => Command)(state) : command;
    const newEvents = decider.decide(resolved, state);
    if (newEvents.length === 0) {
      return { newEvents, newState: state, nextExpectedRevision: current, position: null };
    }
    try {
      const result = await store.append(
        streamId,
        newEvents.map((event) => ({
          type: event.type,
          data: event.data,
          metadata: {
            actorId: context.actorId,
            correlationId: context.correlationId,
            causationId: context.causationId ?? context.correlationId,
            occurredAt: context.now.toISOString(),
          },
        })),
        { expectedRevision: current ?? 'no_stream' },
      );
      return {
        newEvents,
        newState: newEvents.reduce(decider.evolve, state),
        nextExpectedRevision: result.nextExpectedRevision,
        position: result.position,
      };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError && attempt < retries) continue;
      throw error;
    }
  }
}
