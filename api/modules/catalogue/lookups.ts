import { verifiedBadgesFor } from '../../../projections/credentials.ts';
import type { Sql } from '../../../shared/db/postgres.ts';
import { displayNames } from '../accounts/personal-data.ts';

/**
 * Names the directory entries (dropping closed accounts) and adds the verified badges showing
 * today: names from the accounts module's personal data, badges from the credentials read model.
 */
export async function withNames<T extends { id: string }>(sql: Sql, entries: T[]) {
  const ids = entries.map((e) => e.id);
  const [names, verified] = await Promise.all([
    displayNames(sql, ids),
    verifiedBadgesFor(sql, ids, new Date().toISOString().slice(0, 10)),
  ]);
  return entries
    .filter((e) => names.has(e.id))
    .map((e) => ({ ...e, name: names.get(e.id)!, verifiedBadges: verified.get(e.id) ?? [] }));
}

/**
 * Verified badges are those of credentials valid on the day (UTC) they are read: an answer that
 * shows them holds until the next UTC midnight, as far as they go.
 */
export function verifiedBadgesChangeAt(now: Date): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
}
