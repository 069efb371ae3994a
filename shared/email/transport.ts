import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';

export const outboxDir = (dataDir: string) => path.join(dataDir, 'outbox');

/** What one e-mail needs besides the sender, which every message shares (emailSender.from). */
export type OutgoingEmail = Omit<Mail.Options, 'from'> & { to: { name: string; address: string } };

/**
 * The one way e-mail leaves the app: SMTP through nodemailer when `smtpUrl` is set, otherwise one
 * `.eml` file per message under `<dataDir>/outbox/`, named `<fileStem>.eml`. Both the outbox
 * sender (notification e-mails) and the sign-up e-mails, which no event can carry, use it.
 */
export type MailTransport = {
  /** True when messages are written to files (no SMTP server configured). */
  readonly toFiles: boolean;
  send(message: OutgoingEmail & { from: string }, fileStem: string): Promise<void>;
  close(): void;
};

export function createMailTransport(options: { smtpUrl?: string; dataDir: string }): MailTransport {
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    toFiles: !options.smtpUrl,
    async send(message, fileStem) {
      const info = await transport.sendMail(message);
      if (!options.smtpUrl) await writeMessageFile(options.dataDir, fileStem, (info as { message: Buffer }).message);
    },
    close: () => transport.close(),
  };
}

/** One file per message, written whole (temporary name, then renamed), so a reader never sees half. */
async function writeMessageFile(dataDir: string, fileStem: string, message: Buffer) {
  const dir = outboxDir(dataDir);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${fileStem.replace(/[^A-Za-z0-9_-]/g, '_')}.eml`);
  await writeFile(`${file}.tmp`, message);
  await rename(`${file}.tmp`, file);
}
