import { pruneIdempotencyKeys } from '../shared/idempotency-store.ts';
import type { ScheduledJob } from '../infrastructure/scheduling/scheduled.ts';

/**
 * Deletes the Idempotency-Keys kept in PostgreSQL past their 7 days (without REDIS_URL every
 * create that sends a key leaves a row; Redis expires its own keys).
 */
export const idempotencyKeysPruneJob: ScheduledJob = {
  name: 'idempotency-keys-prune',
  intervalMs: 60 * 60_000,
  run: ({ sql }) => pruneIdempotencyKeys(sql),
};
