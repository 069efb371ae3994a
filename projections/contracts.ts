import type { Sql } from '../shared/db/postgres.ts';
import {
  CONTRACT_EVENT_TYPES,
  contractEventWithoutPersonalData,
  type ContractEvent,
  type ContractSigned,
  type ContractTerms,
  type JobKind,
} from '../shared/domain/contracts/events.ts';
import { defineFoldedProjection, foldedTable } from '../infrastructure/projections/folded-rows.ts';

/**
 * Contracts as their parties list and read them (/contracts): the current version's terms and
 * hash, and the signatures on it. Each version's hash is kept too, so "verify" can show that an
 * earlier signature was voided by a revision rather than lost.
 *
 * No name is kept: the parties are account ids, looked up when a contract is shown. Events written
 * before template v2 name the parties and hold the typed names; those fields are dropped here
 * (version 2 rebuilt the table without them).
 */
export const contractsProjection = defineFoldedProjection<ContractEvent, { contracts: ContractRecord }>({
  name: 'contracts',
  version: 2,
  handles: CONTRACT_EVENT_TYPES,
  schema: `
    create table if not exists rm_contracts (
      job_id uuid primary key,
      job_kind text not null,
      status text not null,
      version integer not null,
      template_version text not null,
      customer_id uuid not null,
      contractor_id uuid not null,
      title text not null,
      price_cents bigint,
      terms jsonb not null,
      text_hash text not null,
      signatures jsonb not null default '{}',
      versions jsonb not null default '[]',
      generated_at timestamptz not null,
      executed_at timestamptz,
      cancelled_at timestamptz,
      updated_at timestamptz not null
    );
    create index if not exists rm_contracts_customer on rm_contracts (customer_id, updated_at desc);
    create index if not exists rm_contracts_contractor on rm_contracts (contractor_id, updated_at desc);
    create index if not exists rm_contracts_executed on rm_contracts (executed_at) where status = 'executed';
    -- The backstop for ended jobs (workflows/money-jobs.ts) starts from the unsigned contracts.
    create index if not exists rm_contracts_awaiting_signatures on rm_contracts (job_id) where status = 'awaiting-signatures';`,
  reset: 'drop table if exists rm_contracts',
  tables: { contracts: foldedTable<ContractRecord>('rm_contracts', ['job_id']) },
  keys: (event) => ({ contracts: [[event.data.jobId]] }),
  fold(recorded, { contracts }) {
    const event = contractEventWithoutPersonalData(recorded);
    const key = [event.data.jobId];
    switch (event.type) {
      case 'ContractGenerated': {
        const d = event.data;
        if (contracts.get(key)) return;
        contracts.put({
          job_id: d.jobId,
          job_kind: d.terms.jobKind,
          status: 'awaiting-signatures',
          version: d.version,
          template_version: d.templateVersion,
          customer_id: d.terms.customer.userId,
          contractor_id: d.terms.contractor.userId,
          title: d.terms.title,
          price_cents: d.terms.priceCents,
          terms: d.terms,
          text_hash: d.textHash,
          signatures: {},
          versions: [{ version: d.version, textHash: d.textHash, at: d.generatedAt }],
          generated_at: d.generatedAt,
          executed_at: null,
          cancelled_at: null,
          updated_at: d.generatedAt,
        });
        return;
      }
      case 'ContractRevised': {
        const d = event.data;
        // A revision replayed or arriving after a later one changes nothing.
        contracts.update(key, (row) =>
          row.version < d.version
            ? {
                ...row,
                version: d.version,
                template_version: d.templateVersion,
                title: d.terms.title,
                price_cents: d.terms.priceCents,
                terms: d.terms,
                text_hash: d.textHash,
                signatures: {},
                versions: [...row.versions, { version: d.version, textHash: d.textHash, at: d.revisedAt }],
                updated_at: d.revisedAt,
              }
            : row,
        );
        return;
      }
      case 'ContractSigned': {
        const d = event.data;
        // A signature of a version since revised signs nothing.
        contracts.update(key, (row) =>
          row.version === d.version
            ? { ...row, signatures: { ...row.signatures, [d.role]: d }, updated_at: d.signedAt }
            : row,
        );
        return;
      }
      case 'ContractExecuted': {
        const d = event.data;
        contracts.update(key, (row) => ({
          ...row,
          status: 'executed',
          executed_at: d.executedAt,
          updated_at: d.executedAt,
        }));
        return;
      }
      case 'ContractCancelled': {
        const d = event.data;
        contracts.update(key, (row) => ({
          ...row,
          status: 'cancelled',
          cancelled_at: d.cancelledAt,
          updated_at: d.cancelledAt,
        }));
        return;
      }
    }
  },
});

/** A row of rm_contracts as the fold writes it (column names; timestamps as ISO text). */
type ContractRecord = {
  job_id: string;
  job_kind: JobKind;
  status: ContractRow['status'];
  version: number;
  template_version: string;
  customer_id: string;
  contractor_id: string;
  title: string;
  price_cents: number | null;
  terms: ContractTerms;
  text_hash: string;
  signatures: ContractRow['signatures'];
  versions: ContractRow['versions'];
  generated_at: string;
  executed_at: string | null;
  cancelled_at: string | null;
  updated_at: string;
};

export type ContractRow = {
  jobId: string;
  jobKind: JobKind;
  status: 'awaiting-signatures' | 'executed' | 'cancelled';
  version: number;
  templateVersion: string;
  customerId: string;
  contractorId: string;
  title: string;
  priceCents: number | null;
  terms: ContractTerms;
  textHash: string;
  signatures: Partial<Record<'customer' | 'contractor', ContractSigned['data']>>;
  versions: { version: number; textHash: string; at: string }[];
  generatedAt: Date;
  executedAt: Date | null;
  cancelledAt: Date | null;
  updatedAt: Date;
};

const columns = (sql: Sql) => sql`
  job_id as "jobId", job_kind as "jobKind", status, version, template_version as "templateVersion",
  customer_id as "customerId", contractor_id as "contractorId", title, price_cents::int as "priceCents", terms,
  text_hash as "textHash", signatures, versions, generated_at as "generatedAt", executed_at as "executedAt",
  cancelled_at as "cancelledAt", updated_at as "updatedAt"`;

export async function findContract(sql: Sql, jobId: string): Promise<ContractRow | null> {
  const [row] = await sql<ContractRow[]>`select ${columns(sql)} from rm_contracts where job_id = ${jobId}`;
  return row ?? null;
}

/** The title of each job's contract, for the jobs that have one (the escrow lists show it). */
export async function contractTitlesOf(sql: Sql, jobIds: readonly string[]): Promise<Map<string, string>> {
  if (jobIds.length === 0) return new Map();
  const rows = await sql<{ jobId: string; title: string }[]>`
    select job_id as "jobId", title from rm_contracts where job_id = any(${jobIds as string[]}::uuid[])`;
  return new Map(rows.map((row) => [row.jobId, row.title]));
}

/** The contracts a user is a party to, most recently changed first. */
export async function contractsOf(sql: Sql, userId: string, limit = 100): Promise<ContractRow[]> {
  return sql<ContractRow[]>`
    select ${columns(sql)} from rm_contracts
    where customer_id = ${userId} or contractor_id = ${userId}
    order by updated_at desc, job_id limit ${limit}`;
}

/** What other modules show of the contracts of some jobs: title, state and who signed, by job id. */
export type ContractGlance = Pick<ContractRow, 'jobId' | 'title' | 'status' | 'version' | 'signatures'>;

export async function contractGlancesOf(sql: Sql, jobIds: readonly string[]): Promise<Map<string, ContractGlance>> {
  const glances = new Map<string, ContractGlance>();
  if (jobIds.length === 0) return glances;
  const rows = await sql<ContractGlance[]>`
    select job_id as "jobId", title, status, version, signatures from rm_contracts where job_id = any(${jobIds}::uuid[])`;
  for (const row of rows) glances.set(row.jobId, row);
  return glances;
}

/** A contract as the auditor's job search lists it (api/modules/audit), with which of its job's money and arbitration streams exist. */
export type AuditableContractRow = {
  jobId: string;
  jobKind: string;
  title: string;
  status: string;
  generatedAt: Date;
  hasEscrow: boolean;
  hasDispute: boolean;
};

/** The contracts an auditor can open: one job by id, the titles containing some words, or the newest; newest first. */
export async function contractsForAudit(
  sql: Sql,
  search: { jobId: string } | { title: string } | null,
  limit = 20,
): Promise<AuditableContractRow[]> {
  const where =
    search && 'jobId' in search
      ? sql`c.job_id = ${search.jobId}::uuid`
      : search
        ? sql`c.title ilike ${`%${search.title.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
        : sql`true`;
  return sql<AuditableContractRow[]>`
    select c.job_id as "jobId", c.job_kind as "jobKind", c.title, c.status, c.generated_at as "generatedAt",
           exists (select 1 from rm_escrows e where e.job_id = c.job_id) as "hasEscrow",
           exists (select 1 from rm_disputes d where d.job_id = c.job_id) as "hasDispute"
    from rm_contracts c
    where ${where}
    order by c.generated_at desc
    limit ${limit}`;
}
