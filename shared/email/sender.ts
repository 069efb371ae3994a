import type { Config } from '../config.ts';
import type { Sql } from '../db/postgres.ts';
import type { EmailLanguage } from '../domain/notification-preferences/events.ts';
import type { NotificationType } from '../domain/notifications/types.ts';
import { emailSender } from './messages.ts';
import { renderEmail } from './render.ts';
import { createMailTransport, type MailTransport } from './transport.ts';

export { outboxDir } from './transport.ts';

type Logger = { error(obj: object, msg?: string): void };

export type EmailSenderOptions = {
  sql: Sql;
  /** SMTP when set; otherwise one .eml file per message under `<dataDir>/outbox/`. */
  smtpUrl?: string;
  dataDir: string;
  /** Absolute base of the links in the e-mails. */
  siteUrl: string;
  pollIntervalMs?: number;
  /** How long a claimed row stays reserved before another sender may retry it (a crash mid-send). */
  leaseSeconds?: number;
  maxAttempts?: number;
  logger?: Logger;
};

type Claimed = {
  id: string;
  user_id: string;
  type: NotificationType;
  title_key: string;
  message_key: string;
  values: Record<string, string | number>;
  action_url: string | null;
  language: EmailLanguage;
  consent_given_at: Date;
  attempts: number;
};

/** The absolute base of the links in e-mails (no trailing slash). */
export const siteUrlOf = (config: Pick<Config, 'PORT' | 'PUBLIC_URL'>) =>
  config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;

/**
 * Sends the pending rows of rm_email_outbox (written by projections/email-outbox.ts). Rows are
 * claimed in a short transaction (FOR UPDATE SKIP LOCKED, so several senders never take the same
 * row) with a lease, sent outside any transaction (an open transaction would hold back the
 * projections' reader), then marked sent. A crash between sending and marking can send one row
 * again after its lease; the file transport then rewrites the same file.
 */
export class EmailSender {
  private readonly options: Required<Omit<EmailSenderOptions, 'smtpUrl' | 'logger'>> &
    Pick<EmailSenderOptions, 'smtpUrl' | 'logger'>;
  private readonly transport: MailTransport;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(options: EmailSenderOptions) {
    this.options = { pollIntervalMs: 1000, leaseSeconds: 300, maxAttempts: 8, ...options };
    this.transport = createMailTransport({ smtpUrl: options.smtpUrl, dataDir: options.dataDir });
  }

  start(): this {
    this.stopped = false;
    this.schedule(0);
    return this;
  }

  /** Waits for a batch in flight, then closes the transport (a bound function: pass it around). */
  readonly stop = async (): Promise<void> => {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    this.transport.close();
  };

  /** Sends every row due now; resolves with how many were handled. */
  async flush(): Promise<number> {
    let total = 0;
    for (;;) {
      const handled = await this.sendBatch();
      total += handled;
      if (handled === 0 || this.stopped) return total;
    }
  }

  private schedule(delay: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.flush()
        .then(() => undefined)
        .catch((err: unknown) => this.options.logger?.error({ err }, 'e-mail sender failed'))
        .finally(() => {
          this.running = null;
          this.schedule(this.options.pollIntervalMs);
        });
    }, delay);
    this.timer.unref();
  }

  private async sendBatch(): Promise<number> {
    const { sql, leaseSeconds } = this.options;
    const rows = await sql<Claimed[]>`
      update rm_email_outbox o
      set next_attempt_at = now() + make_interval(secs => ${leaseSeconds}), attempts = o.attempts + 1
      from (
        select id from rm_email_outbox
        where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at, created_at
        limit 10
        for update skip locked
      ) due
      where o.id = due.id
      returning o.id, o.user_id, o.type, o.title_key, o.message_key, o.values, o.action_url, o.language,
        o.consent_given_at, o.attempts`;
    for (const row of rows) await this.sendOne(row);
    return rows.length;
  }

  private async sendOne(row: Claimed) {
    const { sql } = this.options;
    // Recipient at send time: a deleted account, or consent withdrawn since, drops the e-mail.
    const [recipient] = await sql<{ name: string; email: string }[]>`
      select p.name, p.email from account_personal p
      join rm_email_outbox_recipients r on r.user_id = p.account_id
      where p.account_id = ${row.user_id} and r.consent_given_at is not null and ${row.type}::text = any(r.email_types)`;
    if (!recipient) {
      await sql`update rm_email_outbox set status = 'skipped' where id = ${row.id}`;
      return;
    }
    try {
      const rendered = renderEmail({
        language: row.language,
        recipientName: recipient.name,
        type: row.type,
        titleKey: row.title_key,
        messageKey: row.message_key,
        values: row.values,
        actionUrl: row.action_url,
        consentGivenAt: row.consent_given_at,
        siteUrl: this.options.siteUrl,
      });
      const unsubscribe = `${this.options.siteUrl}${row.language === 'fr' ? '/fr' : ''}/notification-preferences`;
      await this.transport.send(
        {
          from: emailSender.from,
          to: { name: recipient.name, address: recipient.email },
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
          messageId: `<${row.id.replace(/[^A-Za-z0-9.-]/g, '.')}@marketplace.example>`,
          list: { unsubscribe: { url: unsubscribe, comment: 'Notification preferences' } },
        },
        row.id,
      );
      await sql`update rm_email_outbox set status = 'sent', sent_at = now(), last_error = null where id = ${row.id}`;
    } catch (error) {
      const failed = row.attempts >= this.options.maxAttempts;
      const retryIn = Math.min(3600, 30 * 2 ** row.attempts);
      await sql`
        update rm_email_outbox
        set status = ${failed ? 'failed' : 'pending'}, last_error = ${String(error).slice(0, 500)},
          next_attempt_at = now() + make_interval(secs => ${retryIn})
        where id = ${row.id}`;
      this.options.logger?.error({ err: error, id: row.id }, 'e-mail not sent');
    }
  }
}

/** The projection processes' one-line start: `const sender = startEmailSender(sql, config)`. */
export function startEmailSender(sql: Sql, config: Config, logger?: Logger): EmailSender {
  return new EmailSender({
    sql,
    smtpUrl: config.SMTP_URL,
    dataDir: config.DATA_DIR,
    siteUrl: siteUrlOf(config),
    logger,
  }).start();
}
