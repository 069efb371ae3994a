import type { Sql } from '../shared/db/postgres.ts';
import type { AccountEvent, Role } from '../shared/domain/accounts/events.ts';
import { defineProjection } from './types.ts';

/** Who exists, with which role and status: read on every authenticated request. */
export const accountsProjection = defineProjection({
  name: 'accounts',
  // v2: suspension (the status 'suspended', with when, by whom and why).
  version: 2,
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
  async apply(tx, recorded) {
    const event = recorded as unknown as AccountEvent;
    switch (event.type) {
      case 'AccountRegistered':
        await tx`
          insert into rm_accounts (account_id, role, status, registered_at)
          values (${event.data.accountId}, ${event.data.role}, 'active', ${event.data.registeredAt})`;
        return;
      case 'AccountClosed':
        await tx`
          update rm_accounts set status = 'closed', closed_at = ${event.data.closedAt}
          where account_id = ${event.data.accountId}`;
        return;
      case 'AccountSuspended': {
        const d = event.data;
        await tx`
          update rm_accounts set status = 'suspended', suspended_at = ${d.suspendedAt}, suspended_by = ${d.suspendedBy},
            suspension_reason = ${d.reason}
          where account_id = ${d.accountId} and status <> 'closed'`;
        return;
      }
      case 'AccountRestored':
        await tx`
          update rm_accounts set status = 'active', suspended_at = null, suspended_by = null, suspension_reason = null
          where account_id = ${event.data.accountId} and status = 'suspended'`;
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
