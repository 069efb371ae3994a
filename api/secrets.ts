import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../shared/config.ts';

export type Secrets = { sessionSecret: string; emailHashKey: string };

/**
 * SESSION_SECRET (required in production) signs session cookies; EMAIL_HASH_KEY (default: the
 * session secret) keys the e-mail reservation hashes. Without them, outside production, random
 * ones are made once and kept under DATA_DIR so a restart keeps both stable: a changed hash key
 * would make earlier reservations unfindable.
 */
export async function resolveSecrets(config: Config): Promise<Secrets> {
  if (config.SESSION_SECRET) {
    return { sessionSecret: config.SESSION_SECRET, emailHashKey: config.EMAIL_HASH_KEY ?? config.SESSION_SECRET };
  }
  const file = path.resolve(config.DATA_DIR, 'secrets.json');
  // The file may hold other secrets too (the audit signing key): kept as they are.
  const existing = existsSync(file) ? (JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>) : {};
  let stored = existing as Partial<Secrets>;
  if (typeof stored.sessionSecret !== 'string' || typeof stored.emailHashKey !== 'string') {
    stored = {
      sessionSecret: randomBytes(32).toString('base64url'),
      emailHashKey: randomBytes(32).toString('base64url'),
    };
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify({ ...existing, ...stored }, null, 2), { mode: 0o600 });
  }
  return { sessionSecret: stored.sessionSecret!, emailHashKey: config.EMAIL_HASH_KEY ?? stored.emailHashKey! };
}
