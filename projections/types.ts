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
};

export function defineProjection(projection: Projection): Projection {
  return projection;
}
