import type { Sql, TransactionSql } from '../shared/db/postgres.ts';
import type { AccountEvent } from '../shared/domain/accounts/events.ts';
import type { ContractorEvent, OfferingEvent } from '../shared/domain/catalogue/events.ts';
import { centsToDollarString } from './service-offerings.ts';
import { defineProjection } from './types.ts';

/**
 * The public contractor directory (`GET /api/contractors/browse`): one row per open contractor
 * account with its profile and active offerings, so a browse is one indexed read.
 */
export const contractorDirectoryProjection = defineProjection({
  name: 'contractor-directory',
  version: 1,
  handles: ['AccountRegistered', 'AccountClosed', 'ContractorProfileUpdated', 'ServiceOfferingCreated'],
  schema: `
    create table if not exists rm_contractor_directory (
      contractor_id uuid primary key,
      location text,
      can_work_remotely boolean not null default false,
      years_of_experience integer,
      expertise_statement text,
      offerings jsonb not null default '[]',
      search_text text not null default '',
      registered_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index if not exists rm_contractor_directory_recent on rm_contractor_directory (updated_at desc);`,
  reset: 'drop table if exists rm_contractor_directory',
  async apply(tx, recorded) {
    const event = recorded as unknown as AccountEvent | ContractorEvent | OfferingEvent;
    switch (event.type) {
      case 'AccountRegistered':
        if (event.data.role !== 'contractor') return;
        await tx`
          insert into rm_contractor_directory (contractor_id, registered_at, updated_at)
          values (${event.data.accountId}, ${event.data.registeredAt}, ${event.data.registeredAt})
          on conflict (contractor_id) do nothing`;
        return;
      case 'AccountClosed':
        await tx`delete from rm_contractor_directory where contractor_id = ${event.data.accountId}`;
        return;
      case 'ContractorProfileUpdated': {
        const p = event.data;
        await tx`
          update rm_contractor_directory set location = ${p.location}, can_work_remotely = ${p.canWorkRemotely},
            years_of_experience = ${p.yearsOfExperience}, expertise_statement = ${p.expertiseStatement},
            updated_at = ${p.updatedAt}
          where contractor_id = ${p.contractorId}`;
        await refreshSearchText(tx, p.contractorId);
        return;
      }
      case 'ServiceOfferingCreated': {
        const o = event.data;
        if (!o.isActive) return;
        const entry = {
          id: o.offeringId,
          title: o.title,
          description: o.description,
          pricingModel: o.pricingModel,
          priceCents: o.priceCents,
          price: centsToDollarString(o.priceCents),
          isRemoteService: o.isRemoteService,
        };
        await tx`
          update rm_contractor_directory set offerings = offerings || ${tx.json([entry])}::jsonb,
            updated_at = greatest(updated_at, ${o.createdAt}::timestamptz)
          where contractor_id = ${o.contractorId}`;
        await refreshSearchText(tx, o.contractorId);
        return;
      }
    }
  },
});

async function refreshSearchText(tx: TransactionSql, contractorId: string) {
  await tx`
    update rm_contractor_directory set search_text = lower(concat_ws(' ', location, expertise_statement,
      (select string_agg((o->>'title') || ' ' || (o->>'description'), ' ') from jsonb_array_elements(offerings) o)))
    where contractor_id = ${contractorId}`;
}

export type DirectoryOffering = {
  id: string;
  title: string;
  description: string;
  pricingModel: string;
  priceCents: number;
  price: string;
  isRemoteService: boolean;
};

export type DirectoryEntry = {
  id: string;
  location: string | null;
  canWorkRemotely: boolean;
  yearsOfExperience: number | null;
  expertiseStatement: string | null;
  offerings: DirectoryOffering[];
  registeredAt: string;
};

/** First version of the directory query: free-text search, remote filter, newest first. */
export async function browseContractors(
  sql: Sql,
  query: { search?: string; remote?: boolean; limit: number; offset: number },
): Promise<{ total: number; entries: DirectoryEntry[] }> {
  const search = query.search?.trim().toLowerCase();
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const matching = sql`
    where (${pattern}::text is null or search_text like ${pattern})
      and (${query.remote ?? null}::boolean is null or can_work_remotely = ${query.remote ?? null})`;
  const rows = await sql<
    {
      contractor_id: string;
      location: string | null;
      can_work_remotely: boolean;
      years_of_experience: number | null;
      expertise_statement: string | null;
      offerings: DirectoryOffering[];
      registered_at: Date;
      total: string;
    }[]
  >`
    select *, count(*) over () as total from rm_contractor_directory
    ${matching}
    order by updated_at desc, contractor_id
    limit ${query.limit} offset ${query.offset}`;
  // A page past the end has no rows to carry the window count: count the matches on their own.
  const [counted] =
    rows.length === 0 && query.offset > 0
      ? await sql<{ total: string }[]>`select count(*) as total from rm_contractor_directory ${matching}`
      : [];
  return {
    total: rows.length > 0 ? Number(rows[0]!.total) : Number(counted?.total ?? 0),
    entries: rows.map((row) => ({
      id: row.contractor_id,
      location: row.location,
      canWorkRemotely: row.can_work_remotely,
      yearsOfExperience: row.years_of_experience,
      expertiseStatement: row.expertise_statement,
      offerings: row.offerings,
      registeredAt: row.registered_at.toISOString(),
    })),
  };
}
