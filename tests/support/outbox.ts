import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { outboxDir } from '../../shared/email/transport.ts';

/**
 * The e-mail an app wrote to `<DATA_DIR>/outbox/` (no SMTP_URL), read back the way a mail client
 * would (postal-mime decodes the MIME parts). The API tests' apps and the browser journeys' apps
 * each have their own DATA_DIR, so what is there was sent by that app.
 */
export type SentEmail = {
  file: string;
  /** When the file was written (ms), to order e-mails to one address. */
  writtenAt: number;
  to: string[];
  subject: string;
  text: string;
  html: string;
};

// Parsed once per file: a helper polling for one new e-mail does not re-read the others.
const parsed = new Map<string, SentEmail>();

export async function sentEmails(dataDir: string): Promise<SentEmail[]> {
  const dir = outboxDir(dataDir);
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
  const emails: SentEmail[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    let email = parsed.get(file);
    if (!email) {
      const [raw, info] = await Promise.all([readFile(file), stat(file)]);
      const message = await PostalMime.parse(raw);
      email = {
        file,
        writtenAt: info.mtimeMs,
        to: (message.to ?? []).flatMap((to) => (to.address ? [to.address.toLowerCase()] : [])),
        subject: message.subject ?? '',
        text: message.text ?? '',
        html: message.html ?? '',
      };
      parsed.set(file, email);
    }
    emails.push(email);
  }
  return emails.sort((a, b) => a.writtenAt - b.writtenAt);
}

/** The e-mails sent to `address` (any case), oldest first. */
export async function emailsTo(dataDir: string, address: string): Promise<SentEmail[]> {
  const wanted = address.trim().toLowerCase();
  return (await sentEmails(dataDir)).filter((email) => email.to.includes(wanted));
}

/**
 * Waits until `address` has received `count` e-mails (default 1) and answers the newest. Sign-up
 * e-mails are sent just after the API answers, so they arrive a few milliseconds later.
 */
export async function waitForEmail(
  dataDir: string,
  address: string,
  options: { count?: number; timeoutMs?: number } = {},
): Promise<SentEmail> {
  const count = options.count ?? 1;
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const emails = await emailsTo(dataDir, address);
    if (emails.length >= count) return emails[emails.length - 1]!;
    if (Date.now() > deadline) {
      throw new Error(`${address} received ${emails.length} e-mail(s) in ${outboxDir(dataDir)}, expected ${count}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const CONFIRMATION_LINK = /https?:\/\/\S+?\/signup\/confirm\?token=[A-Za-z0-9_-]+/;

/** The sign-up confirmation link in an e-mail, or an error naming what the e-mail said instead. */
export function confirmationLinkIn(email: SentEmail): URL {
  const match = CONFIRMATION_LINK.exec(email.text);
  if (!match) throw new Error(`no confirmation link in "${email.subject}":\n${email.text}`);
  return new URL(match[0]);
}

/** Waits for the `count`-th e-mail to `address` and answers its confirmation link. */
export async function confirmationLinkFor(
  dataDir: string,
  address: string,
  options: { count?: number; timeoutMs?: number } = {},
): Promise<URL> {
  return confirmationLinkIn(await waitForEmail(dataDir, address, options));
}
