import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPersonalData } from '../api/modules/accounts/personal-data.ts';
import { createRuntime, type Runtime } from '../runtime/runtime.ts';
import { emailOutboxProjection, outboxOf } from '../projections/email-outbox.ts';
import { rebuildProjections } from '../infrastructure/projections/rebuild.ts';
import { accountStreamId } from '../shared/domain/accounts/streams.ts';
import { handleCommand } from '../shared/domain/decider.ts';
import { notificationPreferencesDecider } from '../shared/domain/notification-preferences/decider.ts';
import { notificationPreferencesStreamId } from '../shared/domain/notification-preferences/streams.ts';
import { outboxDir } from '../shared/email/sender.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { waitUntil } from './support/wait.ts';

let t: TestApp;
let dataDir: string;
let runtime: Runtime;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'outbox-test-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  runtime = t.runtime;
});
afterAll(async () => {
  await t?.app.close();
  await runtime?.close();
  await t?.database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const context = () => ({ actorId: null, correlationId: randomUUID(), now: new Date() });
const files = async () =>
  (await readdir(outboxDir(dataDir)).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));

/**
 * An account whose preferences were recorded before its registration was projected (the order a
 * real registration cannot produce yet: the welcome notification is the only one so far).
 */
async function register(options: {
  consent: boolean;
  systemEmail: boolean;
  personalData?: boolean;
  language?: 'en' | 'fr';
}) {
  const accountId = randomUUID();
  const email = `outbox.${accountId.slice(0, 8)}@example.ca`;
  if (options.consent || options.systemEmail) {
    await handleCommand(
      runtime.store,
      notificationPreferencesStreamId(accountId),
      notificationPreferencesDecider,
      {
        type: 'UpdateNotificationPreferences',
        userId: accountId,
        email: { system: options.systemEmail, reminder: true },
        consent: options.consent
          ? { wordingVersion: 'email-consent-2026-01', language: options.language ?? 'en' }
          : undefined,
        now: new Date(),
      },
      context(),
    );
  }
  if (options.personalData !== false) {
    await insertPersonalData(runtime.sql, {
      accountId,
      name: 'Outbox <Tester>',
      email,
      passwordHash: 'not-a-real-hash',
      dateOfBirth: '1990-01-01',
    });
  }
  const { position } = await runtime.store.append(
    accountStreamId(accountId),
    [
      {
        type: 'AccountRegistered',
        data: { accountId, role: 'customer', registeredAt: new Date().toISOString() },
        metadata: {
          actorId: null,
          correlationId: randomUUID(),
          causationId: randomUUID(),
          occurredAt: new Date().toISOString(),
        },
      },
    ],
    { expectedRevision: 'no_stream' },
  );
  return { accountId, email, position };
}

const projected = (accountId: string) =>
  waitUntil(async () => (await runtime.sql`select 1 from rm_accounts where account_id = ${accountId}`).length > 0, {
    message: 'the registration was not projected',
  });

describe('e-mail outbox', () => {
  it('sends the welcome e-mail once, as one file, to a user with e-mail on and consent given', async () => {
    const { accountId, email } = await register({ consent: true, systemEmail: true, language: 'fr' });
    const [row] = await waitUntil(
      async () => {
        const rows = await outboxOf(runtime.sql, accountId);
        return rows[0]?.status === 'sent' ? rows : null;
      },
      { message: 'the welcome e-mail was not sent' },
    );
    expect(row!.attempts).toBe(1);
    const all = await files();
    // One file, named after the notification id (the idempotency key): `<event id>:<account id>`.
    expect(all).toEqual([`${row!.id.replace(/[^A-Za-z0-9_-]/g, '_')}.eml`]);
    // …the notification's own id, the same on every replay (derived from the event and the recipient).
    expect(row!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const message = await readFile(path.join(outboxDir(dataDir), all[0]!), 'utf8');
    expect(message).toContain(`To: "Outbox <Tester>" <${email}>`);
    expect(message).toMatch(/Subject: .*Bienvenue/);
    expect(message).toContain('http://localhost:');
    expect(message).toContain('/fr/notification-preferences');
    expect(message).toContain('List-Unsubscribe');
    expect(message).toContain('placeholder address');
    expect(message).toContain('support@marketplace.example');
    // The HTML part escapes the name rather than rendering it as markup.
    expect(message).toContain('Outbox &lt;Tester&gt;');
  });

  it('sends nothing with e-mail off or without consent, and skips an account deleted before sending', async () => {
    const before = (await files()).length;
    const off = await register({ consent: true, systemEmail: false });
    const noConsent = await register({ consent: false, systemEmail: false });
    const deleted = await register({ consent: true, systemEmail: true, personalData: false });
    await projected(deleted.accountId);
    await runtime.runner!.idle();
    expect(await outboxOf(runtime.sql, off.accountId)).toEqual([]);
    expect(await outboxOf(runtime.sql, noConsent.accountId)).toEqual([]);
    await waitUntil(async () => (await outboxOf(runtime.sql, deleted.accountId))[0]?.status === 'skipped', {
      message: 'the e-mail of an account without personal data was not skipped',
    });
    expect(await files()).toHaveLength(before);
  });

  it('sends exactly once across a restart of the projections and the sender, even when the outbox is rebuilt', async () => {
    const { accountId } = await register({ consent: true, systemEmail: true });
    await waitUntil(async () => (await outboxOf(runtime.sql, accountId))[0]?.status === 'sent', {
      message: 'the e-mail was not sent before the restart',
    });
    const count = (await files()).length;
    const [sent] = await outboxOf(runtime.sql, accountId);
    const fileName = (await files()).find((file) => file.startsWith(sent!.id))!;
    const written = (await stat(path.join(outboxDir(dataDir), fileName))).mtimeMs;

    await t.app.close();
    await runtime.close();
    // Force the outbox projection to replay the whole log on start.
    const admin = await createRuntime({ ...t.config, RUN_PROJECTIONS: false });
    await admin.sql`update projection_checkpoints set version = 0 where name = 'email-outbox'`;
    await admin.close();

    runtime = await createRuntime(t.config);
    await runtime.runner!.idle();
    await waitUntil(
      async () =>
        (await runtime.sql`select 1 from projection_checkpoints where name = 'email-outbox' and version = 1`).length >
        0,
    );
    // Give the restarted sender a few polls: nothing must be sent again.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await files()).toHaveLength(count);
    const rows = await outboxOf(runtime.sql, accountId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual(sent);
    expect((await stat(path.join(outboxDir(dataDir), fileName))).mtimeMs).toBe(written);

    // And the restarted sender still sends what is new.
    const next = await register({ consent: true, systemEmail: true });
    await waitUntil(async () => (await outboxOf(runtime.sql, next.accountId))[0]?.status === 'sent', {
      message: 'the restarted sender did not send',
    });
    expect(await files()).toHaveLength(count + 1);
  });

  it('sends nothing again when the rebuild command rebuilds the outbox over the rows it keeps', async () => {
    const { accountId } = await register({ consent: true, systemEmail: true });
    await waitUntil(async () => (await outboxOf(runtime.sql, accountId))[0]?.status === 'sent', {
      message: 'the e-mail was not sent before the rebuild',
    });
    const count = (await files()).length;
    const before = await runtime.sql`select * from rm_email_outbox order by id`;
    // What `npm run projections:rebuild -- email-outbox` runs in its pass, the worker's lock held.
    await runtime.runner!.stop();
    await rebuildProjections(runtime.sql, runtime.store, [emailOutboxProjection]);
    expect(await runtime.sql`select * from rm_email_outbox order by id`).toEqual(before);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await files()).toHaveLength(count);
  });
});
