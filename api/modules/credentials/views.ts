import type { CredentialRow } from '../../../projections/credentials.ts';
import type { CredentialQueueItem, CredentialView } from '../../../shared/http/credentials.ts';

/** A credential as its contractor and admins see it: an approved one past its expiry shows as expired. */
export function credentialViewOf(row: CredentialRow, today: string): CredentialView {
  const lapsed = row.status === 'approved' && row.expiresOn < today;
  return {
    id: row.credentialId,
    kind: row.kind,
    status: lapsed ? 'expired' : row.status,
    expiresOn: row.expiresOn,
    reason: row.reason,
    contentType: row.contentType,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
    documentUrl: `/api/credentials/${row.credentialId}/document`,
  };
}

/** A queue entry: the credential and who sent it (a deleted account shows as a former member). */
export function queueItemOf(
  row: CredentialRow,
  today: string,
  names: ReadonlyMap<string, string>,
): CredentialQueueItem {
  return {
    ...credentialViewOf(row, today),
    contractor: { id: row.contractorId, name: names.get(row.contractorId) ?? 'Former member' },
  };
}

/** Today's date (YYYY-MM-DD, UTC), against which expiries are read. */
export const today = () => new Date().toISOString().slice(0, 10);
