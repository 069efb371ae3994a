import { computed } from 'nanostores';
import type { CredentialQueueItem, MyCredentials } from '../../../shared/http/credentials.ts';
import { apiRequest } from '../../lib/api.ts';
import { createFetcherStore, revalidateKeys } from '../../lib/query.ts';
import { $session } from '../../stores/session.ts';

/**
 * Verified credentials (api/modules/credentials): the contractor's own documents and the admin's
 * verification queue, as cached reads; sending a document or reviewing one reads its list again.
 */
export const MY_CREDENTIALS_KEY = '/api/credentials/mine';
export const CREDENTIAL_QUEUE_KEY = '/api/admin/credentials';

export const $myCredentials = createFetcherStore<MyCredentials>([MY_CREDENTIALS_KEY]);

const $queueKey = computed($session, (session) =>
  session.status === 'authenticated' && session.user.role === 'admin' ? CREDENTIAL_QUEUE_KEY : null,
);
export const $credentialQueue = createFetcherStore<{ credentials: CredentialQueueItem[] }>([$queueKey]);

/** Sends a document (multipart: kind, expiresOn, file), then reads the list again. */
export async function sendCredential(form: FormData) {
  await apiRequest('POST', '/api/credentials', form);
  revalidateKeys(MY_CREDENTIALS_KEY);
  await $myCredentials.get().promise?.catch(() => null);
}

/** Approves (with the expiry confirmed) or rejects (with a reason) a queued credential; the queue is read again. */
export async function reviewCredential(
  item: CredentialQueueItem,
  review: { kind: 'approve'; expiresOn: string } | { kind: 'reject'; reason: string },
) {
  await apiRequest(
    'POST',
    `${CREDENTIAL_QUEUE_KEY}/${encodeURIComponent(item.id)}/${review.kind}`,
    review.kind === 'approve' ? { expiresOn: review.expiresOn } : { reason: review.reason },
  );
  revalidateKeys(CREDENTIAL_QUEUE_KEY);
}
