import type { Sql } from '../db/postgres.ts';
import { legalCopyRetainUntil } from './retention.ts';

/**
 * The legal copy of a signature: what the law requires us to keep about who signed a contract
 * (docs/decisions.md, "Legal copies and retention"). The `ContractSigned` event names the copy by
 * its id and the copy records the text hash it was made for, so each proves which the other is.
 * Nobody reads it through the product's pages: only an administrator who gives a reason, and that
 * reading is itself an event (api/modules/legal-copies).
 */
export type ContractSignatureCopy = {
  copyId: string;
  jobId: string;
  version: number;
  role: 'customer' | 'contractor';
  accountId: string;
  templateVersion: string;
  textHash: string;
  /** The account's name when it signed. */
  nameAtSigning: string;
  /** The name the person typed to sign. */
  typedName: string;
  userAgent: string;
  signedAt: Date;
};

export type StoredLegalCopy = ContractSignatureCopy & {
  kind: 'contract-signature';
  retainUntil: Date;
  confirmed: boolean;
};

export async function insertSignatureCopy(sql: Sql, copy: ContractSignatureCopy): Promise<void> {
  await sql`
    insert into legal_copies (copy_id, kind, job_id, version, role, account_id, template_version, text_hash,
      name_at_signing, typed_name, user_agent, signed_at, retain_until)
    values (${copy.copyId}, 'contract-signature', ${copy.jobId}, ${copy.version}, ${copy.role}, ${copy.accountId},
      ${copy.templateVersion}, ${copy.textHash}, ${copy.nameAtSigning}, ${copy.typedName}, ${copy.userAgent},
      ${copy.signedAt}, ${legalCopyRetainUntil(copy.signedAt)})`;
}

/** Its event is in the log. */
export async function confirmLegalCopy(sql: Sql, copyId: string): Promise<void> {
  await sql`update legal_copies set confirmed = true where copy_id = ${copyId}`;
}

/** Its event was refused: the copy of a signature that never happened is not kept. */
export async function deleteLegalCopy(sql: Sql, copyId: string): Promise<void> {
  await sql`delete from legal_copies where copy_id = ${copyId}`;
}

export async function legalCopiesByIds(sql: Sql, copyIds: readonly string[]): Promise<StoredLegalCopy[]> {
  if (copyIds.length === 0) return [];
  return sql<StoredLegalCopy[]>`
    select copy_id as "copyId", kind, job_id as "jobId", version, role, account_id as "accountId",
      template_version as "templateVersion", text_hash as "textHash", name_at_signing as "nameAtSigning",
      typed_name as "typedName", user_agent as "userAgent", signed_at as "signedAt",
      retain_until as "retainUntil", confirmed
    from legal_copies where copy_id = any(${copyIds as string[]}::uuid[])
    order by signed_at, copy_id`;
}

/** Deletes the copies whose retention ended; answers how many. */
export async function purgeExpiredLegalCopies(sql: Sql, now: Date, limit = 500): Promise<number> {
  const rows = await sql`
    delete from legal_copies where copy_id in (
      select copy_id from legal_copies where retain_until <= ${now} order by retain_until limit ${limit})
    returning copy_id`;
  return rows.length;
}

/** Copies written more than `olderThan` ago whose event was never confirmed. */
export async function unconfirmedLegalCopies(
  sql: Sql,
  before: Date,
  limit = 100,
): Promise<{ copyId: string; jobId: string }[]> {
  return sql<{ copyId: string; jobId: string }[]>`
    select copy_id as "copyId", job_id as "jobId" from legal_copies
    where not confirmed and created_at < ${before} order by created_at limit ${limit}`;
}
