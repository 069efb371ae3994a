import type { Sql } from '../shared/db/postgres.ts';
import type { AccountEvent, Role } from '../shared/domain/accounts/events.ts';
import { defineFoldedProjection, foldedTable } from '../infrastructure/projections/folded-rows.ts';

/** A row of rm_accounts as the fold sees it (timestamps as ISO text). */
type AccountRecord = {
  account_id: string;
  role: Role;
  status: 'active' | 'suspended' | 'closed';
  registered_at: string;
  closed_at: string | null;
  suspended_at: string | null;
  suspended_by: string | null;
  suspension_reason: string | null;
};

/**
 * Who exists, with which role and status: read on every authenticated request. A fold (see
 * folded-rows.ts) rather than SQL per event, so that a rebuild writes each account once, in
 * multi-row inserts, with its suspensions and restorations folded in memory: as statements of
 * their own they were a round trip each, and most of a rebuild's time.
 */
export const accountsProjection = defineFoldedProjection<AccountEvent, { accounts: AccountRecord }>({
  name: 'accounts',
  // v2: suspension (the status 'suspended', with when, by whom and why).
  version: 2,
  rebuildWeight: 0.5,
  handles: ['AccountRegistered', 'AccountClosed', 'AccountSuspended', 'AccountRestored'],
  schema: `
    create table if not exists rm_accounts (
      account_id uuid primary key,
      role text not null,
      status text not null,
      registered_at timestamptz not null,
      closed_at timestamptz,
      suspended_at timestamptz,
      suspended_by uuid,
      suspension_reason text
    );`,
  reset: 'drop table if exists rm_accounts',
  tables: { accounts: foldedTable<AccountRecord>('rm_accounts', ['account_id']) },
  keys: (event) => ({ accounts: [[event.data.accountId]] }),
  fold(event, { accounts }) {
    const key = [event.data.accountId];
    switch (event.type) {
      case 'AccountRegistered': {
        const d = event.data;
        // The insert this replaces failed on an account registered twice: so does the fold.
        if (accounts.get(key)) throw new Error(`rm_accounts: account ${d.accountId} is already registered`);
        accounts.put({
          account_id: d.accountId,
          role: d.role,
          status: 'active',
          registered_at: d.registeredAt,
          closed_at: null,
          suspended_at: null,
          suspended_by: null,
          suspension_reason: null,
        });
        return;
      }
      case 'AccountClosed':
        accounts.update(key, (row) => ({ ...row, status: 'closed', closed_at: event.data.closedAt }));
        return;
      case 'AccountSuspended': {
        const d = event.data;
        accounts.update(key, (row) =>
          row.status === 'closed'
            ? row
            : {
                ...row,
                status: 'suspended',
                suspended_at: d.suspendedAt,
                suspended_by: d.suspendedBy,
                suspension_reason: d.reason,
              },
        );
        return;
      }
      case 'AccountRestored':
        accounts.update(key, (row) =>
          row.status === 'suspended'
            ? { ...row, status: 'active', suspended_at: null, suspended_by: null, suspension_reason: null }
            : row,
        );
        return;
    }
  },
});

export type AccountRow = {
  accountId: string;
  role: Role;
  status: 'active' | 'suspended' | 'closed';
  registeredAt: Date;
};

export async function findAccount(sql: Sql, accountId: string): Promise<AccountRow | null> {
  const [row] = await sql<{ account_id: string; role: Role; status: AccountRow['status']; registered_at: Date }[]>`
    select account_id, role, status, registered_at from rm_accounts where account_id = ${accountId}`;
  return row
    ? { accountId: row.account_id, role: row.role, status: row.status, registeredAt: row.registered_at }
    : null;
}

/** The roles of the accounts that exist among these ids (a deleted account is not in the map). */
export async function rolesOfAccounts(sql: Sql, accountIds: readonly string[]): Promise<Map<string, Role>> {
  if (accountIds.length === 0) return new Map();
  const rows = await sql<{ account_id: string; role: Role }[]>`
    select account_id, role from rm_accounts where account_id = any(${accountIds as string[]}::uuid[])`;
  return new Map(rows.map((row) => [row.account_id, row.role]));
}
