import type { Sql } from './postgres.ts';

/** A 32-bit key per escrow for the funding lock (namespace 0xe5c). */
function lockKey(jobId: string): number {
  let hash = 0;
  for (const char of jobId) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/**
 * One funding at a time per escrow, across API instances and workers: a card is charged before the
 * event is appended, so two concurrent payments (the customer's and the recurring-visit job's, or
 * two of the customer's) must never both reach the gateway.
 */
export async function withEscrowFundingLock<T>(sql: Sql, jobId: string, run: () => Promise<T>): Promise<T> {
  const reserved = await sql.reserve();
  try {
    await reserved`select pg_advisory_lock(${0xe5c}, ${lockKey(jobId)})`;
    try {
      return await run();
    } finally {
      await reserved`select pg_advisory_unlock(${0xe5c}, ${lockKey(jobId)})`;
    }
  } finally {
    reserved.release();
  }
}
