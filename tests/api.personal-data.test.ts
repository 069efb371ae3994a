import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalDataPurgeJob } from '../workflows/personal-data-purge.ts';
import { allScheduledJobs } from '../workflows/scheduled-jobs.ts';
import { scheduleStreamId } from '../shared/domain/booking/events.ts';
import { contactStreamId } from '../shared/domain/contact/streams.ts';
import { contractStreamId, type ContractTerms } from '../shared/domain/contracts/events.ts';
import { renderContract } from '../shared/domain/contracts/template.ts';
import { legalCopyReadsStreamId } from '../shared/domain/legal-copies/events.ts';
import { LEGAL_COPY_MESSAGES } from '../shared/domain/legal-copies/messages.ts';
import { insertSignatureCopy } from '../shared/personal-data/legal-copies.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, createAdmin, eventsMentioning, signUp } from './support/http-client.ts';
import { idempotencyKey, moneyFlow, paintingOrder, type Person } from './support/money-flow.ts';
import { waitUntil } from './support/wait.ts';

/**
 * Personal data stays out of the event log, and deleting an account anonymises what everyone else
 * sees (docs/decisions.md, "Personal data and the event log", "Legal copies and retention").
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const { jobContext, settle, rowIn, awardedJob, sign, fundedJob } = moneyFlow(() => t);
const FORMER_MEMBER = 'Former member';
const DAY = 86_400_000;
const USER_AGENT = 'Mozilla/5.0 (test)';

async function signedInAdmin() {
  const admin = await createAdmin(t.runtime);
  const browser = new Browser(t.app);
  const login = await browser.post('/api/auth/login', {
    email: admin.registration.email,
    password: admin.registration.password,
  });
  expect(login.statusCode, login.body).toBe(200);
  return { browser, id: admin.accountId };
}

/** A booking between the two, completed yesterday (the booking module's events, appended as the reviews suite does). */
async function completedBooking(customer: Person, contractor: Person) {
  const bookingId = randomUUID();
  const [customerId, contractorId] = [customer.user.id, contractor.user.id];
  const completedAt = new Date(Date.now() - DAY);
  const startsAt = new Date(completedAt.getTime() - DAY).toISOString();
  const requestedAt = new Date(completedAt.getTime() - 2 * DAY).toISOString();
  await t.runtime.store.append(scheduleStreamId(contractorId), [
    {
      type: 'BookingRequested',
      data: {
        bookingId,
        contractorId,
        customerId,
        startsAt,
        endsAt: new Date(Date.parse(startsAt) + 2 * 3_600_000).toISOString(),
        timeZone: 'America/Toronto',
        customerTimeZone: 'America/Toronto',
        workOrderId: null,
        offeringId: null,
        priceCents: 25_000,
        note: null,
        requestedAt,
      },
    },
    { type: 'BookingConfirmed', data: { bookingId, contractorId, customerId, startsAt, confirmedAt: requestedAt } },
    {
      type: 'BookingCompleted',
      data: {
        bookingId,
        contractorId,
        customerId,
        workOrderId: null,
        completedBy: contractorId,
        completedAt: completedAt.toISOString(),
      },
    },
  ]);
  await waitUntil(
    async () =>
      (await t.runtime.sql`select 1 from rm_review_jobs where job_id = ${bookingId} and completed_at is not null`)
        .length > 0,
    { message: 'the booking was not projected for reviews' },
  );
  return bookingId;
}

/** Every answer a person's counterpart (or an admin) can get about their shared work. */
function viewsOf(jobId: string, bookingId: string, contractorId: string) {
  return {
    contract: `/api/contracts/${jobId}`,
    contracts: '/api/contracts',
    escrow: `/api/escrows/${jobId}`,
    receipt: `/api/receipts/${jobId}`,
    conversations: '/api/conversations',
    conversation: `/api/conversations/work-order/${jobId}/messages`,
    crm: '/api/contractor/crm',
    reviews: `/api/bookings/${bookingId}/reviews`,
    publicReviews: `/api/users/${contractorId}/reviews`,
  };
}

describe('deleting an account after a signed, paid and reviewed job', () => {
  it('shows "Former member" to the other party and the auditor, and no event names either party', async () => {
    const { customer, contractor, jobId } = await fundedJob();
    const name = customer.user.name;
    const email = customer.registration.email;

    // A conversation, the release (receipt and fee invoice), and a reviewed booking between the two.
    const message = await customer.browser.post(`/api/conversations/work-order/${jobId}/messages`, {
      body: 'The paint is in the garage; the side door is open.',
    });
    expect(message.statusCode, message.body).toBe(201);
    const complete = await contractor.browser.post(`/api/escrows/${jobId}/complete`, {}, idempotencyKey());
    expect(complete.statusCode, complete.body).toBe(200);
    const approve = await customer.browser.post(`/api/escrows/${jobId}/approve`, {}, idempotencyKey());
    expect(approve.statusCode, approve.body).toBe(200);
    const bookingId = await completedBooking(customer, contractor);
    for (const person of [customer, contractor]) {
      const reviewed = await person.browser.post(`/api/bookings/${bookingId}/reviews`, {
        rating: 5,
        text: 'Clear, on time and friendly from start to finish.',
      });
      expect(reviewed.statusCode, reviewed.body).toBe(201);
    }
    await t.runtime.runner!.idle();

    const views = viewsOf(jobId, bookingId, contractor.user.id);
    const admin = await signedInAdmin();
    const adminViews = {
      contract: `/api/contracts/${jobId}`,
      contractHistory: `/api/audit/streams/${contractStreamId(jobId)}`,
      escrowHistory: `/api/audit/streams/escrow-${jobId}`,
    };

    // Before: the counterpart sees the name (so the checks below can fail).
    const before = await contractor.browser.get(views.contract);
    expect(before.json().parties.customer).toEqual({ id: customer.user.id, name });
    expect((await contractor.browser.get(views.crm)).body).toContain(name);
    expect((await admin.browser.get(adminViews.contractHistory)).json().roles[customer.user.id]).toBe('customer');

    const deleted = await customer.browser.delete('/api/auth/account', { password: customer.registration.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await t.runtime.runner!.idle();

    // (a) Every answer to anyone else reads "Former member", never the name or the e-mail.
    const leaks: string[] = [];
    const answers = new Map<string, unknown>();
    for (const [who, browser, urls] of [
      ['contractor', contractor.browser, views],
      ['admin', admin.browser, adminViews],
    ] as const) {
      for (const [label, url] of Object.entries(urls)) {
        const response = await browser.get(url);
        expect(response.statusCode, `${who} ${label}: ${response.body}`).toBe(200);
        if (response.body.includes(name)) leaks.push(`${who} ${label} shows the name`);
        if (response.body.toLowerCase().includes(email.toLowerCase())) leaks.push(`${who} ${label} shows the e-mail`);
        answers.set(`${who} ${label}`, response.json());
      }
    }
    expect(leaks).toEqual([]);
    const answer = (key: string) => answers.get(key) as Record<string, never>;
    expect(answer('contractor contract')).toMatchObject({
      parties: { customer: { id: customer.user.id, name: FORMER_MEMBER } },
      signatures: { customer: { userId: customer.user.id }, contractor: { userId: contractor.user.id } },
    });
    expect(answer('contractor contracts')).toMatchObject({
      contracts: expect.arrayContaining([
        expect.objectContaining({ jobId, counterparty: expect.objectContaining({ name: FORMER_MEMBER }) }),
      ]),
    });
    expect(answer('contractor escrow')).toMatchObject({ counterparty: { name: FORMER_MEMBER } });
    expect(answer('contractor receipt')).toMatchObject({ customer: { name: FORMER_MEMBER } });
    expect(JSON.stringify(answer('contractor conversations'))).toContain(FORMER_MEMBER);
    expect(answer('contractor conversation')).toMatchObject({
      messages: expect.arrayContaining([expect.objectContaining({ senderName: FORMER_MEMBER })]),
    });
    expect(JSON.stringify(answer('contractor crm'))).toContain(FORMER_MEMBER);
    expect(answer('contractor reviews')).toMatchObject({
      reviews: expect.arrayContaining([expect.objectContaining({ reviewerName: FORMER_MEMBER })]),
    });
    expect(answer('admin contract')).toMatchObject({ parties: { customer: { name: FORMER_MEMBER } } });
    expect(answer('admin contractHistory')).toMatchObject({ roles: { [customer.user.id]: 'customer' } });
    expect(answer('admin escrowHistory')).toMatchObject({ roles: { [customer.user.id]: 'customer' } });
    // The contract still verifies: its text never held a name.
    expect((await contractor.browser.get(`/api/contracts/${jobId}/verify`)).json()).toMatchObject({ ok: true });

    // (b) No event names or e-mails either party, nor keeps the typed signature or the browser.
    for (const text of [name, email, contractor.user.name, contractor.registration.email, USER_AGENT]) {
      expect(await eventsMentioning(t.runtime, text), text).toBe(0);
    }
    // The legal copy keeps the name the law requires, for an administrator who gives a reason.
    const legal = await admin.browser.post(`/api/admin/legal-copies/${jobId}/read`, {
      reason: 'Tax audit request about this job',
    });
    expect(legal.statusCode, legal.body).toBe(200);
    expect(legal.json().copies).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          role: 'customer',
          accountId: customer.user.id,
          accountExists: false,
          nameAtSigning: name,
          typedName: name,
          userAgent: USER_AGENT,
          matchesSignature: true,
        }),
      ]),
    );
  });
});

describe('events written before personal data left the log', () => {
  it('are read without their names: no read model or answer copies them, and a v1 contract still verifies', async () => {
    const customer = await signUp(t.app, { role: 'customer' });
    const contractor = await signUp(t.app, { role: 'contractor' });
    const tag = randomUUID().slice(0, 8);
    const [legacyCustomer, legacyContractor, legacyAgent] = [
      `Olda Legacy ${tag}`,
      `Oldo Trades ${tag}`,
      `Legacy-UA ${tag}`,
    ];
    const jobId = randomUUID();
    const generatedAt = new Date(Date.now() - DAY).toISOString();
    const terms: ContractTerms = {
      jobId,
      jobKind: 'work-order',
      title: 'Paint the porch',
      scope: 'Scrape, prime and paint the front porch, two coats.',
      priceCents: 50_000,
      schedule: null,
      customer: { userId: customer.user.id, name: legacyCustomer, province: 'ON' },
      contractor: { userId: contractor.user.id, name: legacyContractor, province: 'ON' },
      governingProvince: 'ON',
    };
    const { textHash } = renderContract(terms, { version: 1, generatedAt }, 'v1');
    await t.runtime.store.append(contractStreamId(jobId), [
      { type: 'ContractGenerated', data: { jobId, version: 1, templateVersion: 'v1', terms, textHash, generatedAt } },
      {
        type: 'ContractSigned',
        data: {
          jobId,
          version: 1,
          role: 'customer',
          userId: customer.user.id,
          typedName: legacyCustomer,
          textHash,
          userAgent: legacyAgent,
          signedAt: generatedAt,
        },
      },
    ]);
    const messageId = randomUUID();
    await t.runtime.store.append(contactStreamId(messageId), [
      {
        type: 'ContactMessageReceived',
        data: {
          messageId,
          name: legacyCustomer,
          email: `legacy.${tag}@example.ca`,
          subject: null,
          message: `Legacy message ${tag}`,
          senderId: null,
          receivedAt: generatedAt,
        },
      },
    ]);
    await settle(rowIn('rm_contracts', jobId));
    await t.runtime.runner!.idle();

    const [row] = await t.runtime.sql<{ text: string }[]>`
      select terms::text || signatures::text as text from rm_contracts where job_id = ${jobId}`;
    const [inbox] = await t.runtime.sql<{ text: string }[]>`
      select row_to_json(i)::text as text from rm_contact_inbox i where message_id = ${messageId}`;
    const admin = await signedInAdmin();
    const answers = [
      row!.text,
      inbox!.text,
      (await contractor.browser.get(`/api/contracts/${jobId}`)).body,
      (await contractor.browser.get('/api/contracts')).body,
      (await admin.browser.get(`/api/audit/streams/${contractStreamId(jobId)}`)).body,
      (await admin.browser.get('/api/admin/contact-messages?limit=100')).body,
    ];
    for (const answer of answers) {
      expect(answer).not.toContain(legacyCustomer);
      expect(answer).not.toContain(legacyContractor);
      expect(answer).not.toContain(legacyAgent);
      expect(answer).not.toContain(`legacy.${tag}`);
    }
    // The view shows today's names; the log still proves what was signed.
    const view = (await contractor.browser.get(`/api/contracts/${jobId}`)).json();
    expect(view.parties.customer.name).toBe(customer.user.name);
    expect(view.rendered.text).toContain(`Customer: ${customer.user.name} (Ontario)`);
    expect((await contractor.browser.get(`/api/contracts/${jobId}/verify`)).json()).toMatchObject({
      ok: true,
      textHash,
      signatures: [{ role: 'customer', matches: true }],
    });
  });
});

describe('postal codes', () => {
  it('keep only the FSA in the log; the parties see the full code until the person who gave it leaves', async () => {
    // Postal codes no other test uses, so the log can be searched for them.
    const [home, base] = ['K2P 1L4', 'K1N 9N4'];
    const customer = await signUp(t.app, { role: 'customer' });
    const contractor = await signUp(t.app, { role: 'contractor' });
    const area = await contractor.browser.put('/api/contractor/service-area', {
      postalCode: base,
      services: ['painting'],
    });
    expect(area.statusCode, area.body).toBe(200);
    expect(area.json().serviceArea).toMatchObject({ fsa: 'K1N', postalCode: base });
    expect((await contractor.browser.get('/api/contractor/service-area')).json().serviceArea).toMatchObject({
      fsa: 'K1N',
      postalCode: base,
    });
    await t.runtime.runner!.idle();
    const posted = await customer.browser.post(
      '/api/work-orders',
      paintingOrder({ postalCode: home, mode: 'direct', directContractorId: contractor.user.id }),
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const orderId = posted.json().workOrder.id as string;
    expect(posted.json().workOrder.location).toMatchObject({ fsa: 'K2P', postalCode: home });
    await t.runtime.runner!.idle();
    for (const full of [home, base, '1L4', '9N4']) expect(await eventsMentioning(t.runtime, full), full).toBe(0);

    // The picked contractor is a party: the full code; once the customer leaves, only the FSA.
    const order = async () => (await contractor.browser.get(`/api/work-orders/${orderId}`)).json().workOrder.location;
    expect(await order()).toMatchObject({ fsa: 'K2P', postalCode: home });
    const deleted = await customer.browser.delete('/api/auth/account', { password: customer.registration.password });
    expect(deleted.statusCode).toBe(200);
    expect(await order()).toMatchObject({ fsa: 'K2P', postalCode: null });
  });
});

describe('signing', () => {
  it('keeps the typed name and the browser in the legal copy, never in the event; a refused signature keeps none', async () => {
    const { customer, jobId } = await awardedJob();
    const copies = async () => (await t.runtime.sql`select 1 from legal_copies where job_id = ${jobId}`).length;
    const wrongName = await sign(customer, jobId, { typedName: 'Somebody Else' });
    expect(wrongName.statusCode).toBe(400);
    expect(await copies()).toBe(0);

    const typed = `  ${customer.user.name.toUpperCase()} `;
    const signed = await sign(customer, jobId, { typedName: typed });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().signatures.customer).toEqual({
      role: 'customer',
      userId: customer.user.id,
      version: 1,
      textHash: signed.json().rendered.textHash,
      signedAt: expect.any(String),
    });
    expect(signed.json().rendered.text).not.toContain(customer.user.name);
    const [event] = await t.runtime.sql<{ data: Record<string, unknown> }[]>`
      select data from es_events where stream_id = ${contractStreamId(jobId)} and type = 'ContractSigned'`;
    expect(Object.keys(event!.data).sort()).toEqual(
      ['jobId', 'legalCopyId', 'role', 'signedAt', 'textHash', 'userId', 'version'].sort(),
    );
    const [copy] = await t.runtime.sql<
      { copy_id: string; typed_name: string; text_hash: string; confirmed: boolean }[]
    >`
      select copy_id, typed_name, text_hash, confirmed from legal_copies where job_id = ${jobId}`;
    expect(copy).toMatchObject({
      copy_id: event!.data.legalCopyId,
      typed_name: typed.trim(),
      text_hash: event!.data.textHash,
      confirmed: true,
    });
  });
});

describe('POST /api/admin/legal-copies/:jobId/read', () => {
  it('is refused without a reason, to non-admins, and for a contract with no copy; a reading is an event', async () => {
    const job = await awardedJob();
    expect((await sign(job.customer, job.jobId)).statusCode).toBe(200);
    expect((await sign(job.contractor, job.jobId)).statusCode).toBe(200);
    const url = `/api/admin/legal-copies/${job.jobId}/read`;
    const reason = 'Court order 2026-CV-1142 for this contract';

    expect((await new Browser(t.app).post(url, { reason })).statusCode).toBe(401);
    for (const party of [job.customer, job.contractor]) {
      const refused = await party.browser.post(url, { reason });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatch(/^Access denied/);
    }
    const admin = await signedInAdmin();
    for (const body of [{}, { reason: '' }, { reason: '   too short ' }, { reason: 'r'.repeat(501) }, { reason: 42 }]) {
      const refused = await admin.browser.post(url, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toEqual({ error: LEGAL_COPY_MESSAGES.reason });
    }
    expect((await admin.browser.post(`/api/admin/legal-copies/not-a-uuid/read`, { reason })).statusCode).toBe(400);
    const unknown = await admin.browser.post(`/api/admin/legal-copies/${randomUUID()}/read`, { reason });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: LEGAL_COPY_MESSAGES.notFound });
    // Nothing was read so far, so nothing was recorded.
    expect(await t.runtime.store.readStream(legalCopyReadsStreamId(job.jobId))).toHaveLength(0);

    const read = await admin.browser.post(url, { reason });
    expect(read.statusCode, read.body).toBe(200);
    const copies = read.json().copies as { copyId: string; role: string; nameAtSigning: string }[];
    expect(copies.map((copy) => [copy.role, copy.nameAtSigning]).sort()).toEqual(
      [
        ['contractor', job.contractor.user.name],
        ['customer', job.customer.user.name],
      ].sort(),
    );
    expect((await admin.browser.post(url, { reason: 'Second look for the same order' })).statusCode).toBe(200);
    const recorded = await t.runtime.store.readStream(legalCopyReadsStreamId(job.jobId));
    expect(recorded.map((event) => event.type)).toEqual(['LegalCopyRead', 'LegalCopyRead']);
    expect(recorded[0]!.data).toEqual({
      jobId: job.jobId,
      copyIds: copies.map((copy) => copy.copyId),
      readBy: admin.id,
      reason,
      readAt: expect.any(String),
    });
    expect(JSON.stringify(recorded.map((event) => event.data))).not.toContain(job.customer.user.name);
  });
});

describe('the personal-data purge', () => {
  it('deletes legal copies and contact senders whose retention ended, and the rows a crash left without their event', async () => {
    expect(allScheduledJobs).toContain(personalDataPurgeJob);
    const job = await awardedJob();
    expect((await sign(job.customer, job.jobId)).statusCode).toBe(200);
    const [kept] = await t.runtime.sql<{ copyId: string; retainUntil: Date; signedAt: Date }[]>`
      select copy_id as "copyId", retain_until as "retainUntil", signed_at as "signedAt"
      from legal_copies where job_id = ${job.jobId}`;
    // Kept to the end of the seventh calendar year after signing (Toronto).
    expect(kept!.retainUntil.getTime()).toBeGreaterThan(kept!.signedAt.getTime() + 7 * 365 * DAY);

    // A contact message, and rows a crash left behind: a copy and a sender whose events never came.
    const visitor = new Browser(t.app);
    const marker = randomUUID();
    expect(
      (
        await visitor.post('/api/contact', {
          name: 'Purge Visitor',
          email: `purge.${marker}@example.ca`,
          message: `About retention ${marker}`,
        })
      ).statusCode,
    ).toBe(200);
    const orphanCopy = randomUUID();
    await insertSignatureCopy(t.runtime.sql, {
      copyId: orphanCopy,
      jobId: job.jobId,
      version: 1,
      role: 'contractor',
      accountId: job.contractor.user.id,
      templateVersion: 'v2',
      textHash: 'f'.repeat(64),
      nameAtSigning: job.contractor.user.name,
      typedName: job.contractor.user.name,
      userAgent: USER_AGENT,
      signedAt: new Date(),
    });
    const orphanSender = randomUUID();
    await t.runtime.sql`
      insert into contact_senders (message_id, name, email, received_at, retain_until)
      values (${orphanSender}, 'Crashed Sender', 'crashed@example.ca', now(), now() + interval '2 years')`;
    const count = async (table: 'legal_copies' | 'contact_senders', column: 'copy_id' | 'message_id', id: string) =>
      (await t.runtime.sql`select 1 from ${t.runtime.sql(table)} where ${t.runtime.sql(column)} = ${id}`).length;
    const [sender] = await t.runtime.sql<{ messageId: string }[]>`
      select message_id as "messageId" from contact_senders where email = ${`purge.${marker}@example.ca`}`;

    // Now: nothing is due, and the crash's rows are younger than the grace hour.
    await personalDataPurgeJob.run(jobContext(new Date()));
    expect(await count('legal_copies', 'copy_id', orphanCopy)).toBe(1);
    expect(await count('legal_copies', 'copy_id', kept!.copyId)).toBe(1);

    // Two hours later: the crash's rows go, the real ones stay (and are confirmed).
    await personalDataPurgeJob.run(jobContext(new Date(Date.now() + 2 * 3_600_000)));
    expect(await count('legal_copies', 'copy_id', orphanCopy)).toBe(0);
    expect(await count('contact_senders', 'message_id', orphanSender)).toBe(0);
    expect(await count('legal_copies', 'copy_id', kept!.copyId)).toBe(1);
    expect(await count('contact_senders', 'message_id', sender!.messageId)).toBe(1);

    // Past the contact retention (2 years) the sender goes; the legal copy stays until its own end.
    await personalDataPurgeJob.run(jobContext(new Date(Date.now() + 2 * 366 * DAY)));
    expect(await count('contact_senders', 'message_id', sender!.messageId)).toBe(0);
    expect(await count('legal_copies', 'copy_id', kept!.copyId)).toBe(1);
    await personalDataPurgeJob.run(jobContext(new Date(kept!.retainUntil.getTime() - 1_000)));
    expect(await count('legal_copies', 'copy_id', kept!.copyId)).toBe(1);
    await personalDataPurgeJob.run(jobContext(new Date(kept!.retainUntil.getTime() + 1_000)));
    expect(await count('legal_copies', 'copy_id', kept!.copyId)).toBe(0);
    // The contract and its message stay in the log: only the personal data went.
    await settle(rowIn('rm_contracts', job.jobId));
    expect(await eventsMentioning(t.runtime, marker)).toBe(1);
  });
});
