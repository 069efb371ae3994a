import { describe, expect, it } from 'vitest';
import { eventSchemas } from '../domain/event-schemas.ts';
import { ESCROW_EVENT_TYPES, escrowEventSchemas, type EscrowEvent } from '../domain/escrow/events.ts';
import { CONTRACT_EVENT_TYPES } from '../domain/contracts/events.ts';
import { DISPUTE_EVENT_TYPES } from '../domain/disputes/events.ts';
import { PLAN_EVENT_TYPES } from '../domain/plans/events.ts';
import { SERVICE_SUBSCRIPTION_EVENT_TYPES } from '../domain/recurring/events.ts';
import { InvalidStoredEventError, isEventOf, readEvents } from './typed.ts';
import type { RecordedEvent } from './types.ts';

const stored = (type: string, data: unknown): RecordedEvent => ({
  id: '00000000-0000-4000-8000-000000000001',
  streamId: 'escrow-job-1',
  revision: 3n,
  type,
  data,
  metadata: {},
  position: { commit: 1n, prepare: 1n },
  recordedAt: new Date(0),
});

describe('stored events and their schemas', () => {
  it('has a schema for every event type the money and subscription modules list', () => {
    const types = [
      ...ESCROW_EVENT_TYPES,
      ...CONTRACT_EVENT_TYPES,
      ...DISPUTE_EVENT_TYPES,
      ...PLAN_EVENT_TYPES,
      ...SERVICE_SUBSCRIPTION_EVENT_TYPES,
    ];
    expect(types.filter((type) => !eventSchemas.has(type))).toEqual([]);
  });

  it('refuses a malformed stored event with its stream, revision and type', async () => {
    const store = { readStream: async () => [stored('EscrowCancelled', { jobId: 'job-1', cancelledBy: 'nobody' })] };
    const read = readEvents<EscrowEvent>(store, 'escrow-job-1', escrowEventSchemas);
    await expect(read).rejects.toBeInstanceOf(InvalidStoredEventError);
    await expect(readEvents<EscrowEvent>(store, 'escrow-job-1', escrowEventSchemas)).rejects.toThrow(
      /EscrowCancelled at revision 3 of stream escrow-job-1/,
    );
  });

  it('refuses an event type that is not one of the reader’s, even one with a schema elsewhere', async () => {
    for (const type of ['SomethingUnknown', 'ContractCancelled']) {
      const store = { readStream: async () => [stored(type, {})] };
      await expect(readEvents<EscrowEvent>(store, 'escrow-job-1', escrowEventSchemas)).rejects.toThrow(
        new RegExp(`${type} at revision 3 of stream escrow-job-1 is refused: not an event of this reader`),
      );
    }
  });

  it('tells another module’s event apart without reading its data, and refuses a named one that breaks its schema', () => {
    const types = ['EscrowCancelled'] as const;
    expect(isEventOf<EscrowEvent>(stored('ContractCancelled', { not: 'checked' }), types)).toBe(false);
    expect(() => isEventOf<EscrowEvent>(stored('EscrowCancelled', { jobId: 1 }), types)).toThrow(
      InvalidStoredEventError,
    );
  });

  it('reads a well-formed event as stored', async () => {
    const data = { jobId: 'job-1', cancelledBy: 'customer', cancelledAt: '2026-01-01T00:00:00.000Z' };
    const store = { readStream: async () => [stored('EscrowCancelled', data)] };
    const [event] = await readEvents<EscrowEvent>(store, 'escrow-job-1', escrowEventSchemas);
    expect(event!.data).toBe(data);
  });
});
