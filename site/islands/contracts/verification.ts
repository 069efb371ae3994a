import type { Contract } from './api.ts';

/**
 * Whether a verification made of `verified` still describes `current`: the same version and text,
 * the same signatures and the same status. A contract read again with nothing changed (the page
 * reads it again when a notification arrives) keeps its result; a revision, a signature or a
 * cancellation clears it, since the result spoke of what was there before.
 */
export function stillVerified(verified: Contract, current: Contract): boolean {
  return (
    verified.version === current.version &&
    verified.rendered.textHash === current.rendered.textHash &&
    verified.status === current.status &&
    // A signature is of the version and text above; when it was made tells one from another.
    verified.signatures.customer?.signedAt === current.signatures.customer?.signedAt &&
    verified.signatures.contractor?.signedAt === current.signatures.contractor?.signedAt
  );
}
