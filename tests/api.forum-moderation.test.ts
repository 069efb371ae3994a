import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORUM_MESSAGES } from '../shared/domain/forum/categories.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, createAdmin, signUp } from './support/http-client.ts';

/** Admins hide forum discussions and replies with a reason and restore them; no one else can. */
let t: TestApp;
let admin: Browser;

beforeAll(async () => {
  t = await createTestApp();
  const account = await createAdmin(t.runtime);
  admin = new Browser(t.app);
  const login = await admin.post('/api/auth/login', {
    email: account.registration.email,
    password: account.registration.password,
  });
  expect(login.statusCode, login.body).toBe(200);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

async function discussion() {
  const author = await signUp(t.app);
  const post = await author.browser.post('/api/forum/posts', {
    title: 'Cheap pills here',
    content: 'Visit my site for deals on everything.',
    category: 'general',
  });
  expect(post.statusCode, post.body).toBe(201);
  const postId = post.json().post?.id ?? post.json().id;
  const reply = await author.browser.post(`/api/forum/posts/${postId}/replies`, { content: 'Also this other link.' });
  expect(reply.statusCode, reply.body).toBe(201);
  const replyId = reply.json().reply?.id ?? reply.json().id;
  return { author, postId: postId as string, replyId: replyId as string };
}

/** The ids of the public discussion list (the newest 500, the most one answer holds). */
const listedIds = async () => {
  const answer = await new Browser(t.app).get('/api/forum/posts?limit=500');
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { id: string }[]).map((post) => post.id);
};

describe('forum moderation', () => {
  it('hides a reply and a discussion from every public list, with the reason kept for admins, and restores them', async () => {
    const { postId, replyId } = await discussion();
    const hiddenReply = await admin.post(`/api/admin/forum/replies/${replyId}/hide`, { reason: 'Spam link' });
    expect(hiddenReply.statusCode, hiddenReply.body).toBe(200);
    const replies = await new Browser(t.app).get(`/api/forum/posts/${postId}/replies`);
    expect(JSON.stringify(replies.json())).not.toContain(replyId);

    const hidden = await admin.post(`/api/admin/forum/posts/${postId}/hide`, { reason: '  Advertising  ' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await listedIds()).not.toContain(postId);
    expect((await new Browser(t.app).get(`/api/forum/posts/${postId}/replies`)).statusCode).toBe(404);

    const queue = await admin.get('/api/admin/forum?status=hidden');
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'post',
          postId,
          hidden: expect.objectContaining({ reason: 'Advertising', byName: 'Admin Person' }),
        }),
        expect.objectContaining({ kind: 'reply', replyId, hidden: expect.objectContaining({ reason: 'Spam link' }) }),
      ]),
    );
    const again = await admin.post(`/api/admin/forum/posts/${postId}/hide`, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(FORUM_MESSAGES.alreadyHidden);

    expect((await admin.post(`/api/admin/forum/posts/${postId}/restore`)).statusCode).toBe(200);
    expect(await listedIds()).toContain(postId);
    expect((await admin.post(`/api/admin/forum/replies/${replyId}/restore`)).statusCode).toBe(200);
    const back = await new Browser(t.app).get(`/api/forum/posts/${postId}/replies`);
    expect(JSON.stringify(back.json())).toContain(replyId);
  });

  it('is for admins only, and needs a reason', async () => {
    const { author, postId } = await discussion();
    const contractor = await signUp(t.app, { role: 'contractor' });
    for (const browser of [author.browser, contractor.browser]) {
      expect((await browser.post(`/api/admin/forum/posts/${postId}/hide`, { reason: 'Mine now' })).statusCode).toBe(
        403,
      );
      expect((await browser.get('/api/admin/forum')).statusCode).toBe(403);
    }
    expect(
      (await new Browser(t.app).post(`/api/admin/forum/posts/${postId}/hide`, { reason: 'x x x' })).statusCode,
    ).toBe(401);
    const noReason = await admin.post(`/api/admin/forum/posts/${postId}/hide`, { reason: ' x ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe(FORUM_MESSAGES.moderationReason);
    expect(await listedIds()).toContain(postId);
    expect(
      (await admin.post('/api/admin/forum/replies/00000000-0000-4000-8000-000000000000/hide', { reason: 'Spam' }))
        .statusCode,
    ).toBe(404);
  });
});
