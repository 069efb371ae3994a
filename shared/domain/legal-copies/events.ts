import { z } from 'zod';
import type { EventSchemas } from '../event-schema.ts';

/**
 * Reading a legal copy (the names and typed names kept with a contract's signatures, outside the
 * log) is itself recorded: who read which copies of which contract, when, and why. Ids and the
 * reason only. One stream per contract, `legal-copy-reads-<jobId>`.
 */
export const legalCopyReadsStreamId = (jobId: string) => `legal-copy-reads-${jobId}`;

export const legalCopyReadSchema = z.object({
  jobId: z.string(),
  copyIds: z.array(z.string()),
  /** The administrator who read them. */
  readBy: z.string(),
  reason: z.string(),
  readAt: z.string(),
});
export type LegalCopyRead = { type: 'LegalCopyRead'; data: z.infer<typeof legalCopyReadSchema> };

export type LegalCopyEvent = LegalCopyRead;

export const legalCopyEventSchemas = {
  LegalCopyRead: legalCopyReadSchema,
} as const satisfies EventSchemas<LegalCopyEvent>;
