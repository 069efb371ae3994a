import { withHashChain } from './hash-chain.ts';
import { PostgresEventStore, type PostgresEventStoreOptions } from './postgres.ts';
import type { EventStore } from './types.ts';

export * from './types.ts';
export { verifyStream, isChainedStream } from './hash-chain.ts';

export type EventStoreOptions = {
  databaseUrl: string;
  eventStoreUrl?: string;
  postgres?: PostgresEventStoreOptions;
};

/** EventStoreDB when its URL is given, otherwise PostgreSQL; both with the hash chain on money streams. */
export async function openEventStore(options: EventStoreOptions): Promise<EventStore> {
  if (options.eventStoreUrl) {
    const { createEventStoreDbStore } = await import('./eventstoredb.ts');
    return withHashChain(createEventStoreDbStore(options.eventStoreUrl));
  }
  return withHashChain(await PostgresEventStore.connect(options.databaseUrl, options.postgres));
}
