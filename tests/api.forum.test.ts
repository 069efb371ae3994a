import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORUM_MESSAGES, FORUM_PAGE } from '../shared/domain/forum/categories.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, signUp } from './support/http-client.ts';

type Post = {
  id: string;
  title: string;
  content: string;
  category: string;
  authorName: string;
  createdAt: string;
  upvotes: number;
  replyCount: number;
  hasUserUpvoted: boolean;
};
type Reply = {
  id: string;
  content: string;
  authorName: string;
  createdAt: string;
  upvotes: number;
  hasUserUpvoted: boolean;
};
type CategoryCount = { value: string; label: string; count: number };

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const member = () => signUp(t.app, { role: 'customer' });
const visitor = () => new Browser(t.app);
/** A word no other test uses, so searches see only this test's discussions. */
const token = () => `tok${randomUUID().replaceAll('-', '').slice(0, 10)}`;

async function createPost(browser: Browser, body: Partial<Record<string, unknown>> = {}): Promise<Post> {
  const response = await browser.post('/api/forum/posts', {
    title: 'Snow removal tips',
    content: 'What works on a steep driveway?',
    category: 'tips',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { post: Post }).post;
}

async function addReply(browser: Browser, postId: string, content = 'A good shovel.'): Promise<Reply> {
  const response = await browser.post(`/api/forum/posts/${postId}/replies`, { content });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { reply: Reply }).reply;
}

async function list(query: string, browser: Browser = visitor()): Promise<Post[]> {
  const response = await browser.get(`/api/forum/posts${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Post[];
}

async function replies(postId: string, browser: Browser = visitor()): Promise<Reply[]> {
  const response = await browser.get(`/api/forum/posts/${postId}/replies`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Reply[];
}

async function counts(): Promise<Record<string, number>> {
  const response = await visitor().get('/api/forum/categories');
  expect(response.statusCode).toBe(200);
  return Object.fromEntries((response.json() as CategoryCount[]).map((c) => [c.value, c.count]));
}

describe('POST /api/forum/posts', () => {
  it('creates a discussion that a signed-out reader sees at once, with the author name', async () => {
    const { browser, user } = await member();
    const tag = token();
    const post = await createPost(browser, {
      title: `  Heat pumps in ${tag} `,
      content: ' Worth it in Quebec? ',
      category: 'questions',
    });
    expect(post).toMatchObject({
      title: `Heat pumps in ${tag}`,
      content: 'Worth it in Quebec?',
      category: 'questions',
      authorName: user.name,
      upvotes: 0,
      replyCount: 0,
      hasUserUpvoted: false,
    });
    expect(await list(`?search=${tag}`)).toEqual([post]);
  });

  it('stores content verbatim as plain text, markup included', async () => {
    const { browser } = await member();
    const content = `<script>alert(1)</script> & <b>bold</b> ${token()}`;
    const post = await createPost(browser, { content });
    expect(post.content).toBe(content);
    const [listed] = await list(`?search=${encodeURIComponent(content.split(' ').at(-1)!)}`);
    expect(listed!.content).toBe(content);
  });

  it('rejects a signed-out visitor with 401', async () => {
    const response = await visitor().post('/api/forum/posts', {
      title: 'Hello there',
      content: 'Hi',
      category: 'general',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });

  it('rejects a blank or oversized title, blank or oversized content and an unknown category with 400', async () => {
    const { browser } = await member();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '   ' }, FORUM_MESSAGES.title],
      [{ title: ' ab ' }, FORUM_MESSAGES.title],
      [{ title: 'x'.repeat(151) }, FORUM_MESSAGES.title],
      [{ content: ' \n ' }, FORUM_MESSAGES.content],
      [{ content: 'x'.repeat(5001) }, FORUM_MESSAGES.content],
      [{ category: 'politics' }, FORUM_MESSAGES.category],
      [{ category: undefined }, FORUM_MESSAGES.category],
    ];
    for (const [override, message] of cases) {
      const response = await browser.post('/api/forum/posts', {
        title: 'A fine title',
        content: 'Fine content',
        category: 'general',
        ...override,
      });
      expect(response.statusCode, JSON.stringify(override).slice(0, 60)).toBe(400);
      expect(response.json()).toEqual({ error: message });
    }
  });

  it('accepts the longest title and content', async () => {
    const { browser } = await member();
    const post = await createPost(browser, { title: 't'.repeat(150), content: 'c'.repeat(5000) });
    expect(post.title).toHaveLength(150);
    expect(post.content).toHaveLength(5000);
  });
});

describe('GET /api/forum/posts', () => {
  it('filters by category, sorts recent, popular and active, and searches title or content case-insensitively', async () => {
    const { browser: alice } = await member();
    const { browser: bob } = await member();
    const { browser: carol } = await member();
    const tag = token();
    const old = await createPost(alice, { title: `Oldest ${tag}`, category: 'general' });
    const popular = await createPost(alice, {
      title: `Popular one`,
      content: `Body mentions ${tag.toUpperCase()}`,
      category: 'tips',
    });
    const active = await createPost(alice, { title: `Active ${tag}`, category: 'general' });
    const newest = await createPost(alice, { title: `Newest ${tag}`, category: 'showcase' });
    await createPost(alice, { title: 'Unrelated discussion', category: 'general' });

    for (const voter of [bob, carol]) {
      expect((await voter.post(`/api/forum/posts/${popular.id}/upvote`)).statusCode).toBe(200);
    }
    expect((await bob.post(`/api/forum/posts/${old.id}/upvote`)).statusCode).toBe(200);
    await addReply(bob, active.id);
    await addReply(carol, active.id);
    await addReply(carol, newest.id);

    const ids = (posts: Post[]) => posts.map((p) => p.id);
    expect(ids(await list(`?search=${tag}`))).toEqual([newest.id, active.id, popular.id, old.id]);
    expect(ids(await list(`?search=${tag}&sort=recent&category=all`))).toEqual([
      newest.id,
      active.id,
      popular.id,
      old.id,
    ]);
    expect(ids(await list(`?search=${tag}&sort=popular`))).toEqual([popular.id, old.id, newest.id, active.id]);
    expect(ids(await list(`?search=${tag}&sort=active`))).toEqual([active.id, newest.id, popular.id, old.id]);
    expect(ids(await list(`?search=${tag}&category=general`))).toEqual([active.id, old.id]);
    expect(ids(await list(`?search=${tag.toUpperCase()}&category=tips`))).toEqual([popular.id]);

    const [listed] = await list(`?search=${tag}&category=tips`, bob);
    expect(listed).toMatchObject({ upvotes: 2, replyCount: 0, hasUserUpvoted: true });
    const [activeListed] = await list(`?search=${tag}&sort=active`, alice);
    expect(activeListed).toMatchObject({ id: active.id, replyCount: 2, hasUserUpvoted: false });
  });

  it('treats % and _ in a search as literal characters', async () => {
    const { browser } = await member();
    const tag = token();
    const literal = await createPost(browser, { title: `Save 100% now ${tag}` });
    await createPost(browser, { title: `Save 1000 now ${tag}` });
    expect((await list(`?search=${encodeURIComponent(`100% now ${tag}`)}`)).map((p) => p.id)).toEqual([literal.id]);
    expect(await list(`?search=${encodeURIComponent(`1_0 now ${tag}`)}`)).toEqual([]);
  });

  it('answers one page at a time, newest first, with how many match in X-Total-Count', async () => {
    // Several authors, as on a real board: one member may start only so many discussions an hour.
    const authors = await Promise.all([member(), member(), member()]);
    const tag = token();
    const created: Post[] = [];
    for (let i = 0; i < FORUM_PAGE.size + 2; i++)
      created.push(await createPost(authors[i % authors.length]!.browser, { title: `Page ${i} ${tag}` }));
    const newestFirst = created.map((post) => post.id).reverse();

    const page = async (query: string) => {
      const response = await visitor().get(`/api/forum/posts?search=${tag}${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return { ids: (response.json() as Post[]).map((post) => post.id), total: response.headers['x-total-count'] };
    };
    // No limit: one page of the default size.
    expect(await page('')).toEqual({ ids: newestFirst.slice(0, FORUM_PAGE.size), total: String(created.length) });
    expect(await page('&limit=5')).toEqual({ ids: newestFirst.slice(0, 5), total: String(created.length) });
    expect(await page('&limit=5&offset=5')).toEqual({ ids: newestFirst.slice(5, 10), total: String(created.length) });
    expect(await page(`&offset=${created.length - 1}`)).toEqual({
      ids: newestFirst.slice(-1),
      total: String(created.length),
    });
    expect(await page(`&offset=${created.length}`)).toEqual({ ids: [], total: String(created.length) });
    // The total follows the filter, not the page.
    expect(await page('&category=general&limit=1')).toEqual({ ids: [], total: '0' });
  });

  it('rejects an unknown category or sort, and a limit or offset out of range, with 400', async () => {
    for (const query of ['?category=politics', '?sort=oldest', `?search=${'x'.repeat(201)}`]) {
      const response = await visitor().get(`/api/forum/posts${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual({ error: expect.any(String) });
    }
    const limitMessage = `limit must be a whole number from 1 to ${FORUM_PAGE.maxLimit}`;
    const offsetMessage = `offset must be a whole number from 0 to ${FORUM_PAGE.maxOffset}`;
    for (const [query, error] of [
      ['?limit=0', limitMessage],
      [`?limit=${FORUM_PAGE.maxLimit + 1}`, limitMessage],
      ['?limit=2.5', limitMessage],
      ['?limit=many', limitMessage],
      ['?offset=-1', offsetMessage],
      [`?offset=${FORUM_PAGE.maxOffset + 1}`, offsetMessage],
    ]) {
      const response = await visitor().get(`/api/forum/posts${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ error });
    }
  });
});

describe('GET /api/forum/categories', () => {
  it('lists all six categories with labels, and the counts follow new discussions', async () => {
    const response = await visitor().get('/api/forum/categories');
    expect((response.json() as CategoryCount[]).map(({ value, label }) => [value, label])).toEqual([
      ['general', 'General Discussion'],
      ['tips', 'Tips & Tricks'],
      ['showcase', 'Showcase Projects'],
      ['questions', 'Questions & Help'],
      ['announcements', 'Announcements'],
      ['suggestions', 'Feature Requests'],
    ]);
    const before = await counts();
    const { browser } = await member();
    await createPost(browser, { category: 'suggestions' });
    await createPost(browser, { category: 'suggestions' });
    await createPost(browser, { category: 'announcements' });
    const after = await counts();
    expect(after).toEqual({
      ...before,
      suggestions: before.suggestions! + 2,
      announcements: before.announcements! + 1,
    });
  });
});

describe('replies', () => {
  it('adds replies that everyone reads in order, with author names and counts', async () => {
    const { browser: alice } = await member();
    const { browser: bob, user: bobUser } = await member();
    const post = await createPost(alice);
    const first = await addReply(bob, post.id, '  First!  ');
    const second = await addReply(alice, post.id, '<i>Second</i>');
    expect(first).toMatchObject({ content: 'First!', authorName: bobUser.name, upvotes: 0, hasUserUpvoted: false });
    const read = await replies(post.id);
    expect(read.map((r) => [r.id, r.content])).toEqual([
      [first.id, 'First!'],
      [second.id, '<i>Second</i>'],
    ]);
    expect(read[0]).toEqual(first);
  });

  it('answers 404 for the replies of an unknown discussion and 400 for a malformed id', async () => {
    const unknown = await visitor().get(`/api/forum/posts/${randomUUID()}/replies`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: FORUM_MESSAGES.postNotFound });
    expect((await visitor().get('/api/forum/posts/not-an-id/replies')).statusCode).toBe(400);
  });

  it('rejects a reply when signed out (401), blank or oversized (400), or to an unknown discussion (404)', async () => {
    const { browser } = await member();
    const post = await createPost(browser);
    expect((await visitor().post(`/api/forum/posts/${post.id}/replies`, { content: 'Hi' })).statusCode).toBe(401);
    for (const content of ['   ', 'x'.repeat(3001)]) {
      const response = await browser.post(`/api/forum/posts/${post.id}/replies`, { content });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: FORUM_MESSAGES.reply });
    }
    const unknown = await browser.post(`/api/forum/posts/${randomUUID()}/replies`, { content: 'Hello?' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: FORUM_MESSAGES.postNotFound });
    expect(await replies(post.id)).toEqual([]);
  });

  it('shows a neutral name for the replies and discussions of a closed account', async () => {
    const { browser: leaver, registration } = await member();
    const { browser: stayer } = await member();
    const tag = token();
    const post = await createPost(leaver, { title: `Leaving soon ${tag}` });
    await addReply(leaver, post.id, 'Bye');
    await addReply(stayer, post.id, 'Farewell');
    const closed = await leaver.delete('/api/auth/account', { password: registration.password });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await list(`?search=${tag}`))[0]!.authorName).toBe('Former member');
    expect((await replies(post.id)).map((r) => r.authorName)).toEqual([
      'Former member',
      expect.stringMatching(/^Tester /),
    ]);
  });
});

describe('POST /api/forum/posts/:id/upvote', () => {
  it('counts one upvote per member and rejects a second with 409', async () => {
    const { browser: author } = await member();
    const { browser: voter } = await member();
    const tag = token();
    const post = await createPost(author, { title: `Vote for me ${tag}` });
    const first = await voter.post(`/api/forum/posts/${post.id}/upvote`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true });
    const second = await voter.post(`/api/forum/posts/${post.id}/upvote`);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: FORUM_MESSAGES.postAlreadyUpvoted });
    expect((await list(`?search=${tag}`, voter))[0]).toMatchObject({ upvotes: 1, hasUserUpvoted: true });
    expect((await list(`?search=${tag}`, author))[0]).toMatchObject({ upvotes: 1, hasUserUpvoted: false });
    expect((await list(`?search=${tag}`))[0]).toMatchObject({ upvotes: 1, hasUserUpvoted: false });
  });

  it('answers 401 signed out, 404 for an unknown discussion and 400 for a malformed id', async () => {
    const { browser } = await member();
    const post = await createPost(browser);
    expect((await visitor().post(`/api/forum/posts/${post.id}/upvote`)).statusCode).toBe(401);
    const unknown = await browser.post(`/api/forum/posts/${randomUUID()}/upvote`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: FORUM_MESSAGES.postNotFound });
    expect((await browser.post('/api/forum/posts/123/upvote')).statusCode).toBe(400);
  });
});

describe('POST /api/forum/replies/:id/upvote', () => {
  it('counts one upvote per member on a reply and rejects a second with 409', async () => {
    const { browser: author } = await member();
    const { browser: voter } = await member();
    const post = await createPost(author);
    const reply = await addReply(author, post.id);
    const other = await addReply(author, post.id, 'Another reply');
    expect((await voter.post(`/api/forum/replies/${reply.id}/upvote`)).statusCode).toBe(200);
    const second = await voter.post(`/api/forum/replies/${reply.id}/upvote`);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: FORUM_MESSAGES.replyAlreadyUpvoted });
    // A reply vote is not a post vote.
    expect((await voter.post(`/api/forum/posts/${post.id}/upvote`)).statusCode).toBe(200);
    const seen = await replies(post.id, voter);
    expect(seen.map((r) => [r.id, r.upvotes, r.hasUserUpvoted])).toEqual([
      [reply.id, 1, true],
      [other.id, 0, false],
    ]);
  });

  it('answers 401 signed out and 404 for an unknown reply', async () => {
    const { browser } = await member();
    const post = await createPost(browser);
    const reply = await addReply(browser, post.id);
    expect((await visitor().post(`/api/forum/replies/${reply.id}/upvote`)).statusCode).toBe(401);
    const unknown = await browser.post(`/api/forum/replies/${randomUUID()}/upvote`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: FORUM_MESSAGES.replyNotFound });
  });
});
