import type { EventSchemas } from '../domain/event-schema.ts';
import { eventSchemas } from '../domain/event-schemas.ts';
import type { EventStore, ReadStreamOptions, RecordedEvent } from './types.ts';

/** What a module's event union is made of: a type and its data (a `DomainEvent`). */
export type EventShape = { type: string; data: unknown };

/**
 * A stored event read as one of a module's events: the store's envelope (id, stream, revision,
 * metadata, position) with the type and data of `E`. It distributes over a union, so a switch on
 * `type` narrows `data` as it does on the module's own events.
 */
export type RecordedEventOf<E extends EventShape> = E extends unknown
  ? Omit<RecordedEvent, 'type' | 'data'> & E
  : never;

/** A stored event whose type has no schema, or whose data does not match its type's schema. */
export class InvalidStoredEventError extends Error {
  override name = 'InvalidStoredEventError';
  constructor(
    readonly streamId: string,
    readonly revision: bigint,
    readonly type: string,
    readonly problem: string,
  ) {
    super(`Stored event ${type} at revision ${revision} of stream ${streamId} is refused: ${problem}`);
  }
}

/** Events already checked (an event read once is often handed to several readers). */
const checked = new WeakSet<RecordedEvent>();

/**
 * Throws unless the event's type has a schema (shared/domain/event-schemas.ts) and its data
 * matches it. The data is checked, never replaced: readers get it exactly as stored, so legacy
 * fields that the schemas leave out on purpose (the personal data older events carried) are still
 * there for the readers that drop them.
 */
function check(event: RecordedEvent): void {
  if (checked.has(event)) return;
  const schema = eventSchemas.get(event.type);
  if (!schema) {
    throw new InvalidStoredEventError(event.streamId, event.revision, event.type, 'no schema for this event type');
  }
  const result = schema.safeParse(event.data);
  if (!result.success) {
    const issues = result.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(data)'}: ${issue.message}`)
      .join('; ');
    throw new InvalidStoredEventError(
      event.streamId,
      event.revision,
      event.type,
      `its data does not match the schema (${issues})`,
    );
  }
  checked.add(event);
}

/**
 * What names a reader's event types at run time: the module's schemas (keyed by type, and checked
 * at compile time to be exactly `E`'s, see shared/domain/event-schema.ts), or a list of `E`'s types
 * (a projection's `handles`, a notification source's `types`).
 */
export type EventTypesOf<E extends EventShape> = EventSchemas<E> | readonly E['type'][];

function named(types: EventTypesOf<EventShape>, type: string): boolean {
  return Array.isArray(types) ? types.includes(type) : Object.hasOwn(types, type);
}

/**
 * Whether a stored event is one of `E`: its type is one `types` names and its data matches that
 * type's schema. The schema registry holds one schema per type name across all modules, and each
 * module's schemas are `E`'s own (`satisfies EventSchemas<E>`), so both checks together are what
 * `RecordedEventOf<E>` claims. Throws `InvalidStoredEventError` when the type is named but its
 * data does not match: a stored event that breaks its schema is an error, not another event.
 */
export function isEventOf<E extends EventShape>(
  event: RecordedEvent,
  types: EventTypesOf<E>,
): event is RecordedEvent & RecordedEventOf<E> {
  if (!named(types, event.type)) return false;
  check(event);
  return true;
}

/** One stored event that must be one of `E`: checked as `isEventOf` does, refused otherwise. */
export function asRecordedEvent<E extends EventShape>(
  event: RecordedEvent,
  types: EventTypesOf<E>,
): RecordedEventOf<E> {
  if (isEventOf<E>(event, types)) return event;
  throw new InvalidStoredEventError(event.streamId, event.revision, event.type, 'not an event of this reader');
}

/**
 * One event handed to a handler inside a read model, typed as one of `E` once its type is one
 * `types` names. The data is not checked again here: the projection that hands it over checked it
 * against its schema on the way in (`defineProjection`), which is the only way these handlers
 * (the modules' notification sources) are reached outside their unit tests.
 */
export function asHandledEvent<E extends EventShape>(event: RecordedEvent, types: EventTypesOf<E>): RecordedEventOf<E> {
  if (isNamedIn<E>(event, types)) return event;
  throw new InvalidStoredEventError(event.streamId, event.revision, event.type, 'not an event of this reader');
}

function isNamedIn<E extends EventShape>(event: RecordedEvent, types: EventTypesOf<E>): event is RecordedEventOf<E> {
  return named(types, event.type);
}

/** Stored events that must each be one of `E` (see `asRecordedEvent`). */
export function asRecordedEvents<E extends EventShape>(
  events: readonly RecordedEvent[],
  types: EventTypesOf<E>,
): RecordedEventOf<E>[] {
  return events.map((event) => asRecordedEvent<E>(event, types));
}

/** `store.readStream`, each event checked and typed as one of the events of the module that owns the stream. */
export async function readEvents<E extends EventShape>(
  store: Pick<EventStore, 'readStream'>,
  streamId: string,
  types: EventTypesOf<E>,
  options?: ReadStreamOptions,
): Promise<RecordedEventOf<E>[]> {
  return asRecordedEvents<E>(await store.readStream(streamId, options), types);
}
