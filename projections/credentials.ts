import type { Sql } from '../shared/db/postgres.ts';
import { CREDENTIAL_EVENT_TYPES, type CredentialEvent } from '../shared/domain/credentials/events.ts';
import type { CredentialKind } from '../shared/domain/credentials/kinds.ts';
import { defineFoldedProjection, foldedTable } from '../infrastructure/projections/folded-rows.ts';

/**
 * Credential documents and their reviews: the contractor's list on /subscriptions, the admin's
 * verification queue, and the verified badges the directory shows (approved, not expired, and the
 * contractor still on a paid plan: those last two are read at query time, they change with the clock
 * and the plan).
 */
export const credentialsProjection = defineFoldedProjection<CredentialEvent, { credentials: CredentialRecord }>({
  name: 'credentials',
  version: 1,
  handles: CREDENTIAL_EVENT_TYPES,
  schema: `
    create table if not exists rm_credentials (
      credential_id uuid primary key,
      contractor_id uuid not null,
      kind text not null,
      status text not null,
      expires_on date not null,
      storage_key text not null,
      content_type text not null,
      size_bytes integer not null,
      reason text,
      reviewed_by uuid,
      submitted_at timestamptz not null,
      reviewed_at timestamptz
    );
    create index if not exists rm_credentials_contractor on rm_credentials (contractor_id, submitted_at desc);
    create index if not exists rm_credentials_pending on rm_credentials (submitted_at) where status = 'pending';`,
  reset: `drop table if exists rm_credentials;`,
  tables: { credentials: foldedTable<CredentialRecord>('rm_credentials', ['credential_id']) },
  keys: (event) => ({ credentials: [[event.data.credentialId]] }),
  fold(event, { credentials }) {
    const key = [event.data.credentialId];
    switch (event.type) {
      case 'CredentialSubmitted': {
        const d = event.data;
        if (credentials.get(key)) return;
        credentials.put({
          credential_id: d.credentialId,
          contractor_id: d.contractorId,
          kind: d.kind,
          status: 'pending',
          expires_on: d.expiresOn,
          storage_key: d.storageKey,
          content_type: d.contentType,
          size_bytes: d.sizeBytes,
          reason: null,
          reviewed_by: null,
          submitted_at: d.submittedAt,
          reviewed_at: null,
        });
        return;
      }
      case 'CredentialApproved': {
        const d = event.data;
        credentials.update(key, (row) => ({
          ...row,
          status: 'approved',
          expires_on: d.expiresOn,
          reviewed_by: d.reviewedBy,
          reviewed_at: d.approvedAt,
        }));
        return;
      }
      case 'CredentialRejected': {
        const d = event.data;
        credentials.update(key, (row) => ({
          ...row,
          status: 'rejected',
          reason: d.reason,
          reviewed_by: d.reviewedBy,
          reviewed_at: d.rejectedAt,
        }));
        return;
      }
    }
  },
});

/** A row of rm_credentials as the fold writes it (column names; dates and timestamps as ISO text). */
type CredentialRecord = {
  credential_id: string;
  contractor_id: string;
  kind: CredentialKind;
  status: CredentialRow['status'];
  expires_on: string;
  storage_key: string;
  content_type: string;
  size_bytes: number;
  reason: string | null;
  reviewed_by: string | null;
  submitted_at: string;
  reviewed_at: string | null;
};

export type CredentialRow = {
  credentialId: string;
  contractorId: string;
  kind: CredentialKind;
  status: 'pending' | 'approved' | 'rejected';
  expiresOn: string;
  storageKey: string;
  contentType: string;
  sizeBytes: number;
  reason: string | null;
  submittedAt: Date;
  reviewedAt: Date | null;
};

const columns = (sql: Sql) => sql`
  credential_id as "credentialId", contractor_id as "contractorId", kind, status,
  to_char(expires_on, 'YYYY-MM-DD') as "expiresOn", storage_key as "storageKey", content_type as "contentType",
  size_bytes as "sizeBytes", reason, submitted_at as "submittedAt", reviewed_at as "reviewedAt"`;

export async function credentialsOf(sql: Sql, contractorId: string): Promise<CredentialRow[]> {
  return sql<CredentialRow[]>`
    select ${columns(sql)} from rm_credentials where contractor_id = ${contractorId} order by submitted_at desc`;
}

export async function findCredential(sql: Sql, credentialId: string): Promise<CredentialRow | null> {
  const [row] = await sql<
    CredentialRow[]
  >`select ${columns(sql)} from rm_credentials where credential_id = ${credentialId}`;
  return row ?? null;
}

/** The admin's verification queue: oldest first. */
export async function pendingCredentials(sql: Sql, limit = 100): Promise<CredentialRow[]> {
  return sql<CredentialRow[]>`
    select ${columns(sql)} from rm_credentials where status = 'pending' order by submitted_at limit ${limit}`;
}

export type VerifiedBadge = { kind: CredentialKind; expiresOn: string };

/**
 * The verified badges showing today for these contractors: an approved credential not yet expired
 * (the latest expiry per kind), only while the contractor is on a paid plan.
 */
export async function verifiedBadgesFor(
  sql: Sql,
  contractorIds: readonly string[],
  today: string,
): Promise<Map<string, VerifiedBadge[]>> {
  const badges = new Map<string, VerifiedBadge[]>();
  if (contractorIds.length === 0) return badges;
  const rows = await sql<{ contractorId: string; kind: CredentialKind; expiresOn: string }[]>`
    select c.contractor_id as "contractorId", c.kind, to_char(max(c.expires_on), 'YYYY-MM-DD') as "expiresOn"
    from rm_credentials c
    join rm_plans p on p.account_id = c.contractor_id and p.plan_id <> 'starter'
    where c.contractor_id = any(${contractorIds}::uuid[]) and c.status = 'approved' and c.expires_on >= ${today}::date
    group by c.contractor_id, c.kind
    order by c.kind`;
  for (const row of rows) {
    const list = badges.get(row.contractorId) ?? [];
    list.push({ kind: row.kind, expiresOn: row.expiresOn });
    badges.set(row.contractorId, list);
  }
  return badges;
}
