import type { Config } from '../config.ts';
import type { EventStore } from '../eventstore/types.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { createAuditPublisher, createHeadReader } from './log.ts';
import { publicKeyPem, resolveAuditSigner } from './signing.ts';

/**
 * The audit log of a process: the key that signs its heads, a reader of the published heads (each
 * read once) and the publisher the scheduled job and `npm run audit -- publish` use.
 */
export async function openAuditLog(
  config: Pick<Config, 'AUDIT_SIGNING_KEY' | 'DATA_DIR'>,
  store: Pick<EventStore, 'readAll'>,
  storage: FileStorage,
) {
  const signer = await resolveAuditSigner(config);
  const heads = createHeadReader(storage);
  return {
    signer,
    publicKey: signer.publicKey,
    publicKeyPem: publicKeyPem(signer.publicKey),
    heads,
    publisher: createAuditPublisher({ store, storage, signer, heads }),
  };
}
export type AuditLog = Awaited<ReturnType<typeof openAuditLog>>;
