import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_CHANNEL } from '../api/modules/notifications/notifier.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, signUp } from './support/http-client.ts';
import { waitUntil } from './support/wait.ts';

type Item = {
  id: string;
  type: string;
  priority: string;
  title: string;
  message: string;
  isRead: boolean;
  actionUrl?: string;
  createdAt: string;
  booking?: { startTime: string };
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function list(browser: Browser, query = '') {
  const response = await browser.get(`/api/notifications${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Item[];
}
async function count(browser: Browser) {
  const response = await browser.get('/api/notifications/unread-count');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { count: number }).count;
}

/** Another notification for `userId`, as a future module's event would make one. */
async function addNotification(userId: string, createdAt: string) {
  const id = randomUUID();
  await t.runtime.sql`
    insert into rm_notifications (id, user_id, type, priority, title_key, message_key, action_url,
      booking_start_time, created_at)
    values (${id}, ${userId}, 'booking_confirmation', 'high', 'welcome.title', 'welcome.message.customer', null,
      '2026-05-02T14:30:00Z', ${createdAt})`;
  return id;
}

describe('GET /api/notifications', () => {
  it('asks for sign-in on every call', async () => {
    const anonymous = new Browser(t.app);
    const id = randomUUID();
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['GET', '/api/notifications/stream'],
      ['PATCH', `/api/notifications/${id}/read`],
      ['PATCH', '/api/notifications/read-all'],
      ['DELETE', `/api/notifications/${id}`],
    ] as const) {
      const response = await anonymous.request(method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().error).toBeTruthy();
    }
  });

  it('welcomes a new user with one unread system notification pointing to their start page', async () => {
    const { browser } = await signUp(t.app, { role: 'contractor' });
    const items = await list(browser);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      type: 'system',
      priority: 'normal',
      title: 'Welcome to the marketplace!',
      isRead: false,
      actionUrl: '/contractor-dashboard',
    });
    expect(items[0]!.booking).toBeUndefined();
    expect(await count(browser)).toBe(1);
  });

  it('renders the texts in the language asked for', async () => {
    const { browser } = await signUp(t.app);
    expect((await list(browser, '?locale=fr'))[0]!.title).toBe('Bienvenue sur le marché!');
    const byHeader = await browser.get('/api/notifications', { 'accept-language': 'fr-CA,fr;q=0.9' });
    expect((byHeader.json() as Item[])[0]!.title).toBe('Bienvenue sur le marché!');
  });

  it('lists newest first, filters unread, pages, and carries the booking time', async () => {
    const { browser, user } = await signUp(t.app);
    const later = await addNotification(user.id, new Date(Date.now() + 60_000).toISOString());
    const items = await list(browser);
    expect(items.map((item) => item.id)[0]).toBe(later);
    expect(items[0]!.booking).toEqual({ startTime: '2026-05-02T14:30:00.000Z' });
    expect(await list(browser, '?limit=1&offset=1')).toHaveLength(1);
    await browser.patch(`/api/notifications/${later}/read`);
    expect((await list(browser, '?unreadOnly=true')).map((item) => item.id)).not.toContain(later);
    expect((await list(browser, '?unreadOnly=false')).map((item) => item.id)).toContain(later);
  });

  it('rejects bad query values with a 400 and a message', async () => {
    const { browser } = await signUp(t.app);
    for (const query of ['?unreadOnly=maybe', '?limit=0', '?locale=de', '?other=1']) {
      const response = await browser.get(`/api/notifications${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error).toBeTruthy();
    }
  });
});

describe('PATCH /api/notifications/:id/read and read-all', () => {
  it('marks one as read, and a second time changes nothing', async () => {
    const { browser } = await signUp(t.app);
    const [welcome] = await list(browser);
    const first = await browser.patch(`/api/notifications/${welcome!.id}/read`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ success: true });
    expect((await list(browser))[0]!.isRead).toBe(true);
    expect(await count(browser)).toBe(0);
    expect((await browser.patch(`/api/notifications/${welcome!.id}/read`)).statusCode).toBe(200);
  });

  it('brings the unread count to zero with read-all', async () => {
    const { browser, user } = await signUp(t.app);
    await addNotification(user.id, new Date().toISOString());
    expect(await count(browser)).toBe(2);
    const response = await browser.patch('/api/notifications/read-all');
    expect(response.statusCode, response.body).toBe(200);
    expect(await count(browser)).toBe(0);
    expect((await list(browser)).every((item) => item.isRead)).toBe(true);
    // Nothing unread: nothing to record.
    expect((await browser.patch('/api/notifications/read-all')).statusCode).toBe(200);
  });
});

describe('DELETE /api/notifications/:id', () => {
  it('hides the notification from the list and the count', async () => {
    const { browser } = await signUp(t.app);
    const [welcome] = await list(browser);
    const response = await browser.delete(`/api/notifications/${welcome!.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(await list(browser)).toEqual([]);
    expect(await count(browser)).toBe(0);
    expect((await browser.delete(`/api/notifications/${welcome!.id}`)).statusCode).toBe(404);
    expect((await browser.patch(`/api/notifications/${welcome!.id}/read`)).statusCode).toBe(404);
  });
});

describe('ownership', () => {
  it("answers 404 for another user's notification, an unknown id and a malformed id", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const [welcome] = await list(owner.browser);
    for (const id of [welcome!.id, randomUUID(), 'not-an-id']) {
      for (const response of [
        await other.browser.patch(`/api/notifications/${id}/read`),
        await other.browser.delete(`/api/notifications/${id}`),
      ]) {
        expect(response.statusCode, id).toBe(404);
        expect(response.json()).toEqual({ error: 'Notification not found.' });
      }
    }
    const [still] = await list(owner.browser);
    expect(still).toMatchObject({ id: welcome!.id, isRead: false });
  });
});

/** Reads server-sent events from a real listening server. */
async function openStream(baseUrl: string, browser: Browser) {
  const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/notifications/stream`, {
    headers: { cookie },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const counts: number[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes('event: unread-count')) {
            counts.push((JSON.parse(/data: (.*)/.exec(block)![1]!) as { count: number }).count);
          }
        }
      }
    } catch {
      // aborted
    }
  })();
  return { counts, close: () => controller.abort() };
}

describe('GET /api/notifications/stream', () => {
  it('sends the count at once and again when it changes', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { browser, user } = await signUp(t.app);
    const stream = await openStream(address, browser);
    try {
      await waitUntil(() => stream.counts[0] === 1, { message: 'the first count' });
      const id = await addNotification(user.id, new Date().toISOString());
      await browser.patch(`/api/notifications/${id}/read`);
      // The direct insert above made no event; the read did: the stream tells the new count (1).
      await browser.patch('/api/notifications/read-all');
      await waitUntil(() => stream.counts.at(-1) === 0, { message: () => `counts ${stream.counts.join(',')}` });
    } finally {
      stream.close();
    }
  });

  it('reaches a client of a second API instance through Redis', async () => {
    expect(process.env.REDIS_URL, 'REDIS_URL, set by tests/support/integration-env.ts').toBeTruthy();
    const second = await createTestApp({ DATABASE_URL: t.database.url });
    const watcher = new Redis(process.env.REDIS_URL!);
    const published: string[] = [];
    try {
      await watcher.subscribe(REDIS_CHANNEL);
      watcher.on('message', (_channel: string, message: string) => published.push(message));
      const address = await second.app.listen({ port: 0, host: '127.0.0.1' });
      const { browser, user } = await signUp(t.app);
      // The session lives in Redis, so the same cookie is signed in on the second instance.
      const stream = await openStream(address, browser);
      try {
        await waitUntil(() => stream.counts[0] === 1, { message: 'the first count' });
        const response = await browser.patch('/api/notifications/read-all');
        expect(response.statusCode).toBe(200);
        await waitUntil(() => stream.counts.at(-1) === 0, { message: () => `counts ${stream.counts.join(',')}` });
        expect(published).toContain(JSON.stringify({ userId: user.id }));
      } finally {
        stream.close();
      }
    } finally {
      watcher.disconnect();
      await second.close();
    }
  });
});
