import type { Sql } from '../../../shared/db/postgres.ts';
import { normaliseEmail } from '../../../shared/domain/accounts/streams.ts';

/**
 * Personal data (PIPEDA) lives here, outside the event log: deleting an account deletes this row
 * and leaves the event history valid and anonymous. The accounts module owns this table; other
 * modules only look names up through `displayNames`.
 */
export const PERSONAL_DATA_SCHEMA = `
create table if not exists account_personal (
  account_id uuid primary key,
  name text not null,
  email text not null,
  email_normalized text not null unique,
  password_hash text not null,
  date_of_birth date not null,
  created_at timestamptz not null default now()
);`;

export type PersonalData = {
  accountId: string;
  name: string;
  email: string;
  passwordHash: string;
  dateOfBirth: string;
};

type Row = {
  account_id: string;
  name: string;
  email: string;
  password_hash: string;
  date_of_birth: string;
};

const toPersonal = (row: Row): PersonalData => ({
  accountId: row.account_id,
  name: row.name,
  email: row.email,
  passwordHash: row.password_hash,
  dateOfBirth: row.date_of_birth,
});

export async function insertPersonalData(sql: Sql, data: PersonalData): Promise<void> {
  await sql`
    insert into account_personal (account_id, name, email, email_normalized, password_hash, date_of_birth)
    values (${data.accountId}, ${data.name}, ${data.email}, ${normaliseEmail(data.email)}, ${data.passwordHash},
      ${data.dateOfBirth})`;
}

export async function personalDataByEmail(sql: Sql, email: string): Promise<PersonalData | null> {
  const [row] = await sql<Row[]>`
    select account_id, name, email, password_hash, to_char(date_of_birth, 'YYYY-MM-DD') as date_of_birth
    from account_personal where email_normalized = ${normaliseEmail(email)}`;
  return row ? toPersonal(row) : null;
}

export async function personalDataById(sql: Sql, accountId: string): Promise<PersonalData | null> {
  const [row] = await sql<Row[]>`
    select account_id, name, email, password_hash, to_char(date_of_birth, 'YYYY-MM-DD') as date_of_birth
    from account_personal where account_id = ${accountId}`;
  return row ? toPersonal(row) : null;
}

export async function deletePersonalData(sql: Sql, accountId: string): Promise<void> {
  await sql`delete from account_personal where account_id = ${accountId}`;
}

/** What the product shows for a person whose account was deleted (the site translates it). */
export const FORMER_MEMBER = 'Former member';

/** Public display names for a set of accounts; a deleted account has none. */
export async function displayNames(sql: Sql, accountIds: readonly string[]): Promise<Map<string, string>> {
  if (accountIds.length === 0) return new Map();
  const rows = await sql<{ account_id: string; name: string }[]>`
    select account_id, name from account_personal where account_id = any(${accountIds as string[]}::uuid[])`;
  return new Map(rows.map((row) => [row.account_id, row.name]));
}
