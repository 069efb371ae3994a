import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_CHANNEL } from '../api/modules/messaging/notifier.ts';
import { STREAM_TIMING } from '../api/modules/messaging/stream-routes.ts';
import { scheduleStreamId } from '../shared/domain/booking/events.ts';
import { ABUSE_LIMITS, parseAbuseLimitMessage } from '../shared/abuse-limits.ts';
import { MESSAGE_LIMITS, MESSAGING_MESSAGES } from '../shared/domain/messaging/decider.ts';
import { workOrderStreamId } from '../shared/domain/work/events.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, signUp } from './support/http-client.ts';
import { waitUntil } from './support/wait.ts';

/**
 * Messaging per job through the API. Bookings and work orders belong to other modules: these
 * tests append their contract events (shared/domain/booking/events.ts, shared/domain/work/events.ts)
 * straight to the store.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Person = Awaited<ReturnType<typeof signUp>>;
type MessageView = { id: string; senderId: string; senderName: string; mine: boolean; body: string; postedAt: string };
type ConversationView = {
  kind: string;
  id: string;
  subject: { kind: string; id: string; title: string | null; startsAt: string | null };
  otherParty: { id: string; name: string; role: string };
  lastMessage: { id: string; preview: string; mine: boolean } | null;
  messageCount: number;
  unreadCount: number;
};

async function projected(
  kind: string,
  id: string,
  check: (row: { contractor_id: string | null }) => boolean = () => true,
) {
  await waitUntil(
    async () => {
      const [row] = await t.runtime.sql<{ contractor_id: string | null }[]>`
        select contractor_id from rm_conversations where kind = ${kind} and subject_id = ${id}`;
      return row && check(row);
    },
    { message: `the ${kind} ${id} was not projected` },
  );
}

/** A booking between the two, as the booking module's BookingRequested records it. */
async function booking(customer: Person, contractor: Person) {
  const bookingId = randomUUID();
  const now = Date.now();
  await t.runtime.store.append(scheduleStreamId(contractor.user.id), [
    {
      type: 'BookingRequested',
      data: {
        bookingId,
        contractorId: contractor.user.id,
        customerId: customer.user.id,
        startsAt: new Date(now + 3 * 86_400_000).toISOString(),
        endsAt: new Date(now + 3 * 86_400_000 + 7_200_000).toISOString(),
        timeZone: 'America/Vancouver',
        customerTimeZone: 'America/Vancouver',
        workOrderId: null,
        offeringId: null,
        priceCents: 12_000,
        note: null,
        requestedAt: new Date(now).toISOString(),
      },
    },
  ]);
  await projected('booking', bookingId);
  return bookingId;
}

async function workOrder(customer: Person, directContractor: Person | null) {
  const workOrderId = randomUUID();
  await t.runtime.store.append(workOrderStreamId(workOrderId), [
    {
      type: 'WorkOrderPosted',
      data: {
        workOrderId,
        customerId: customer.user.id,
        mode: directContractor ? 'direct' : 'bids',
        directContractorId: directContractor?.user.id ?? null,
        title: 'Replace the kitchen faucet',
        description: 'The old faucet leaks; the new one is bought.',
        category: 'plumbing',
        service: null,
        location: null,
        remote: false,
        budgetMinCents: 10_000,
        budgetMaxCents: 20_000,
        preferredDates: [],
        photos: [],
        postedAt: new Date().toISOString(),
      },
    },
  ]);
  await projected('work-order', workOrderId);
  return workOrderId;
}

const url = (kind: string, id: string, rest = '') => `/api/conversations/${kind}/${id}${rest}`;

async function send(person: Person, kind: string, id: string, body: string) {
  const response = await person.browser.post(url(kind, id, '/messages'), { body });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { message: MessageView }).message;
}

async function conversations(person: Person) {
  const response = await person.browser.get('/api/conversations');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ConversationView[];
}

async function unread(person: Person) {
  const response = await person.browser.get('/api/conversations/unread-count');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { count: number }).count;
}

let customer: Person;
let contractor: Person;
let stranger: Person;
beforeAll(async () => {
  [customer, contractor, stranger] = await Promise.all([
    signUp(t.app, { role: 'customer', name: 'Chloé Gagnon' }),
    signUp(t.app, { role: 'contractor', name: 'Samuel Okafor' }),
    signUp(t.app, { role: 'contractor' }),
  ]);
});

describe('rights', () => {
  it('asks for sign-in on every route', async () => {
    const id = randomUUID();
    const anonymous = new Browser(t.app);
    for (const [method, path] of [
      ['GET', '/api/conversations'],
      ['GET', '/api/conversations/unread-count'],
      ['GET', '/api/conversations/stream'],
      ['GET', url('booking', id)],
      ['GET', url('booking', id, '/messages')],
      ['POST', url('booking', id, '/messages')],
      ['POST', url('booking', id, '/read')],
    ] as const) {
      const response = await anonymous.request(method, path, method === 'POST' ? { body: 'Hello' } : undefined);
      expect(response.statusCode, `${method} ${path}`).toBe(401);
      expect(response.json().error).toBeTruthy();
    }
  });

  it('lets only the two parties read or write: someone else gets 403, an unknown job 404', async () => {
    const bookingId = await booking(customer, contractor);
    await send(customer, 'booking', bookingId, 'Hello, is the 9 am start still good?');
    for (const [method, path, body] of [
      ['GET', url('booking', bookingId), undefined],
      ['GET', url('booking', bookingId, '/messages'), undefined],
      ['POST', url('booking', bookingId, '/messages'), { body: 'Let me in' }],
      ['POST', url('booking', bookingId, '/read'), {}],
    ] as const) {
      const response = await stranger.browser.request(method, path, body);
      expect(response.statusCode, `${method} ${path}`).toBe(403);
      expect(response.json()).toEqual({ error: MESSAGING_MESSAGES.notParty });
      const unknown = await customer.browser.request(method, path.replace(bookingId, randomUUID()), body);
      expect(unknown.statusCode, `${method} ${path} unknown`).toBe(404);
      expect(unknown.json()).toEqual({ error: MESSAGING_MESSAGES.notFound });
    }
    // Nothing of it shows in the stranger's list or count.
    expect((await conversations(stranger)).map((c) => c.id)).not.toContain(bookingId);
    expect(await unread(stranger)).toBe(0);
    // A booking id used as a work order is another conversation: unknown.
    expect((await customer.browser.get(url('work-order', bookingId, '/messages'))).statusCode).toBe(404);
  });

  it('rejects a bad kind or id with a 400', async () => {
    const bad = await customer.browser.get(url('job', randomUUID(), '/messages'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'The conversation kind must be booking or work-order' });
    const badId = await customer.browser.post(url('booking', 'abc', '/messages'), { body: 'Hi' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toEqual({ error: 'The conversation id is not valid' });
  });
});

describe('POST /api/conversations/:kind/:id/messages', () => {
  it('posts plain text, trimmed, and refuses bad input with a clear message', async () => {
    const bookingId = await booking(customer, contractor);
    const message = await send(customer, 'booking', bookingId, '  <b>Hi</b> Samuel!\r\nSee you Tuesday.\t ');
    expect(message).toMatchObject({
      body: '<b>Hi</b> Samuel!\nSee you Tuesday.',
      mine: true,
      senderName: 'Chloé Gagnon',
    });

    const path = url('booking', bookingId, '/messages');
    const cases: [unknown, string][] = [
      [{ body: '' }, MESSAGING_MESSAGES.body],
      [{ body: ' \n\t ' }, MESSAGING_MESSAGES.body],
      [{ body: 'x'.repeat(MESSAGE_LIMITS.bodyMax + 1) }, MESSAGING_MESSAGES.body],
      [{ body: 42 }, MESSAGING_MESSAGES.body],
      [{}, MESSAGING_MESSAGES.body],
      [{ body: 'Colours \u001b[31mred' }, MESSAGING_MESSAGES.control],
      [{ body: 'Ring \u0007 ring' }, MESSAGING_MESSAGES.control],
    ];
    for (const [body, error] of cases) {
      const response = await customer.browser.post(path, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toEqual({ error });
    }
    const extra = await customer.browser.post(path, { body: 'Hi', html: true });
    expect(extra.statusCode).toBe(400);
    // 2000 characters is the limit, counted as characters (an emoji is one).
    await send(customer, 'booking', bookingId, '🙂'.repeat(MESSAGE_LIMITS.bodyMax));
    const page = await customer.browser.get(`${path}?limit=100`);
    expect((page.json() as { messages: MessageView[] }).messages).toHaveLength(2);
  });

  it(`limits a sender to ${ABUSE_LIMITS.message.account.max} messages a minute across conversations (429)`, async () => {
    // Fresh accounts: the limit is per account, and this file's shared ones write elsewhere too.
    const [client, busy] = await Promise.all([
      signUp(t.app, { role: 'customer' }),
      signUp(t.app, { role: 'contractor' }),
    ]);
    const jobs = [await booking(client, busy), await booking(client, busy)];
    for (let i = 1; i <= ABUSE_LIMITS.message.account.max; i++) {
      const response = await busy.browser.post(url('booking', jobs[i % 2]!, '/messages'), { body: `Update ${i}` });
      expect(response.statusCode, response.body).toBe(201);
    }
    const over = await busy.browser.post(url('booking', jobs[0]!, '/messages'), { body: 'One more' });
    expect(over.statusCode).toBe(429);
    expect(parseAbuseLimitMessage(over.json().error)).not.toBeNull();
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // The other party can still answer.
    await send(client, 'booking', jobs[0]!, 'Thanks for all the updates!');
  });
});

describe('conversations, messages and unread counts', () => {
  it('lists my conversations with the other party, the subject, the last message and my unread count', async () => {
    const customer2 = await signUp(t.app, { role: 'customer', name: 'Olivier Roy' });
    const contractor2 = await signUp(t.app, { role: 'contractor', name: 'Priya Singh' });
    const bookingId = await booking(customer2, contractor2);
    expect(await unread(contractor2)).toBe(0);
    const [empty] = await conversations(contractor2);
    expect(empty).toMatchObject({
      kind: 'booking',
      id: bookingId,
      otherParty: { id: customer2.user.id, name: 'Olivier Roy', role: 'customer' },
      lastMessage: null,
      unreadCount: 0,
      messageCount: 0,
    });
    expect(empty!.subject.startsAt).toBeTruthy();

    await send(customer2, 'booking', bookingId, 'Hello Priya, the gate code is 1234.');
    await send(customer2, 'booking', bookingId, 'Parking is in the back.');
    expect(await unread(contractor2)).toBe(2);
    expect(await unread(customer2)).toBe(0);
    const [mine] = await conversations(contractor2);
    expect(mine).toMatchObject({
      lastMessage: { preview: 'Parking is in the back.', mine: false },
      unreadCount: 2,
      messageCount: 2,
    });
    expect((await conversations(customer2))[0]).toMatchObject({
      otherParty: { name: 'Priya Singh', role: 'contractor' },
      lastMessage: { mine: true },
      unreadCount: 0,
    });
    const one = await contractor2.browser.get(url('booking', bookingId));
    expect(one.json()).toMatchObject({ unreadCount: 2, otherParty: { name: 'Olivier Roy' } });

    // Reading up to the first message leaves one; reading all leaves none; reading again changes nothing.
    const page = (await contractor2.browser.get(url('booking', bookingId, '/messages'))).json() as {
      messages: MessageView[];
    };
    expect(page.messages.map((m) => [m.body, m.mine, m.senderName])).toEqual([
      ['Hello Priya, the gate code is 1234.', false, 'Olivier Roy'],
      ['Parking is in the back.', false, 'Olivier Roy'],
    ]);
    const partly = await contractor2.browser.post(url('booking', bookingId, '/read'), {
      upToMessageId: page.messages[0]!.id,
    });
    expect(partly.json()).toEqual({ success: true, unreadCount: 1 });
    expect(await unread(contractor2)).toBe(1);
    const all = await contractor2.browser.post(url('booking', bookingId, '/read'));
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ success: true, unreadCount: 0 });
    expect((await contractor2.browser.post(url('booking', bookingId, '/read'), {})).json()).toEqual({
      success: true,
      unreadCount: 0,
    });
    expect(await unread(contractor2)).toBe(0);

    // The contractor answers: the customer has one unread, the contractor's own message is never unread.
    await send(contractor2, 'booking', bookingId, 'Got it, thanks!');
    expect(await unread(customer2)).toBe(1);
    expect(await unread(contractor2)).toBe(0);

    const wrong = await contractor2.browser.post(url('booking', bookingId, '/read'), { upToMessageId: randomUUID() });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ error: MESSAGING_MESSAGES.messageNotFound });
    const badRead = await contractor2.browser.post(url('booking', bookingId, '/read'), { upToMessageId: 'x' });
    expect(badRead.statusCode).toBe(400);
    expect(badRead.json()).toEqual({ error: 'upToMessageId must be a message id' });
  });

  it('pages messages backwards with ?before=', async () => {
    const bookingId = await booking(customer, contractor);
    const sent: MessageView[] = [];
    for (let i = 1; i <= 5; i++)
      sent.push(await send(i % 2 ? customer : contractor, 'booking', bookingId, `Note ${i}`));
    const path = url('booking', bookingId, '/messages');
    const latest = (await customer.browser.get(`${path}?limit=2`)).json();
    expect(latest.messages.map((m: MessageView) => m.body)).toEqual(['Note 4', 'Note 5']);
    expect(latest.hasMore).toBe(true);
    const before = (await customer.browser.get(`${path}?limit=2&before=${latest.messages[0].id}`)).json();
    expect(before.messages.map((m: MessageView) => m.body)).toEqual(['Note 2', 'Note 3']);
    expect(before.hasMore).toBe(true);
    const first = (await customer.browser.get(`${path}?limit=2&before=${before.messages[0].id}`)).json();
    expect(first.messages.map((m: MessageView) => m.body)).toEqual(['Note 1']);
    expect(first.hasMore).toBe(false);

    for (const query of ['?limit=0', '?limit=101', '?before=abc', '?after=1']) {
      const response = await customer.browser.get(`${path}${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error).toBeTruthy();
    }
    const foreign = await customer.browser.get(`${path}?before=${randomUUID()}`);
    expect(foreign.statusCode).toBe(404);
  });
});

describe('work-order conversations', () => {
  it('open once the work order has its contractor: direct at once, bids when awarded', async () => {
    const direct = await workOrder(customer, contractor);
    await send(contractor, 'work-order', direct, 'I can come Thursday to look at it.');
    expect((await conversations(customer)).find((c) => c.id === direct)).toMatchObject({
      kind: 'work-order',
      subject: { title: 'Replace the kitchen faucet' },
      otherParty: { name: 'Samuel Okafor' },
      unreadCount: 1,
    });

    const bids = await workOrder(customer, null);
    const early = await customer.browser.post(url('work-order', bids, '/messages'), { body: 'Anyone?' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: MESSAGING_MESSAGES.noContractor });
    expect((await conversations(customer)).map((c) => c.id)).not.toContain(bids);
    const alone = await customer.browser.get(url('work-order', bids));
    expect(alone.statusCode).toBe(200);
    expect(alone.json()).toMatchObject({ otherParty: null, messageCount: 0 });
    expect((await stranger.browser.post(url('work-order', bids, '/messages'), { body: 'Me!' })).statusCode).toBe(403);

    await t.runtime.store.append(workOrderStreamId(bids), [
      {
        type: 'WorkOrderAwarded',
        data: {
          workOrderId: bids,
          customerId: customer.user.id,
          contractorId: stranger.user.id,
          proposalId: randomUUID(),
          priceCents: 15_000,
          awardedAt: new Date().toISOString(),
        },
      },
    ]);
    await projected('work-order', bids, (row) => row.contractor_id === stranger.user.id);
    await send(stranger, 'work-order', bids, 'Thanks for choosing me.');
    await send(customer, 'work-order', bids, 'Welcome aboard.');
    expect((await conversations(stranger)).find((c) => c.id === bids)).toMatchObject({ unreadCount: 1 });
    // The direct contractor of another order has no access to this one.
    expect((await contractor.browser.get(url('work-order', bids, '/messages'))).statusCode).toBe(403);
  });
});

/** Reads server-sent events from a real listening server. */
async function openStream(baseUrl: string, browser: Browser) {
  const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/conversations/stream`, {
    headers: { cookie },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events: { event: string; data: unknown }[] = [];
  const state = { ended: false };
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
      }
    } catch {
      // aborted
    }
    state.ended = true;
  })();
  return { events, state, close: () => controller.abort() };
}

describe('GET /api/conversations/stream', () => {
  let address: string;
  beforeAll(async () => {
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it("delivers a posted message to the recipient live, with the new unread counts, and the reader's read", async () => {
    const bookingId = await booking(customer, contractor);
    const before = await unread(contractor);
    const stream = await openStream(address, contractor.browser);
    try {
      await waitUntil(() => stream.events.find((e) => e.event === 'unread'), { message: 'the first count' });
      expect(stream.events[0]).toEqual({ event: 'unread', data: { count: before, conversation: null } });

      const sent = await send(customer, 'booking', bookingId, 'Live hello from Chloé');
      const arrived = await waitUntil(() => stream.events.find((e) => e.event === 'message'), {
        message: () => `events ${JSON.stringify(stream.events)}`,
      });
      expect(arrived.data).toEqual({
        conversation: { kind: 'booking', id: bookingId },
        message: { ...sent, mine: false },
      });
      await waitUntil(
        () =>
          stream.events.find(
            (e) =>
              e.event === 'unread' &&
              (e.data as { count: number; conversation: { unreadCount: number } | null }).conversation?.unreadCount ===
                1,
          ),
        { message: () => `events ${JSON.stringify(stream.events)}` },
      );
      expect(stream.events.at(-1)!.data).toEqual({
        count: before + 1,
        conversation: { kind: 'booking', id: bookingId, unreadCount: 1 },
      });

      // Reading in another tab brings every open stream of the reader down to the new count.
      await contractor.browser.post(url('booking', bookingId, '/read'));
      await waitUntil(
        () =>
          (stream.events.at(-1)?.data as { conversation: { unreadCount: number } | null }).conversation?.unreadCount ===
          0,
        { message: () => `events ${JSON.stringify(stream.events)}` },
      );
      // Someone else's conversation never reaches this stream.
      const other = await booking(customer, stranger);
      await send(customer, 'booking', other, 'Not for Samuel');
      await send(customer, 'booking', bookingId, 'For Samuel again');
      await waitUntil(() => stream.events.filter((e) => e.event === 'message').length === 2);
      expect(JSON.stringify(stream.events)).not.toContain('Not for Samuel');
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
      const secondAddress = await second.app.listen({ port: 0, host: '127.0.0.1' });
      const bookingId = await booking(customer, contractor);
      // Sessions live in Redis, so the contractor's cookie is signed in on the second instance too.
      const stream = await openStream(secondAddress, contractor.browser);
      try {
        await waitUntil(() => stream.events.length > 0, { message: 'the first count' });
        await send(customer, 'booking', bookingId, 'Through Redis');
        await waitUntil(
          () => stream.events.find((e) => e.event === 'message' && JSON.stringify(e.data).includes('Through Redis')),
          { message: () => `events ${JSON.stringify(stream.events)}` },
        );
        expect(published.map((m) => JSON.parse(m) as { userId: string })).toContainEqual(
          expect.objectContaining({ userId: contractor.user.id, conversation: { kind: 'booking', id: bookingId } }),
        );
      } finally {
        stream.close();
      }
    } finally {
      watcher.disconnect();
      await second.close();
    }
  });

  it('ends when the user signs out', async () => {
    const person = await signUp(t.app, { role: 'customer' });
    const previous = STREAM_TIMING.heartbeatMs;
    STREAM_TIMING.heartbeatMs = 100;
    const stream = await openStream(address, person.browser);
    try {
      await waitUntil(() => stream.events.length > 0, { message: 'the first count' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(stream.state.ended).toBe(false);
      const out = await person.browser.post('/api/auth/logout');
      expect(out.statusCode).toBe(200);
      await waitUntil(() => stream.state.ended, { message: 'the stream did not end after sign-out' });
    } finally {
      STREAM_TIMING.heartbeatMs = previous;
      stream.close();
    }
  });
});
