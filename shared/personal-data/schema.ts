/**
 * Personal data kept beside the event log, outside it (docs/decisions.md, "Personal data and the
 * event log"): what the law makes us keep about a signature, and who wrote to us through the
 * contact form. Like `account_personal`, these rows are deleted (at the end of their retention, or
 * with the account), which the append-only log could never do.
 *
 * `postal_codes` holds the full postal code a person typed (a home's, usually): events carry only its
 * forward sortation area. Unlike the two tables below it is written after its event, as a detail
 * of what the event recorded, so it needs no confirmation: a crash in between only leaves the
 * parties seeing the FSA.
 *
 * `confirmed` is set once the event the row belongs to is in the log: a row is written before its
 * event (so the log never refers to a row that does not exist), and a row whose event never made it
 * (a crash in between) is found by the purge job and deleted.
 */
export const PERSONAL_RECORDS_SCHEMA = `
create table if not exists legal_copies (
  copy_id uuid primary key,
  kind text not null,
  job_id uuid not null,
  version integer not null,
  role text not null,
  account_id uuid not null,
  template_version text not null,
  text_hash text not null,
  name_at_signing text not null,
  typed_name text not null,
  user_agent text not null,
  signed_at timestamptz not null,
  retain_until timestamptz not null,
  confirmed boolean not null default false,
  created_at timestamptz not null default now()
);
create index if not exists legal_copies_job on legal_copies (job_id);
create index if not exists legal_copies_retention on legal_copies (retain_until);
create index if not exists legal_copies_unconfirmed on legal_copies (created_at) where not confirmed;

create table if not exists postal_codes (
  subject_id uuid primary key,
  account_id uuid not null,
  postal_code text not null,
  updated_at timestamptz not null default now()
);
create index if not exists postal_codes_account on postal_codes (account_id);

create table if not exists contact_senders (
  message_id uuid primary key,
  sender_id uuid,
  name text not null,
  email text not null,
  received_at timestamptz not null,
  retain_until timestamptz not null,
  confirmed boolean not null default false,
  created_at timestamptz not null default now()
);
create index if not exists contact_senders_sender on contact_senders (sender_id) where sender_id is not null;
create index if not exists contact_senders_retention on contact_senders (retain_until);
create index if not exists contact_senders_unconfirmed on contact_senders (created_at) where not confirmed;`;
