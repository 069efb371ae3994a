import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABUSE_LIMITS, parseAbuseLimitMessage } from '../shared/abuse-limits.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, createAdmin, eventsMentioning, signUp } from './support/http-client.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const tag = () => randomUUID().slice(0, 8);

const contact = (overrides: Record<string, unknown> = {}) => ({
  name: 'Élise Tremblay',
  email: `elise.${tag()}@example.ca`,
  subject: 'A question',
  message: 'How do I become a contractor?',
  ...overrides,
});

async function adminBrowser() {
  const { registration } = await createAdmin(t.runtime);
  const browser = new Browser(t.app);
  const login = await browser.post('/api/auth/login', { email: registration.email, password: registration.password });
  expect(login.statusCode).toBe(200);
  return browser;
}

type InboxMessage = { id: string; name: string | null; email: string | null; subject: string | null; message: string };
type Inbox = { total: number; messages: InboxMessage[] };

describe('POST /api/contact', () => {
  it('stores a message that the admin inbox lists, newest first', async () => {
    const first = contact({ message: `first ${tag()}` });
    const second = contact({ message: `second ${tag()}`, subject: undefined });
    const visitor = new Browser(t.app);
    expect((await visitor.post('/api/contact', first)).statusCode).toBe(200);
    const answer = await visitor.post('/api/contact', second);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ success: true });

    const admin = await adminBrowser();
    const inbox = await admin.get('/api/admin/contact-messages?limit=2');
    expect(inbox.statusCode).toBe(200);
    const body = inbox.json() as Inbox;
    expect(body.total).toBeGreaterThanOrEqual(2);
    expect(body.messages.map((m) => m.message)).toEqual([second.message, first.message]);
    expect(body.messages[0]).toMatchObject({ name: second.name, email: second.email, subject: null });
    expect(body.messages[1]).toMatchObject({ subject: 'A question' });

    const paged = (await admin.get('/api/admin/contact-messages?limit=1&offset=1')).json() as Inbox;
    expect(paged.messages.map((m) => m.message)).toEqual([first.message]);
  });

  it('keeps the sender’s name and e-mail out of the event log, and shows them in the inbox', async () => {
    const sent = contact({ name: `Élise Nommée ${tag()}`, message: `private ${tag()}` });
    expect((await new Browser(t.app).post('/api/contact', sent)).statusCode).toBe(200);
    expect(await eventsMentioning(t.runtime, sent.name)).toBe(0);
    expect(await eventsMentioning(t.runtime, sent.email)).toBe(0);
    // The event holds the message itself, under the message's id.
    expect(await eventsMentioning(t.runtime, sent.message)).toBe(1);
    const inbox = (await (await adminBrowser()).get('/api/admin/contact-messages?limit=100')).json() as Inbox;
    expect(inbox.messages.find((m) => m.message === sent.message)).toMatchObject({
      name: sent.name,
      email: sent.email,
    });
  });

  it('erases a signed-in sender’s name and e-mail when they delete their account', async () => {
    const { browser, registration } = await signUp(t.app);
    const sent = contact({ name: `Gone Sender ${tag()}`, message: `before leaving ${tag()}` });
    expect((await browser.post('/api/contact', sent)).statusCode).toBe(200);
    const admin = await adminBrowser();
    const find = async () =>
      ((await admin.get('/api/admin/contact-messages?limit=100')).json() as Inbox).messages.find(
        (m) => m.message === sent.message,
      );
    expect(await find()).toMatchObject({ name: sent.name, email: sent.email });
    expect((await browser.delete('/api/auth/account', { password: registration.password })).statusCode).toBe(200);
    expect(await find()).toMatchObject({ name: null, email: null, message: sent.message });
  });

  it('records the sender account when signed in', async () => {
    const { browser, user } = await signUp(t.app);
    const message = `signed in ${tag()}`;
    expect((await browser.post('/api/contact', contact({ message }))).statusCode).toBe(200);
    const [row] = await t.runtime.sql<{ sender_id: string }[]>`
      select sender_id from rm_contact_inbox where message = ${message}`;
    expect(row?.sender_id).toBe(user.id);
  });

  it.each([
    ['a blank name', { name: '   ' }, 'Please fill in all required fields.'],
    ['a blank e-mail', { email: ' ' }, 'Please fill in all required fields.'],
    ['a blank message', { message: '\n\t' }, 'Please fill in all required fields.'],
    ['a missing message', { message: undefined }, 'Please fill in all required fields.'],
    ['a malformed e-mail', { email: 'not-an-address' }, 'Please enter a valid email address'],
    ['an oversized name', { name: 'n'.repeat(101) }, 'Name must be at most 100 characters'],
    ['an oversized e-mail', { email: `${'e'.repeat(250)}@x.ca` }, 'Please enter a valid email address'],
    ['an oversized subject', { subject: 's'.repeat(151) }, 'Subject must be at most 150 characters'],
    ['an oversized message', { message: 'm'.repeat(5001) }, 'Message must be at most 5000 characters'],
  ])('refuses %s with 400', async (_label, overrides, error) => {
    const response = await new Browser(t.app).post('/api/contact', contact(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error });
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const marker = `honeypot-${tag()}`;
    const response = await new Browser(t.app).post(
      '/api/contact',
      contact({ message: marker, website: 'http://spam.example' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await eventsMentioning(t.runtime, marker)).toBe(0);
  });

  // Per address and per account: the table of tests/api.abuse-limits.test.ts.
  it(`limits messages per e-mail (${ABUSE_LIMITS.contact.email.max} an hour) with 429, across addresses`, async () => {
    const email = `Repeat.${tag()}@Example.ca`;
    for (let i = 0; i < ABUSE_LIMITS.contact.email.max; i++) {
      expect((await new Browser(t.app).post('/api/contact', contact({ email }))).statusCode).toBe(200);
    }
    const refused = await new Browser(t.app).post('/api/contact', contact({ email: email.toLowerCase() }));
    expect(refused.statusCode).toBe(429);
    expect(parseAbuseLimitMessage(refused.json().error)).not.toBeNull();
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('GET /api/admin/contact-messages', () => {
  it('refuses a signed-out visitor with 401 and a customer with 403', async () => {
    expect((await new Browser(t.app).get('/api/admin/contact-messages')).statusCode).toBe(401);
    const { browser } = await signUp(t.app);
    const response = await browser.get('/api/admin/contact-messages');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'Access denied. This page requires admin access.' });
  });

  it('refuses a bad page size with 400', async () => {
    const admin = await adminBrowser();
    expect((await admin.get('/api/admin/contact-messages?limit=0')).statusCode).toBe(400);
  });
});

type Feedback = {
  id: string;
  title: string;
  description: string;
  category: string;
  status: string;
  upvoteCount: number;
  createdAt: string;
  hasUserUpvoted: boolean;
};

async function board(browser: Browser, query = ''): Promise<Feedback[]> {
  const response = await browser.get(`/api/feedback${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as Feedback[];
}

async function post(browser: Browser, overrides: Record<string, unknown> = {}): Promise<Feedback> {
  const response = await browser.post('/api/feedback', {
    title: `Idea ${tag()}`,
    description: 'Let us filter contractors by language.',
    category: 'feature',
    ...overrides,
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { feedback: Feedback }).feedback;
}

describe('POST /api/feedback', () => {
  it('posts feedback that the board shows at once, open with no votes', async () => {
    const { browser } = await signUp(t.app);
    const created = await post(browser, { title: '  Trimmed title  ', category: 'bug' });
    expect(created).toMatchObject({ title: 'Trimmed title', category: 'bug', status: 'open', upvoteCount: 0 });
    const listed = (await board(new Browser(t.app))).find((f) => f.id === created.id);
    expect(listed).toEqual({ ...created, createdAt: expect.any(String) });
  });

  it('refuses a signed-out visitor with 401', async () => {
    const response = await new Browser(t.app).post('/api/feedback', { title: 'x', description: 'y', category: 'bug' });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['a blank title', { title: '  ' }, 'Please fill in all fields.'],
    ['a blank description', { description: '' }, 'Please fill in all fields.'],
    ['a missing category', { category: undefined }, 'Category must be feature, improvement, bug or other'],
    ['an unknown category', { category: 'praise' }, 'Category must be feature, improvement, bug or other'],
    ['an oversized title', { title: 't'.repeat(121) }, 'Title must be at most 120 characters'],
    ['an oversized description', { description: 'd'.repeat(2001) }, 'Description must be at most 2000 characters'],
  ])('refuses %s with 400', async (_label, overrides, error) => {
    const { browser } = await signUp(t.app);
    const response = await browser.post('/api/feedback', {
      title: 'Title',
      description: 'Description',
      category: 'feature',
      ...overrides,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error });
  });
});

describe('POST /api/feedback/:id/upvote', () => {
  it('counts one vote per user and rejects a second upvote by the same user with 409', async () => {
    const author = await signUp(t.app);
    const voter = await signUp(t.app);
    const created = await post(author.browser);
    const first = await voter.browser.post(`/api/feedback/${created.id}/upvote`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true });
    const second = await voter.browser.post(`/api/feedback/${created.id}/upvote`);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: 'You have already upvoted this feedback.' });

    const seenByVoter = (await board(voter.browser)).find((f) => f.id === created.id);
    expect(seenByVoter).toMatchObject({ upvoteCount: 1, hasUserUpvoted: true });
    const seenByAuthor = (await board(author.browser)).find((f) => f.id === created.id);
    expect(seenByAuthor).toMatchObject({ upvoteCount: 1, hasUserUpvoted: false });
  });

  it('answers 404 for an unknown id, a malformed one included', async () => {
    const { browser } = await signUp(t.app);
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const response = await browser.post(`/api/feedback/${id}/upvote`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Feedback not found.' });
    }
  });

  it('refuses a signed-out visitor with 401', async () => {
    const { browser } = await signUp(t.app);
    const created = await post(browser);
    expect((await new Browser(t.app).post(`/api/feedback/${created.id}/upvote`)).statusCode).toBe(401);
  });
});

describe('GET /api/feedback', () => {
  it('sorts by upvotes, most first, then newest; and filters by status', async () => {
    const author = await signUp(t.app);
    const voters = await Promise.all([signUp(t.app), signUp(t.app)]);
    const low = await post(author.browser);
    const high = await post(author.browser);
    const none = await post(author.browser);
    for (const voter of voters) {
      expect((await voter.browser.post(`/api/feedback/${high.id}/upvote`)).statusCode).toBe(200);
    }
    expect((await voters[0]!.browser.post(`/api/feedback/${low.id}/upvote`)).statusCode).toBe(200);

    const ids = (await board(new Browser(t.app))).map((f) => f.id);
    const ours = ids.filter((id) => [low.id, high.id, none.id].includes(id));
    expect(ours).toEqual([high.id, low.id, none.id]);
    const all = await board(new Browser(t.app));
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [all[i - 1]!, all[i]!];
      expect(a.upvoteCount > b.upvoteCount || (a.upvoteCount === b.upvoteCount && a.createdAt >= b.createdAt)).toBe(
        true,
      );
    }

    const admin = await adminBrowser();
    expect((await admin.patch(`/api/feedback/${low.id}/status`, { status: 'planned' })).statusCode).toBe(200);
    const planned = await board(new Browser(t.app), '?status=planned');
    expect(planned.map((f) => f.id)).toContain(low.id);
    expect(planned.every((f) => f.status === 'planned')).toBe(true);
    const open = await board(new Browser(t.app), '?status=open');
    expect(open.map((f) => f.id)).not.toContain(low.id);
    expect(open.map((f) => f.id)).toContain(high.id);
  });

  it('refuses an unknown status filter with 400', async () => {
    const response = await new Browser(t.app).get('/api/feedback?status=maybe');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Status must be open, planned, in_progress, completed or declined' });
  });
});

describe('PATCH /api/feedback/:id/status', () => {
  it('lets an admin change the status and refuses others', async () => {
    const { browser } = await signUp(t.app);
    const created = await post(browser);
    expect(
      (await new Browser(t.app).patch(`/api/feedback/${created.id}/status`, { status: 'planned' })).statusCode,
    ).toBe(401);
    const refused = await browser.patch(`/api/feedback/${created.id}/status`, { status: 'planned' });
    expect(refused.statusCode).toBe(403);

    const admin = await adminBrowser();
    expect((await admin.patch(`/api/feedback/${created.id}/status`, { status: 'in_progress' })).statusCode).toBe(200);
    expect((await board(browser)).find((f) => f.id === created.id)?.status).toBe('in_progress');
    expect((await admin.patch(`/api/feedback/${created.id}/status`, { status: 'done' })).statusCode).toBe(400);
    expect((await admin.patch(`/api/feedback/${randomUUID()}/status`, { status: 'planned' })).statusCode).toBe(404);
  });
});
