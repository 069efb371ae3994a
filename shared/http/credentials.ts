import { z } from 'zod';
import { credentialKinds } from '../domain/credentials/kinds.ts';
import { CREDENTIAL_LIMITS, CREDENTIAL_MESSAGES } from '../domain/credentials/rules.ts';

export { credentialKinds, CREDENTIAL_LIMITS, CREDENTIAL_MESSAGES };
export type { CredentialKind } from '../domain/credentials/kinds.ts';

/** Verified credentials' HTTP shapes (api/modules/credentials/routes.ts, site/islands/credentials/). */

export const credentialView = z.object({
  id: z.uuid(),
  kind: z.enum(credentialKinds),
  status: z.enum(['pending', 'approved', 'rejected', 'expired']),
  expiresOn: z.string(),
  reason: z.string().nullable(),
  contentType: z.string(),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  documentUrl: z.string(),
});
export type CredentialView = z.output<typeof credentialView>;

/** GET /api/credentials/mine, and what sending one answers. */
export const myCredentialsView = z.object({ credentials: z.array(credentialView) });
export type MyCredentials = z.output<typeof myCredentialsView>;

export const credentialQueueItem = credentialView.extend({ contractor: z.object({ id: z.uuid(), name: z.string() }) });
export type CredentialQueueItem = z.output<typeof credentialQueueItem>;
/** GET /api/admin/credentials. */
export const credentialQueueView = z.object({ credentials: z.array(credentialQueueItem) });

export const credentialParams = z.strictObject({ id: z.uuid({ error: 'The credential id is not valid' }) });

export const approveCredentialBody = z
  .strictObject({
    expiresOn: z.string({ error: CREDENTIAL_MESSAGES.expiresOn }).optional(),
  })
  .optional();
export const rejectCredentialBody = z.strictObject({
  reason: z
    .string({ error: CREDENTIAL_MESSAGES.reason })
    .trim()
    .min(CREDENTIAL_LIMITS.reasonMin, { error: CREDENTIAL_MESSAGES.reason })
    .max(CREDENTIAL_LIMITS.reasonMax, { error: CREDENTIAL_MESSAGES.reason }),
});
export const credentialReviewed = z.object({ success: z.literal(true) });
