import type { Sql, TransactionSql } from '../shared/db/postgres.ts';
import type { RecordedEventOf } from '../shared/eventstore/typed.ts';
import type { AccountEvent, AccountRegistered, Role } from '../shared/domain/accounts/events.ts';
import { defineProjection } from '../infrastructure/projections/types.ts';

async function applyAccountEvent(tx: TransactionSql, event: RecordedEventOf<AccountEvent>) {
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
}

/** Rows per multi-row insert: four parameters each, well under PostgreSQL's 65,535. */
const INSERT_CHUNK = 5_000;

/**
 * Runs of registrations (most of the log: every sign-up) go in as one multi-row insert each; the
 * other events, rare, one statement each as in `apply`. Runs keep the log's order, so an account
 * registered and suspended in the same batch ends suspended.
 */
async function applyAccountEvents(tx: TransactionSql, events: readonly RecordedEventOf<AccountEvent>[]) {
  let run: AccountRegistered['data'][] = [];
  const flush = async () => {
    for (let at = 0; at < run.length; at += INSERT_CHUNK) {
      const rows = run.slice(at, at + INSERT_CHUNK).map((data) => ({
        account_id: data.accountId,
        role: data.role,
        status: 'active',
        registered_at: data.registeredAt,
      }));
      await tx`insert into rm_accounts ${tx(rows, 'account_id', 'role', 'status', 'registered_at')}`;
    }
    run = [];
  };
  for (const event of events) {
    if (event.type === 'AccountRegistered') {
      run.push(event.data);
      continue;
    }
    await flush();
    await applyAccountEvent(tx, event);
  }
  await flush();
}

/** Who exists, with which role and status: read on every authenticated request. */
export const accountsProjection = defineProjection<AccountEvent>({
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
  apply: applyAccountEvent,
  applyAll: applyAccountEvents,
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
