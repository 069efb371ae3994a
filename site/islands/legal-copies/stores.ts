import type { LegalCopyRead } from '../../../shared/http/legal-copies.ts';
import { apiRequest } from '../../lib/api.ts';

/**
 * Reading a contract's legal copies (POST /api/admin/legal-copies/:jobId/read,
 * api/modules/legal-copies): a write (the reading is recorded) that answers the copies. Nothing
 * cached changes, so nothing is read again.
 */
export async function readLegalCopies(jobId: string, reason: string): Promise<LegalCopyRead> {
  const response = await apiRequest('POST', `/api/admin/legal-copies/${encodeURIComponent(jobId)}/read`, { reason });
  return (await response.json()) as LegalCopyRead;
}
