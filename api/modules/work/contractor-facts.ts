import { verifiedBadgesFor } from '../../../projections/credentials.ts';
import type { Sql } from '../../../shared/db/postgres.ts';

/**
 * What the proposals comparison and the "near me" browse read about contractors, from the
 * directory read model (rm_contractor_directory). The directory grows these columns in the same
 * issue (ratings, badges, completed jobs, location); until a column exists its field is null, so
 * this module works before and after that change.
 */
export type ContractorFacts = {
  ratingAverage: number | null;
  ratingCount: number | null;
  completedJobs: number | null;
  badges: string[] | null;
  lat: number | null;
  lng: number | null;
  serviceRadiusKm: number | null;
};

const OPTIONAL_COLUMNS = [
  'rating_average',
  'rating_count',
  'completed_jobs',
  'badges',
  'lat',
  'lng',
  'radius_km',
] as const;
type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number];

let known: { columns: Set<OptionalColumn>; checkedAt: number } | null = null;
const RECHECK_MS = 30_000;

/** Which optional columns the directory has (a missing one is re-checked every 30 s). */
async function directoryColumns(sql: Sql): Promise<Set<OptionalColumn>> {
  const complete = known && known.columns.size === OPTIONAL_COLUMNS.length;
  if (known && (complete || Date.now() - known.checkedAt < RECHECK_MS)) return known.columns;
  const rows = await sql<{ column_name: string }[]>`
    select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = 'rm_contractor_directory'
      and column_name = any(${[...OPTIONAL_COLUMNS]}::text[])`;
  known = { columns: new Set(rows.map((row) => row.column_name as OptionalColumn)), checkedAt: Date.now() };
  return known.columns;
}

const toNumber = (value: unknown): number | null => {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

/** Badge names whatever shape the directory keeps them in (names, or objects with a name). */
function toBadges(value: unknown): string[] | null {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value)) return null;
  return value
    .map((badge: unknown) => {
      if (typeof badge === 'string') return badge;
      if (badge && typeof badge === 'object') {
        const b = badge as Record<string, unknown>;
        const name = b.kind ?? b.slug ?? b.id ?? b.name;
        return typeof name === 'string' ? name : null;
      }
      return null;
    })
    .filter((badge): badge is string => badge !== null);
}

/** Facts for several contractors in one query. Contractors not in the directory are left out. */
export async function contractorFacts(
  sql: Sql,
  contractorIds: readonly string[],
): Promise<Map<string, ContractorFacts>> {
  if (contractorIds.length === 0) return new Map();
  const columns = await directoryColumns(sql);
  const selected = [...columns];
  const [rows, verified] = await Promise.all([
    sql<Record<string, unknown>[]>`
      select contractor_id ${selected.length > 0 ? sql`, ${sql(selected)}` : sql``}
      from rm_contractor_directory where contractor_id = any(${contractorIds as string[]}::uuid[])`,
    verifiedBadgesFor(sql, contractorIds, new Date().toISOString().slice(0, 10)),
  ]);
  // Verified credential badges follow the performance ones, by their kind.
  const verifiedOf = (id: string) => (verified.get(id) ?? []).map((badge) => badge.kind);
  return new Map(
    rows.map((row) => [
      row.contractor_id as string,
      {
        ratingAverage: toNumber(row.rating_average),
        ratingCount: toNumber(row.rating_count),
        completedJobs: toNumber(row.completed_jobs),
        badges: columns.has('badges')
          ? [...(toBadges(row.badges) ?? []), ...verifiedOf(row.contractor_id as string)]
          : null,
        lat: toNumber(row.lat),
        lng: toNumber(row.lng),
        serviceRadiusKm: toNumber(row.radius_km),
      },
    ]),
  );
}

/** Whether an open contractor account is listed in the directory (a direct post's pick). */
export async function isListedContractor(sql: Sql, contractorId: string): Promise<boolean> {
  const rows = await sql`select 1 from rm_contractor_directory where contractor_id = ${contractorId}`;
  return rows.length > 0;
}
