import { z } from 'zod';
import { LEGAL_COPY_MESSAGES } from '../domain/legal-copies/messages.ts';

/** The legal copies' HTTP shapes (api/modules/legal-copies/routes.ts, site/islands/admin/LegalCopies.tsx). */

export const legalCopyJobParams = z.strictObject({ jobId: z.uuid({ error: 'The contract id is not valid' }) });
// The reason's length is the decider's rule (it counts characters, as the form does).
export const legalCopyReadBody = z.strictObject({ reason: z.string({ error: LEGAL_COPY_MESSAGES.reason }).trim() });

export const legalCopyView = z.object({
  copyId: z.string(),
  role: z.enum(['customer', 'contractor']),
  accountId: z.string(),
  /** False once the person deleted their account: the copy is then the only place their name is. */
  accountExists: z.boolean(),
  version: z.number().int(),
  templateVersion: z.string(),
  textHash: z.string(),
  /** The copy records the hash of the text its signature event signed: they must agree. */
  matchesSignature: z.boolean(),
  /** Whether this signature is on the contract's current version (a revision voids earlier ones). */
  current: z.boolean(),
  nameAtSigning: z.string(),
  typedName: z.string(),
  userAgent: z.string(),
  signedAt: z.string(),
  retainUntil: z.string(),
});
export type LegalCopy = z.output<typeof legalCopyView>;

export const legalCopyReadView = z.object({
  jobId: z.string(),
  contract: z.object({
    status: z.enum(['awaiting-signatures', 'executed', 'cancelled']),
    version: z.number().int(),
    templateVersion: z.string(),
    textHash: z.string(),
  }),
  copies: z.array(legalCopyView),
  readAt: z.string(),
});
export type LegalCopyRead = z.output<typeof legalCopyReadView>;
