import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { seededDemoAccounts } from '../api/modules/accounts/demo-accounts.ts';
import { personalDataByEmail } from '../api/modules/accounts/personal-data.ts';
import { DEMO_PASSWORD, demoAccounts, seedDemoData } from '../api/seed.ts';
import { DEMO_ACCOUNTS_STREAM } from '../shared/domain/demo/streams.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, signUp } from './support/http-client.ts';
import { waitUntil } from './support/wait.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const deps = { sql: t.runtime.sql, store: t.runtime.store, emailHashKey: 'test-email-hash-key' };
  expect((await seedDemoData(deps)).seeded).toBe(true);
  await t.runtime.runner!.idle(60_000);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function signIn(email: string): Promise<Browser> {
  const browser = new Browser(t.app);
  const response = await browser.post('/api/auth/login', { email, password: DEMO_PASSWORD });
  expect(response.statusCode, response.body).toBe(200);
  return browser;
}

describe('demo data', () => {
  it('is seeded once: a second run changes nothing', async () => {
    const deps = { sql: t.runtime.sql, store: t.runtime.store, emailHashKey: 'test-email-hash-key' };
    // The money and dispute processes may append to the seeded jobs meanwhile: count everything else.
    const count = () => t.runtime.sql<{ count: string }[]>`
      select count(*)::text as count from es_events
      where stream_id not like 'contract-%' and stream_id not like 'escrow-%' and stream_id not like 'payout-%'
        and stream_id not like 'dispute-%'`;
    const [before] = await count();
    expect((await seedDemoData(deps)).seeded).toBe(false);
    const [after] = await count();
    expect(after!.count).toBe(before!.count);
  });

  it('records exactly the accounts it created, so demo mode can tell them from real sign-ups', async () => {
    await signUp(t.app);
    const ids = await Promise.all(
      demoAccounts.map(async (account) => (await personalDataByEmail(t.runtime.sql, account.email))!.accountId),
    );
    const recorded = await seededDemoAccounts(t.runtime.store);
    expect([...recorded].sort()).toEqual([...ids].sort());
    const [row] = await t.runtime.sql<{ count: number }[]>`select count(*)::int as count from rm_accounts`;
    // Everyone else is the one sign-up above.
    expect(row!.count).toBe(demoAccounts.length + 1);
  });

  it('lists every demo contractor in the directory, across provinces, most with ratings', async () => {
    const response = await new Browser(t.app).get('/api/contractors/browse?limit=100');
    expect(response.statusCode, response.body).toBe(200);
    const { contractors } = response.json() as {
      contractors: { name: string; province?: string | null; ratingCount?: number; rating?: { count: number } }[];
    };
    const demoContractors = demoAccounts.filter((a) => a.role === 'contractor');
    expect(contractors.length).toBe(demoContractors.length);
    const rated = contractors.filter((c) => (c.ratingCount ?? c.rating?.count ?? 0) > 0);
    expect(rated.length).toBeGreaterThanOrEqual(10);
    expect(contractors.map((c) => c.name)).toContain('Déneigement Laval Express');
  });

  it('finds contractors near a Montréal postal code', async () => {
    const response = await new Browser(t.app).get(
      '/api/contractors/browse?postalCode=H2X%201Y4&distanceKm=50&sort=distance',
    );
    expect(response.statusCode, response.body).toBe(200);
    const names = (response.json() as { contractors: { name: string }[] }).contractors.map((c) => c.name);
    expect(names).toContain('Marc Gagnon Renovations');
    expect(names).toContain('Déneigement Laval Express');
    expect(names).not.toContain('Prairie Movers');
  });

  it('counts contractors per service in the service directory', async () => {
    const response = await new Browser(t.app).get('/api/service-directory');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { categories: { services: { slug: string; contractors: number }[] }[] };
    const cleaning = body.categories.flatMap((c) => c.services).find((s) => s.slug === 'house-cleaning')!;
    expect(cleaning.contractors).toBeGreaterThanOrEqual(2);
  });

  it('gives contractors open jobs with bids to browse', async () => {
    const browser = await signIn('sparkle@demo.ca');
    const response = await browser.get('/api/work-orders/browse');
    expect(response.statusCode, response.body).toBe(200);
    const { orders } = response.json() as { orders: { proposalCount?: number }[] };
    expect(orders.length).toBeGreaterThanOrEqual(6);
  });

  it('fills the demo customer’s dashboard: orders with proposals, bookings, a review to write, messages', async () => {
    const customer = await signIn('customer@demo.ca');
    const orders = await customer.get('/api/work-orders/mine');
    expect(orders.statusCode, orders.body).toBe(200);
    expect(orders.body).toContain('Repaint a two-bedroom condo');
    const bookings = await customer.get('/api/bookings/mine');
    expect(bookings.statusCode, bookings.body).toBe(200);
    expect(bookings.body).toContain('confirmed');
    expect(bookings.body).toContain('completed');
    const pending = await customer.get('/api/reviews/pending');
    expect(pending.statusCode, pending.body).toBe(200);
    expect(JSON.stringify(pending.json())).not.toBe('[]');
    const conversations = await customer.get('/api/conversations');
    expect(conversations.statusCode, conversations.body).toBe(200);
    expect(conversations.body).toContain('Great, thank you!');
  });

  it('gives the demo contractor direct requests and booking requests to answer', async () => {
    const contractor = await signIn('contractor@demo.ca');
    const requests = await contractor.get('/api/work-orders/direct-requests');
    expect(requests.statusCode, requests.body).toBe(200);
    expect(requests.body).toContain('Rehang a sagging gate');
    const bookings = await contractor.get('/api/bookings/mine');
    expect(bookings.body).toContain('requested');
  });

  it('gives the demo customer contracts and payments at each step, and the demo contractor earnings', async () => {
    const chloe = await signIn('customer@demo.ca');
    const contracts = (await chloe.get('/api/contracts')).json().contracts as {
      title: string;
      status: string;
      signedByMe: boolean;
      rendered?: unknown;
    }[];
    const byTitle = new Map(contracts.map((c) => [c.title, c]));
    expect(byTitle.get('Patch drywall in the hallway')).toMatchObject({
      status: 'awaiting-signatures',
      signedByMe: false,
    });
    expect(byTitle.get('Repaint the kitchen')).toMatchObject({ status: 'executed' });
    const escrows = (await chloe.get('/api/escrows')).json().escrows as {
      title: string;
      status: string;
      actions: Record<string, boolean>;
    }[];
    const escrowOf = (title: string) => escrows.find((e) => e.title === title);
    expect(escrowOf('Repaint the kitchen')).toMatchObject({ status: 'completed', actions: { approve: true } });
    expect(escrowOf('Fix a leaking bathroom faucet')).toMatchObject({
      status: 'awaiting-funding',
      actions: { fund: true },
    });
    // A Quebec party: the French text comes first (Bill 96).
    const kitchen = contracts.find((c) => c.title === 'Repaint the kitchen') as unknown as { jobId: string };
    const detail = (await chloe.get(`/api/contracts/${kitchen.jobId}`)).json();
    expect(detail.rendered.languages).toEqual(['fr', 'en']);

    const marc = await signIn('contractor@demo.ca');
    const earnings = (await marc.get('/api/earnings')).json();
    // $480 in Quebec: 8 % fee $38.40, GST $1.92 and QST $3.83 on it; net $435.85.
    expect(earnings).toMatchObject({ grossCents: 48_000, feeCents: 3_840, taxCents: 575, netCents: 43_585 });
  });

  it('gives the arbitrators an answered dispute, analysed after start, and its parties a case to follow', async () => {
    const liam = await signIn('customer2@demo.ca');
    const [mine] = (await liam.get('/api/disputes')).json().disputes as { disputeId: string; title: string }[];
    expect(mine).toMatchObject({ title: 'Regrout the shower' });
    await t.runtime.runner!.idle();
    await waitUntil(async () => (await liam.get(`/api/disputes/${mine!.disputeId}`)).json().status === 'in-review', {
      timeoutMs: 15_000,
      message: 'the demo dispute was not analysed',
    });
    const admin = await signIn('admin@demo.ca');
    const queue = (await admin.get('/api/admin/disputes')).json().disputes as { disputeId: string }[];
    expect(queue.map((d) => d.disputeId)).toContain(mine!.disputeId);
    const escrow = (await liam.get(`/api/escrows/${mine!.disputeId}`)).json();
    expect(escrow.status).toBe('frozen');
  });

  it('fills the community: discussions with replies in all six categories, feedback with votes, barter', async () => {
    const visitor = new Browser(t.app);
    const categories = (await visitor.get('/api/forum/categories')).json() as { value: string; count: number }[];
    expect(categories).toHaveLength(6);
    for (const category of categories) expect(category.count, category.value).toBeGreaterThan(0);
    const posts = (await visitor.get('/api/forum/posts?sort=popular&limit=100')).json() as {
      id: string;
      title: string;
      upvotes: number;
      replyCount: number;
    }[];
    expect(posts.length).toBeGreaterThanOrEqual(8);
    expect(posts.filter((post) => post.replyCount > 0).length).toBeGreaterThanOrEqual(8);
    expect(posts[0]!.upvotes).toBeGreaterThan(1);
    expect(posts.map((post) => post.title)).toContain('Comment choisir un bon peintre?');
    const welcome = posts.find((post) => post.title === 'Welcome to the EarnIt community forum')!;
    const replies = (await visitor.get(`/api/forum/posts/${welcome.id}/replies`)).json() as {
      authorName: string;
      upvotes: number;
    }[];
    expect(replies.map((reply) => reply.authorName)).toEqual(['Sparkle Home Cleaning', 'Émilie Lavoie']);
    expect(replies[1]!.upvotes).toBe(1);

    const board = (await visitor.get('/api/feedback')).json() as {
      title: string;
      status: string;
      upvoteCount: number;
    }[];
    expect(board.length).toBeGreaterThanOrEqual(5);
    expect(new Set(board.map((item) => item.status))).toEqual(
      new Set(['open', 'planned', 'in_progress', 'completed', 'declined']),
    );
    expect(board[0]).toMatchObject({ title: 'Save favourite contractors', status: 'planned', upvoteCount: 4 });

    const barter = (await visitor.get('/api/barter/services')).json() as {
      total: number;
      services: { title: string; barterWants: string | null; contractor: { name: string } }[];
    };
    expect(barter.total).toBeGreaterThanOrEqual(4);
    expect(barter.services.map((service) => service.title)).toContain('Lavage de vitres en échange');
    expect(barter.services.every((service) => service.barterWants)).toBe(true);

    // Trades in progress: the demo contractor has an accepted trade whose other side marked it done.
    const marc = await signIn('contractor@demo.ca');
    const { trades } = (await marc.get('/api/barter/trades')).json() as {
      trades: { status: string; proposerMarkedAt: string | null; actions: { markComplete: boolean } }[];
    };
    expect(trades).toEqual([
      expect.objectContaining({ status: 'accepted', actions: expect.objectContaining({ markComplete: true }) }),
    ]);
    expect(trades[0]!.proposerMarkedAt).not.toBeNull();
    const greenThumb = await signIn('greenthumb@demo.ca');
    const negotiating = (await greenThumb.get('/api/barter/trades')).json().trades as { status: string }[];
    expect(negotiating.map((trade) => trade.status)).toEqual(['negotiating']);
  });

  it('puts no seeded person’s name or e-mail in any event, nor a name in a seeded message', async () => {
    // Wait for the money process to have generated the seeded jobs' contracts (it runs after start).
    await waitUntil(
      async () => (await t.runtime.sql`select 1 from es_events where type = 'ContractGenerated' limit 1`).length > 0,
      { message: 'no contract was generated' },
    );
    await t.runtime.runner!.idle(60_000);
    const rows = await t.runtime.sql<{ stream: string; type: string; text: string }[]>`
      select stream_id as stream, type, data::text || ' ' || metadata::text as text from es_events`;
    // People: every account's full name and e-mail; each word of a person's name (customers), and
    // of the one business named after its owner. Whole words only ("Chen" is not in "kitchen").
    const personWords = demoAccounts
      .filter((account) => account.role === 'customer')
      .flatMap((account) => account.name.split(/\s+/));
    const needles = [
      ...demoAccounts.flatMap((account) => [account.name, account.email]),
      ...personWords,
      'Marc',
      'Gagnon',
    ];
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const found = needles.flatMap((needle) => {
      const word = new RegExp(`(?<![\\p{L}\\p{N}])${escape(needle)}(?![\\p{L}\\p{N}])`, 'iu');
      return rows.filter((row) => word.test(row.text)).map((row) => `${needle} in ${row.type} (${row.stream})`);
    });
    expect(found).toEqual([]);
    expect(rows.length).toBeGreaterThan(200);
  });

  // Last: it deletes a demo account and rewrites the record.
  it('records the accounts of a data folder seeded before the record existed, but not an address taken later', async () => {
    const deps = { sql: t.runtime.sql, store: t.runtime.store, emailHashKey: 'test-email-hash-key' };
    // priya@demo.ca deletes her account and someone signs up with the address afterwards.
    const priya = await signIn('priya@demo.ca');
    expect((await priya.delete('/api/auth/account', { password: DEMO_PASSWORD })).statusCode).toBe(200);
    const { user: newcomer } = await signUp(t.app, { email: 'priya@demo.ca' });
    // A folder from before the record: the chapters' markers, and no record.
    await t.runtime.sql.begin(async (tx) => {
      await tx`delete from es_events where stream_id = ${DEMO_ACCOUNTS_STREAM}`;
      await tx`delete from es_streams where stream_id = ${DEMO_ACCOUNTS_STREAM}`;
    });
    expect((await seededDemoAccounts(t.runtime.store)).size).toBe(0);

    expect((await seedDemoData(deps)).seeded).toBe(false);
    const recorded = await seededDemoAccounts(t.runtime.store);
    expect(recorded.size).toBe(demoAccounts.length - 1);
    expect(recorded.has(newcomer.id)).toBe(false);
    const admin = (await personalDataByEmail(t.runtime.sql, 'admin@demo.ca'))!.accountId;
    expect(recorded.has(admin)).toBe(true);
    expect(recorded.has(randomUUID())).toBe(false);
  });
});
