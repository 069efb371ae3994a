import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedBadgesFor } from '../projections/credentials.ts';
import { planRenewalsJob } from '../workflows/plan-renewals.ts';
import { CREDENTIAL_MESSAGES as M } from '../shared/domain/credentials/rules.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, createAdmin, signUp } from './support/http-client.ts';
import { DAY, SUCCESS_CARD, card, idempotencyKey } from './support/money-flow.ts';
import { PDF, PNG, type UploadFile } from './support/uploads.ts';

/**
 * Verified credential badges through the API: a contractor on a paid plan sends a document, an
 * admin approves or rejects it with a reason, and the approved badge shows in the directory with
 * its expiry, only while the plan is paid.
 */
let t: TestApp;
let dataDir: string;
let admin: Browser;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'credentials-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  const created = await createAdmin(t.runtime);
  admin = new Browser(t.app);
  const login = await admin.post('/api/auth/login', {
    email: created.registration.email,
    password: created.registration.password,
  });
  expect(login.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const nextYear = `${new Date().getUTCFullYear() + 1}-06-30`;
type Credential = {
  id: string;
  kind: string;
  status: string;
  expiresOn: string;
  reason: string | null;
  documentUrl: string;
};

function send(browser: Browser | null, fields: Record<string, string>, file: UploadFile | null) {
  const boundary = `----cred${randomUUID()}`;
  const parts: Buffer[] = [
    ...Object.entries(fields).map(
      ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  ].map((text) => Buffer.from(text));
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const cookie = browser ? [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  return t.app.inject({
    method: 'POST',
    url: '/api/credentials',
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(cookie ? { cookie } : {}) },
  });
}

const pdf: UploadFile = { name: 'policy.pdf', type: 'application/pdf', bytes: PDF };
const insured = { kind: 'insured', expiresOn: nextYear };
const mine = async (browser: Browser) =>
  (await browser.get('/api/credentials/mine')).json().credentials as Credential[];
const verifiedOf = async (id: string) =>
  (await new Browser(t.app).get(`/api/contractors/${id}`)).json().verifiedBadges as {
    kind: string;
    expiresOn: string;
  }[];

async function paidContractor() {
  const pro = await signUp(t.app, { role: 'contractor' });
  const bought = await pro.browser.post(
    '/api/plans/purchase',
    { planId: 'local', ...card(SUCCESS_CARD) },
    idempotencyKey(),
  );
  expect(bought.statusCode, bought.body).toBe(200);
  return pro;
}

describe('sending a credential', () => {
  it('needs a paid plan and a contractor: Starter 403, a customer 403, a visitor 401', async () => {
    const starter = await signUp(t.app, { role: 'contractor' });
    const refused = await send(starter.browser, insured, pdf);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: M.paidPlan });
    expect((await send((await signUp(t.app, { role: 'customer' })).browser, insured, pdf)).statusCode).toBe(403);
    expect((await send(null, insured, pdf)).statusCode).toBe(401);
    expect(await mine(starter.browser)).toEqual([]);
  });

  it('checks the file by its bytes, the badge, the expiry, and keeps one waiting per badge', async () => {
    const pro = await paidContractor();
    const text: UploadFile = { name: 'policy.pdf', type: 'application/pdf', bytes: Buffer.from('not a pdf at all') };
    expect((await send(pro.browser, insured, text)).statusCode).toBe(415);
    expect((await send(pro.browser, { ...insured, kind: 'astronaut' }, pdf)).json()).toEqual({ error: M.kind });
    expect((await send(pro.browser, { ...insured, expiresOn: '2020-01-01' }, pdf)).json()).toEqual({
      error: M.expired,
    });
    expect((await send(pro.browser, insured, null)).json()).toEqual({ error: M.noFile });

    const sent = await send(pro.browser, insured, pdf);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().credentials).toMatchObject([{ kind: 'insured', status: 'pending', expiresOn: nextYear }]);
    expect((await send(pro.browser, insured, pdf)).json()).toEqual({ error: M.pending });
    const photo = await send(
      pro.browser,
      { kind: 'licensed', expiresOn: nextYear },
      { name: 'l.png', type: 'image/png', bytes: PNG },
    );
    expect(photo.statusCode, photo.body).toBe(201);
  });
});

describe('reviewing a credential', () => {
  it('shows the document to its owner and admins only, queues it, and rejects with a reason the contractor sees', async () => {
    const pro = await paidContractor();
    const [credential] = (await send(pro.browser, insured, pdf)).json().credentials as Credential[];
    const own = await pro.browser.get(credential!.documentUrl);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.rawPayload.equals(PDF)).toBe(true);
    expect((await admin.get(credential!.documentUrl)).statusCode).toBe(200);
    expect((await (await signUp(t.app, { role: 'contractor' })).browser.get(credential!.documentUrl)).statusCode).toBe(
      404,
    );

    const queue = (await admin.get('/api/admin/credentials')).json().credentials as (Credential & {
      contractor: { id: string };
    })[];
    expect(queue.find((item) => item.id === credential!.id)).toMatchObject({ contractor: { id: pro.user.id } });
    expect((await pro.browser.get('/api/admin/credentials')).statusCode).toBe(403);
    expect((await pro.browser.post(`/api/admin/credentials/${credential!.id}/approve`, {})).statusCode).toBe(403);

    expect((await admin.post(`/api/admin/credentials/${credential!.id}/reject`, { reason: 'no' })).json()).toEqual({
      error: M.reason,
    });
    const rejected = await admin.post(`/api/admin/credentials/${credential!.id}/reject`, {
      reason: 'The policy number is not legible.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await mine(pro.browser)).toMatchObject([
      { status: 'rejected', reason: 'The policy number is not legible.' },
    ]);
    expect((await admin.post(`/api/admin/credentials/${credential!.id}/approve`, {})).json()).toEqual({
      error: M.notPending,
    });
    expect(await verifiedOf(pro.user.id)).toEqual([]);
  });

  it('approves with the expiry read on the document: the badge shows in the directory until then, while the plan is paid', async () => {
    const pro = await paidContractor();
    const [credential] = (await send(pro.browser, insured, pdf)).json().credentials as Credential[];
    const corrected = `${new Date().getUTCFullYear() + 1}-03-31`;
    const approved = await admin.post(`/api/admin/credentials/${credential!.id}/approve`, { expiresOn: corrected });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await mine(pro.browser)).toMatchObject([{ status: 'approved', expiresOn: corrected }]);
    expect(await verifiedOf(pro.user.id)).toEqual([{ kind: 'insured', expiresOn: corrected }]);

    // The day after the expiry, it is gone.
    const after = new Date(Date.parse(`${corrected}T12:00:00Z`) + DAY).toISOString().slice(0, 10);
    expect((await verifiedBadgesFor(t.runtime.sql, [pro.user.id], after)).get(pro.user.id)).toBeUndefined();

    // Back on Starter (cancelled, then the period ends), the badge stops showing.
    expect((await pro.browser.post('/api/plans/cancel', {})).statusCode).toBe(200);
    await planRenewalsJob.run({
      sql: t.runtime.sql,
      store: t.runtime.store,
      now: new Date(Date.now() + 40 * DAY),
      gateway: t.runtime.gateway,
    });
    await t.runtime.runner!.idle();
    expect(await verifiedOf(pro.user.id)).toEqual([]);
  });
});
