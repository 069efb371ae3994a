import type { TransactionSql } from '../shared/db/postgres.ts';
import type { RecordedEvent } from '../shared/eventstore/types.ts';

/**
 * One read model. `apply` runs inside the batch transaction that also moves the checkpoint, so
 * an effect is never lost or doubled. Bump `version` to rebuild the read model from position 0:
 * `reset` drops what `schema` created, then `schema` runs again.
 */
export type Projection = {
  name: string;
  version: number;
  /** Event types this projection reads; others only move its checkpoint. */
  handles: readonly string[];
  /** Idempotent DDL (create ... if not exists). */
  schema: string;
  /** Drops the read model's tables. */
  reset: string;
  apply(tx: TransactionSql, event: RecordedEvent): Promise<void>;
  /**
   * Optional, for read models that are rebuilt often or read on every request: applies a batch's
   * handled events, in order, with fewer statements than one per event (a multi-row insert for a
   * run of registrations, say). It must leave the read model exactly as `apply` on each event in
   * turn would; projections that have it prove that with a property test.
   */
  applyAll?(tx: TransactionSql, events: readonly RecordedEvent[]): Promise<void>;
};

export function defineProjection(projection: Projection): Projection {
  return projection;
}
