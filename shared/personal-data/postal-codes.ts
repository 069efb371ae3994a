import type { Sql } from '../db/postgres.ts';

/**
 * The full postal code of a place a person gave (where a job is done, a contractor's base). A full
 * code narrows a home down to a few dozen addresses, so it is personal: events keep only its
 * forward sortation area (the first three characters, shared by thousands of households), which
 * is all the marketplace computes with (the FSA's centroid, city and province). The full code is
 * kept here, by the id of what it belongs to (a work order, an urgent alert and the work order it
 * becomes, a contractor's service area), shown to the people entitled to it, and erased with the
 * account of the person who gave it.
 */
export async function savePostalCode(
  sql: Sql,
  place: { subjectId: string; accountId: string; postalCode: string | null },
): Promise<void> {
  if (place.postalCode === null) {
    await sql`delete from postal_codes where subject_id = ${place.subjectId}`;
    return;
  }
  await sql`
    insert into postal_codes (subject_id, account_id, postal_code)
    values (${place.subjectId}, ${place.accountId}, ${place.postalCode})
    on conflict (subject_id) do update set postal_code = excluded.postal_code, updated_at = now()`;
}

export async function postalCodesOf(sql: Sql, subjectIds: readonly string[]): Promise<Map<string, string>> {
  if (subjectIds.length === 0) return new Map();
  const rows = await sql<{ subjectId: string; postalCode: string }[]>`
    select subject_id as "subjectId", postal_code as "postalCode" from postal_codes
    where subject_id = any(${subjectIds as string[]}::uuid[])`;
  return new Map(rows.map((row) => [row.subjectId, row.postalCode]));
}

/** Account deletion: the places the person gave go with the account. */
export async function erasePostalCodesOf(sql: Sql, accountId: string): Promise<void> {
  await sql`delete from postal_codes where account_id = ${accountId}`;
}
