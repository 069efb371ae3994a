import type { Sql } from '../../../shared/db/postgres.ts';
import type { AdminUserView, UserSwitchView } from '../../../shared/http/accounts.ts';
import type { UserSwitchRow } from '../../../projections/user-switches.ts';
import { FORMER_MEMBER } from './personal-data.ts';

/**
 * The admin dashboard's reads of the accounts module's own tables: the accounts read model joined
 * with the personal data (closed accounts have none left, so they are not listed).
 */
export type AdminUserFilter = {
  id?: string;
  q?: string;
  status?: AdminUserView['status'];
  role?: AdminUserView['role'];
};

/** `%` and `_` are literal in a search. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function findAdminUsers(
  sql: Sql,
  filter: AdminUserFilter,
  limit: number,
  offset: number,
): Promise<AdminUserView[]> {
  const q = filter.q ?? '';
  const pattern = likePattern(q);
  const rows = await sql<
    (Omit<AdminUserView, 'registeredAt' | 'suspendedAt'> & { registeredAt: Date; suspendedAt: Date | null })[]
  >`
    select a.account_id as id, p.name, p.email, a.role, a.status, a.registered_at as "registeredAt",
      a.suspended_at as "suspendedAt", a.suspension_reason as "suspensionReason"
    from rm_accounts a join account_personal p on p.account_id = a.account_id
    where (${filter.id ?? null}::uuid is null or a.account_id = ${filter.id ?? null})
      and (${q} = '' or p.name ilike ${pattern} or p.email ilike ${pattern})
      and (${filter.status ?? null}::text is null or a.status = ${filter.status ?? null})
      and (${filter.role ?? null}::text is null or a.role = ${filter.role ?? null})
    order by a.registered_at desc, a.account_id limit ${limit} offset ${offset}`;
  return rows.map((r) => ({
    ...r,
    registeredAt: r.registeredAt.toISOString(),
    suspendedAt: r.suspendedAt?.toISOString() ?? null,
  }));
}

/** A switch as the dashboard shows it: names as they are now, a deleted account's as a former member. */
export function userSwitchView(row: UserSwitchRow, names: Map<string, string>): UserSwitchView {
  return {
    id: row.id,
    actor: { id: row.actorId, name: names.get(row.actorId) ?? FORMER_MEMBER },
    target: { id: row.targetId, name: names.get(row.targetId) ?? FORMER_MEMBER },
    mode: row.mode,
    switchedAt: row.switchedAt.toISOString(),
  };
}
