import type { Sql } from '../db/postgres.ts';
import type { PublicRole } from '../domain/accounts/events.ts';
import { normaliseEmail } from '../domain/accounts/streams.ts';

/**
 * Sign-ups waiting for their e-mail confirmation. Personal data (name, e-mail, password hash, birth
 * date), so here beside account_personal and never in events. One row per normalised address: a
 * second sign-up for the same address replaces the first (and its link stops working). Only a
 * SHA-256 of the link's token is kept, and a SHA-256 of the value of the cookie that binds the link
 * to the browser that signed up (`binding_hash`). Rows expire after 24 h and are purged by a
 * scheduled job.
 */
export const PENDING_REGISTRATION_SCHEMA = `
create table if not exists account_pending_registration (
  email_normalized text primary key,
  token_hash text not null unique,
  binding_hash text not null,
  name text not null,
  email text not null,
  password_hash text not null,
  date_of_birth date not null,
  role text not null,
  language text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index if not exists account_pending_registration_expires on account_pending_registration (expires_at);`;

export type PendingRegistration = {
  tokenHash: string;
  /** SHA-256 of the sign-up browser's binding cookie. */
  bindingHash: string;
  name: string;
  email: string;
  passwordHash: string;
  dateOfBirth: string;
  role: PublicRole;
  language: 'en' | 'fr';
  createdAt: Date;
  expiresAt: Date;
};

type Row = {
  token_hash: string;
  binding_hash: string;
  name: string;
  email: string;
  password_hash: string;
  date_of_birth: string;
  role: PublicRole;
  language: 'en' | 'fr';
  created_at: Date;
  expires_at: Date;
};

const toPending = (row: Row): PendingRegistration => ({
  tokenHash: row.token_hash,
  bindingHash: row.binding_hash,
  name: row.name,
  email: row.email,
  passwordHash: row.password_hash,
  dateOfBirth: row.date_of_birth,
  role: row.role,
  language: row.language,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
});

const COLUMNS = `token_hash, binding_hash, name, email, password_hash,
  to_char(date_of_birth, 'YYYY-MM-DD') as date_of_birth, role, language, created_at, expires_at`;

/**
 * Keeps a sign-up. `replace`: a new sign-up, which replaces any earlier one for the same address;
 * otherwise a claimed one put back, which never overwrites a newer one.
 */
async function insertPending(sql: Sql, pending: PendingRegistration, replace: boolean): Promise<void> {
  await sql`
    insert into account_pending_registration
      (email_normalized, token_hash, binding_hash, name, email, password_hash, date_of_birth, role, language,
        created_at, expires_at)
    values (${normaliseEmail(pending.email)}, ${pending.tokenHash}, ${pending.bindingHash}, ${pending.name},
      ${pending.email}, ${pending.passwordHash}, ${pending.dateOfBirth}, ${pending.role}, ${pending.language},
      ${pending.createdAt}, ${pending.expiresAt})
    ${
      replace
        ? sql`on conflict (email_normalized) do update set
            token_hash = excluded.token_hash, binding_hash = excluded.binding_hash, name = excluded.name,
            email = excluded.email, password_hash = excluded.password_hash, date_of_birth = excluded.date_of_birth,
            role = excluded.role, language = excluded.language, created_at = excluded.created_at,
            expires_at = excluded.expires_at`
        : sql`on conflict do nothing`
    }`;
}

/** Keeps a sign-up, replacing any earlier one for the same address. */
export const savePendingRegistration = (sql: Sql, pending: PendingRegistration) => insertPending(sql, pending, true);

/** Puts a claimed sign-up back after a failure that was not the person's (the link works again). */
export const restorePendingRegistration = (sql: Sql, pending: PendingRegistration) =>
  insertPending(sql, pending, false);

/** The sign-up a token belongs to, expired or not, left in the table. */
export async function findPendingRegistration(sql: Sql, tokenHash: string): Promise<PendingRegistration | null> {
  const [row] = await sql<Row[]>`
    select ${sql.unsafe(COLUMNS)} from account_pending_registration where token_hash = ${tokenHash}`;
  return row ? toPending(row) : null;
}

/**
 * Takes the sign-up a token belongs to out of the table, expired or not, in one statement: of two
 * confirmations with the same link, only one gets the row.
 */
export async function claimPendingRegistration(sql: Sql, tokenHash: string): Promise<PendingRegistration | null> {
  const [row] = await sql<Row[]>`
    delete from account_pending_registration where token_hash = ${tokenHash} returning ${sql.unsafe(COLUMNS)}`;
  return row ? toPending(row) : null;
}

/** Deletes the sign-ups whose link has expired; answers how many. */
export async function purgeExpiredPendingRegistrations(sql: Sql, now: Date): Promise<number> {
  const deleted = await sql`delete from account_pending_registration where expires_at <= ${now}`;
  return deleted.count;
}
