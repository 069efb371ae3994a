import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

/** `CREATE DATABASE` cannot run in a transaction, so these use a one-connection admin pool. */
async function onAdmin<T>(adminUrl: string, work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    return await work(sql);
  } finally {
    await sql.end({ timeout: 1 });
  }
}

function urlFor(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Creates a database if it does not exist yet and answers its URL. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<string> {
  await onAdmin(adminUrl, async (sql) => {
    const [row] = await sql`select 1 as present from pg_database where datname = ${name}`;
    if (!row) await sql.unsafe(`create database ${quoted(name)}`);
  });
  return urlFor(adminUrl, name);
}

export type ScratchDatabase = { url: string; name: string; drop(): Promise<void> };

/** A fresh, uniquely named database (tests, benchmarks), dropped by `drop()`. */
export async function createScratchDatabase(adminUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await onAdmin(adminUrl, (sql) => sql.unsafe(`create database ${quoted(name)}`));
  return {
    url: urlFor(adminUrl, name),
    name,
    drop: () =>
      onAdmin(adminUrl, (sql) => sql.unsafe(`drop database if exists ${quoted(name)} with (force)`)).then(() => {}),
  };
}
