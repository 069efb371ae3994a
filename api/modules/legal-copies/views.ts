import type { ContractSigned } from '../../../shared/domain/contracts/events.ts';
import type { LegalCopyRead } from '../../../shared/http/legal-copies.ts';
import type { StoredLegalCopy } from '../../../shared/personal-data/legal-copies.ts';

type Contract = LegalCopyRead['contract'];
type Signature = ContractSigned['data'];

/** The signatures of a contract's log that name a legal copy (a copy the log does not name is not its copy). */
export function signaturesWithCopies(signed: readonly Signature[]): (Signature & { legalCopyId: string })[] {
  return signed.flatMap((signature) =>
    signature.legalCopyId ? [{ ...signature, legalCopyId: signature.legalCopyId }] : [],
  );
}

/**
 * What POST /api/admin/legal-copies/:jobId/read answers: each copy beside the signature event that
 * names it (whether they agree, whether it is on the current version) and whether its account
 * still exists.
 */
export function legalCopyReadViewOf(input: {
  jobId: string;
  contract: Contract;
  signatures: readonly (Signature & { legalCopyId: string })[];
  copies: readonly StoredLegalCopy[];
  livingAccounts: ReadonlySet<string> | ReadonlyMap<string, unknown>;
  readAt: Date;
}): LegalCopyRead {
  const { jobId, contract, signatures, copies, livingAccounts, readAt } = input;
  return {
    jobId,
    contract,
    copies: copies.map((copy) => {
      const signature = signatures.find((s) => s.legalCopyId === copy.copyId);
      return {
        copyId: copy.copyId,
        role: copy.role,
        accountId: copy.accountId,
        accountExists: livingAccounts.has(copy.accountId),
        version: copy.version,
        templateVersion: copy.templateVersion,
        textHash: copy.textHash,
        matchesSignature:
          signature !== undefined &&
          copy.textHash === signature.textHash &&
          copy.version === signature.version &&
          copy.role === signature.role &&
          copy.accountId === signature.userId,
        current: copy.version === contract.version,
        nameAtSigning: copy.nameAtSigning,
        typedName: copy.typedName,
        userAgent: copy.userAgent,
        signedAt: copy.signedAt.toISOString(),
        retainUntil: copy.retainUntil.toISOString(),
      };
    }),
    readAt: readAt.toISOString(),
  };
}
