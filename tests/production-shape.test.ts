import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABUSE_LIMITS } from '../shared/abuse-limits.ts';
import { connect, type Sql } from '../shared/db/postgres.ts';
import { allProjections } from '../projections/index.ts';
import { forumPostStreamId } from '../shared/domain/forum/streams.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { uniqueRegistration } from './support/http-client.ts';
import { confirmationLinkFor } from './support/outbox.ts';
import { startRedisServer, type TestRedis } from './support/redis.ts';
import { TEST_POOL_SIZE } from './support/app.ts';
import { launchApp, launchProcess, makeDataDir, type LaunchedApp, type LaunchedProcess } from './support/start-app.ts';
import { waitUntil } from './support/wait.ts';
import { awaitTheSiteBuild } from './support/built-site.ts';

/**
 * The production shape on this machine (docs/performance.md, "several API instances"): two API
 * processes (`runtime/api-server.ts`, RUN_PROJECTIONS=false) and two projection workers
 * (`runtime/projections-worker.ts`), all four in production configuration, on one PostgreSQL
 * database of this file's own and one redis-server of its own, sharing one data folder (the e-mail
 * outbox, uploads) as the compose file's containers share a volume. All four start at once, as
 * `docker compose up` starts them, so their migrations race too.
 *
 * Every request names its client in X-Forwarded-For (TRUST_PROXY, as behind the load balancer that
 * spreads the traffic), so each member has an address of their own and the per-address limits do
 * not turn the test's many sign-ups into 429s.
 */

const SESSION_SECRET = 'production-shape-session-secret-of-at-least-32-characters';
/** The sustained load: per instance, for SECONDS (both instances at once). */
const LOAD = { connectionsPerInstance: 4, ratePerInstance: 100, seconds: 6 } as const;
const CONTRACTORS = LOAD.connectionsPerInstance * 2;

let database: TestDatabase;
let redis: TestRedis;
let dataDir: string;
let workers: LaunchedProcess[] = [];
let apis: LaunchedApp[] = [];
let sql: Sql;
let A: string;
let B: string;

let nextAddress = 0;
/** A client address of its own (a private range), as the proxy would report it. */
const newAddress = () => {
  nextAddress += 1;
  return `10.77.${(nextAddress >> 8) & 255}.${nextAddress & 255}`;
};

/** One person's browser: a session cookie and an address, talking to whichever instance it is given. */
class Member {
  cookies = new Map<string, string>();
  constructor(
    readonly address: string,
    public id = '',
  ) {}

  get cookie() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(base: string, method: string, path: string, body?: unknown): Promise<Response> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        'x-forwarded-for': this.address,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size ? { cookie: this.cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return response;
  }

  async json<T>(base: string, method: string, path: string, body?: unknown, status = method === 'GET' ? 200 : 0) {
    const response = await this.request(base, method, path, body);
    const text = await response.text();
    if (status) expect(response.status, `${method} ${path}: ${text}`).toBe(status);
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }
}

/** Signs up on `registerOn` and confirms the e-mailed link on `confirmOn`, as a person does. */
async function signUp(role: 'customer' | 'contractor', registerOn = A, confirmOn = B): Promise<Member> {
  const member = new Member(newAddress());
  const registration = uniqueRegistration({ role });
  const registered = await member.request(registerOn, 'POST', '/api/auth/register', registration);
  expect(registered.status, await registered.text()).toBe(202);
  // The shared data folder's outbox: whichever instance wrote the e-mail.
  const link = await confirmationLinkFor(dataDir, registration.email);
  const confirmed = await member.json<{ user: { id: string } }>(confirmOn, 'POST', '/api/auth/confirm-registration', {
    token: link.searchParams.get('token'),
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
  member.id = confirmed.body.user.id;
  return member;
}

awaitTheSiteBuild();

beforeAll(async () => {
  const started = Date.now();
  [database, redis] = await Promise.all([createTestDatabase('prodshape'), startRedisServer()]);
  dataDir = makeDataDir();
  sql = connect(database.url, { max: 2, applicationName: 'production-shape-test' });
  // Every process of a deployment signs the audit heads with one key (README, AUDIT_SIGNING_KEY).
  const auditKey = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  const production = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/root',
    NODE_ENV: 'production',
    SESSION_SECRET,
    AUDIT_SIGNING_KEY: auditKey,
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    DATA_DIR: dataDir,
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
    // Four processes on a server other suites share: each sizes its pools down, as a deployment
    // that runs several instances would.
    DATABASE_POOL_SIZE: TEST_POOL_SIZE,
    // The host is shared with other suites (and their PostgreSQL transactions, which hold back
    // every reader of the log): a command may wait longer for its read models before a 202.
    READ_YOUR_WRITES_TIMEOUT_MS: '10000',
  };
  const starting = [
    ...[1, 2].map((n) =>
      launchProcess({
        entry: 'runtime/projections-worker.ts',
        name: `projection worker ${n}`,
        env: production,
        ready: 'Projection worker running',
      }),
    ),
    ...[1, 2].map(() =>
      launchApp({ entry: 'runtime/api-server.ts', dataDir, env: { ...production, RUN_PROJECTIONS: 'false' } }),
    ),
  ];
  const settled = await Promise.allSettled(starting);
  workers = settled.slice(0, 2).flatMap((s) => (s.status === 'fulfilled' ? [s.value as LaunchedProcess] : []));
  apis = settled.slice(2).flatMap((s) => (s.status === 'fulfilled' ? [s.value as LaunchedApp] : []));
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
  [A, B] = apis.map((api) => api.baseURL) as [string, string];
  for (const base of [A, B]) {
    await waitUntil(async () => (await fetch(`${base}/api/health/ready`).catch(() => null))?.ok, {
      timeoutMs: 30_000,
      message: `${base}/api/health/ready`,
    });
  }
  console.log(`production shape: 2 API processes and 2 projection workers ready in ${Date.now() - started} ms`);
}, 180_000);

afterAll(async () => {
  await Promise.all([...apis, ...workers].map((child) => child.stop()));
  await sql?.end({ timeout: 1 });
  await redis?.stop();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('two API processes and two projection workers on one PostgreSQL and one Redis', () => {
  let contractors: Member[] = [];
  let customer: Member;

  beforeAll(async () => {
    // Sign-ups alternate the instances: registered on one, confirmed on the other.
    const signUps: Promise<Member>[] = [];
    for (let i = 0; i < CONTRACTORS; i++) {
      signUps.push(signUp('contractor', i % 2 ? B : A, i % 2 ? A : B));
    }
    contractors = await Promise.all(signUps);
    customer = await signUp('customer', B, A);
  }, 120_000);

  /** Who holds each projection's advisory lock: how many sessions, how many of them workers', and their ids. */
  const ownersOf = async () => {
    const owners = await sql<{ name: string; holders: number; workers: number; pids: number[] }[]>`
      select p.name,
        count(l.pid)::int as holders,
        count(l.pid) filter (where a.application_name = 'marketplace-projections')::int as workers,
        coalesce(array_agg(l.pid) filter (where l.pid is not null), '{}') as pids
      from unnest(${allProjections.map((p) => p.name)}::text[]) as p(name)
      left join pg_locks l on l.locktype = 'advisory' and l.granted and l.objsubid = 1
        and l.database = (select oid from pg_database where datname = current_database())
        and l.classid = ((hashtext('projection:' || p.name)::bigint >> 32) & 4294967295)::oid
        and l.objid = (hashtext('projection:' || p.name)::bigint & 4294967295)::oid
      left join pg_stat_activity a on a.pid = l.pid
      group by p.name`;
    return owners;
  };

  it('every projection is owned by exactly one worker, and none by an API process', async () => {
    const owners = await ownersOf();
    expect(owners).toHaveLength(allProjections.length);
    for (const owner of owners) {
      expect(owner, `the owners of ${owner.name}`).toMatchObject({ holders: 1, workers: 1 });
    }
    const split = new Map<number, number>();
    for (const pid of owners.flatMap((owner) => owner.pids)) split.set(pid, (split.get(pid) ?? 0) + 1);
    console.log(
      `projection ownership: ${allProjections.length} projections over ${split.size} worker session(s): ${[...split.values()].join(' + ')}`,
    );
  });

  it('reads its own write on the instance it wrote to, and at once on the other', async () => {
    const [contractor] = contractors;
    const profile = `/api/contractors/${contractor!.id}`;
    const browse = '/api/contractors/browse?sort=relevance&limit=12&offset=0';
    const statementOn = async (base: string) =>
      (await contractor!.json<{ expertiseStatement: string | null }>(base, 'GET', profile)).body.expertiseStatement;
    const listedOn = async (base: string) =>
      (
        await contractor!.json<{ contractors: { id: string; expertiseStatement: string | null }[] }>(
          base,
          'GET',
          browse,
        )
      ).body.contractors.find((entry) => entry.id === contractor!.id)?.expertiseStatement;
    const write = async (base: string, statement: string) => {
      const answer = await contractor!.request(base, 'PATCH', '/api/contractor/profile', {
        expertiseStatement: statement,
      });
      // 200, not 202: the answer waited until the directory's read model held the change.
      expect(answer.status, await answer.text()).toBe(200);
    };

    for (const [writeOn, readOn] of [
      [A, A],
      [B, B],
    ] as const) {
      const statement = `Own write ${randomUUID()}`;
      await write(writeOn, statement);
      expect(await statementOn(readOn)).toBe(statement);
      expect(await listedOn(readOn)).toBe(statement);
    }

    // Across instances, many times, with the reader's directory answer kept from just before.
    for (let round = 0; round < 20; round++) {
      const [writeOn, readOn] = round % 2 ? [B, A] : [A, B];
      await listedOn(readOn);
      const statement = `Round ${round} ${randomUUID()}`;
      await write(writeOn, statement);
      expect(await listedOn(readOn), `round ${round}: the directory on the other instance`).toBe(statement);
      expect(await statementOn(readOn), `round ${round}: the profile on the other instance`).toBe(statement);
    }
  });

  it('delivers a live notification caused on instance A to a browser connected to instance B', async () => {
    const contractor = contractors[1]!;
    const controller = new AbortController();
    const stream = await fetch(`${B}/api/notifications/stream`, {
      headers: { cookie: contractor.cookie, 'x-forwarded-for': contractor.address },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const counts: number[] = [];
    const reading = (async () => {
      const decoder = new TextDecoder();
      let buffered = '';
      try {
        const reader = stream.body!.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffered += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = buffered.indexOf('\n\n')) >= 0) {
            const block = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            const data = /^event: unread-count\ndata: (.*)$/m.exec(block)?.[1];
            if (data) counts.push((JSON.parse(data) as { count: number }).count);
          }
        }
      } catch {
        // Aborted at the end of the test.
      }
    })();
    try {
      // The welcome notification is unread.
      await waitUntil(() => counts.length > 0, { timeoutMs: 10_000, message: 'the first unread count' });
      const before = counts.at(-1)!;
      const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
      const posted = await customer.json<{ workOrder: { id: string } }>(
        A,
        'POST',
        '/api/work-orders',
        {
          title: 'Paint a two-bedroom apartment',
          description: 'Two bedrooms and a hallway, walls only. Paint is supplied.',
          category: 'painting',
          service: 'painting',
          postalCode: 'M5V 2T6',
          remote: false,
          budgetMinCents: 80_000,
          budgetMaxCents: 120_000,
          preferredDates: [inDays(10)],
          photos: [],
          mode: 'direct',
          directContractorId: contractor.id,
        },
        201,
      );
      expect(posted.body.workOrder.id).toBeTruthy();
      await waitUntil(() => counts.at(-1) === before + 1, {
        timeoutMs: 10_000,
        message: () => `the direct request's notification on B's stream (counts ${counts.join(', ')})`,
      });
    } finally {
      controller.abort();
      await reading;
    }
    // The instance that heard PostgreSQL's NOTIFY first claimed the change and published it through Redis.
    const client = new Redis(redis.url);
    try {
      expect((await client.keys('notifications:fanout:*')).length).toBeGreaterThan(0);
    } finally {
      client.disconnect();
    }
  });

  it('counts the sign-in limit across both instances, as on one', async () => {
    const attempts = async (bases: string[]) => {
      const member = new Member(newAddress());
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const answer = await member.request(bases[i % bases.length]!, 'POST', '/api/auth/login', {
          email: `nobody.${randomUUID()}@example.ca`,
          password: 'not-the-password',
        });
        statuses.push(answer.status);
      }
      return statuses;
    };
    const alternating = await attempts([A, B]);
    const single = await attempts([A]);
    expect(single).toEqual([...Array<number>(10).fill(401), 429]);
    expect(alternating).toEqual(single);
  });

  it('counts an abuse limit (new forum discussions per account) across both instances, as on one', async () => {
    const limit = ABUSE_LIMITS.forumPost.account.max;
    const posts = async (member: Member, bases: string[]) => {
      const statuses: number[] = [];
      for (let i = 0; i <= limit; i++) {
        const answer = await member.request(bases[i % bases.length]!, 'POST', '/api/forum/posts', {
          title: `Discussion number ${i + 1}`,
          content: 'Written to count the limit across instances.',
          category: 'general',
        });
        statuses.push(answer.status);
      }
      return statuses;
    };
    const [alternating, single] = await Promise.all([
      signUp('customer').then((member) => posts(member, [A, B])),
      signUp('customer').then((member) => posts(member, [B])),
    ]);
    expect(single).toEqual([...Array<number>(limit).fill(201), 429]);
    expect(alternating).toEqual(single);
    const client = new Redis(redis.url);
    try {
      expect((await client.keys('rl:*')).length).toBeGreaterThan(0);
    } finally {
      client.disconnect();
    }
  });

  it('holds a sustained mixed load spread over both instances with no error, and projects every write once', async () => {
    // One discussion per contractor to reply to: one writer per stream, so replies never race.
    const discussions: string[] = [];
    for (const [i, contractor] of contractors.entries()) {
      const created = await contractor.json<{ post: { id: string } }>(
        i % 2 ? B : A,
        'POST',
        '/api/forum/posts',
        { title: `Load discussion ${i + 1}`, content: 'Replies come from the load.', category: 'general' },
        201,
      );
      discussions.push(created.body.post.id);
    }
    const browse = '/api/contractors/browse?sort=relevance&limit=12&offset=0';
    const forum = '/api/forum/posts?category=all&sort=recent&limit=20';
    let nextConnection = 0;
    type Context = { n?: number; i?: number };
    /** Each connection is one contractor's browser: its reads, its profile, its discussion. */
    const as = (context: Context) => {
      context.i ??= nextConnection++ % contractors.length;
      return contractors[context.i]!;
    };
    const get = (path: (member: Member) => string) => ({
      method: 'GET' as const,
      setupRequest: (request: autocannon.Request, context: Context) => {
        const member = as(context);
        return {
          ...request,
          path: path(member),
          headers: { cookie: member.cookie, 'x-forwarded-for': member.address },
        };
      },
    });
    const requests: autocannon.Request[] = [
      get(() => browse),
      get((member) => `/api/contractors/${member.id}`),
      get(() => forum),
      get(() => '/api/notifications'),
      get(() => '/api/auth/me'),
      get((member) => `/api/contractors/${member.id}`),
      {
        method: 'PATCH',
        path: '/api/contractor/profile',
        setupRequest: (request, context: Context) => {
          const member = as(context);
          context.n = ((context.n ?? 0) + 1) % 100;
          return {
            ...request,
            headers: { 'content-type': 'application/json', cookie: member.cookie, 'x-forwarded-for': member.address },
            body: JSON.stringify({ yearsOfExperience: context.n }),
          };
        },
      },
      {
        method: 'POST',
        setupRequest: (request, context: Context) => {
          const member = as(context);
          return {
            ...request,
            path: `/api/forum/posts/${discussions[context.i!]}/replies`,
            headers: { 'content-type': 'application/json', cookie: member.cookie, 'x-forwarded-for': member.address },
            body: JSON.stringify({ content: 'A reply written under load.' }),
          };
        },
      },
    ];
    const refused: string[] = [];
    const noted = requests.map((request) => ({
      ...request,
      onResponse: (status: number, body: string) => {
        if (status >= 300) refused.push(`${request.method} ${status} ${body.slice(0, 300)}`);
      },
    }));
    const run = (url: string) =>
      autocannon({
        url,
        connections: LOAD.connectionsPerInstance,
        overallRate: LOAD.ratePerInstance,
        duration: LOAD.seconds,
        requests: noted,
      });
    const results = await Promise.all([run(A), run(B)]);

    const byStatus: Record<string, number> = {};
    for (const result of results) {
      for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
        byStatus[code] = (byStatus[code] ?? 0) + Number(stat.count);
      }
    }
    const total = results.reduce((sum, result) => sum + result.requests.total, 0);
    const errors = results.reduce((sum, result) => sum + result.errors + result.timeouts, 0);
    const non2xx = results.reduce((sum, result) => sum + result.non2xx, 0);
    const latency = results.map((result) => `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
    console.log(
      `sustained load: ${total} requests in ${LOAD.seconds} s over 2 instances (${Math.round(total / LOAD.seconds)} req/s), ` +
        `${Object.entries(byStatus)
          .map(([code, count]) => `${count} × ${code}`)
          .join(', ')}; ${errors} errors; A ${latency[0]}; B ${latency[1]}`,
    );
    expect(errors).toBe(0);
    expect(refused).toEqual([]);
    expect(non2xx).toBe(0);
    expect(Object.keys(byStatus).sort()).toEqual(['200', '201']);
    const replies = byStatus['201']!;
    console.log(`replies answered 201 during the load: ${replies}`);

    // Exactly once: each read model's rows match the log, with two workers following it.
    const counts = async () => {
      const [row] = await sql<
        {
          events: number;
          rows: number;
          counted: number;
          accounts: number;
          registered: number;
          welcomes: number;
          welcomed: number;
        }[]
      >`
        select
          (select count(*)::int from es_events where type = 'ForumReplyAdded'
             and stream_id = any(${discussions.map(forumPostStreamId)}::text[])) as events,
          (select count(*)::int from rm_forum_replies where post_id = any(${discussions}::uuid[])) as rows,
          (select coalesce(sum(reply_count), 0)::int from rm_forum_posts where post_id = any(${discussions}::uuid[])) as counted,
          (select count(*)::int from rm_accounts) as accounts,
          (select count(*)::int from es_events where type = 'AccountRegistered') as registered,
          (select count(*)::int from rm_notifications where title_key = 'welcome.title') as welcomes,
          (select count(distinct user_id)::int from rm_notifications where title_key = 'welcome.title') as welcomed`;
      return row!;
    };
    const settled = await waitUntil(
      async () => {
        const now = await counts();
        return now.rows === now.events && now.counted === now.events ? now : null;
      },
      { timeoutMs: 15_000 },
    ).catch(() => counts());
    // Requests still in flight when the load stopped were answered after autocannon stopped counting.
    expect(settled.events).toBeGreaterThanOrEqual(replies);
    expect(settled.rows).toBe(settled.events);
    expect(settled.counted).toBe(settled.events);
    expect(settled.accounts).toBe(settled.registered);
    expect(settled.welcomes).toBe(settled.registered);
    expect(settled.welcomed).toBe(settled.registered);
  }, 90_000);

  it('hands a killed worker’s projections to the other one, and commands still read their own writes', async () => {
    const [killed, survivor] = workers as [LaunchedProcess, LaunchedProcess];
    await killed.kill();
    // The standby tries the free locks every 2 s (the runner's takeover interval).
    await waitUntil(
      async () => {
        const owners = await ownersOf();
        return (
          owners.every((owner) => owner.holders === 1 && owner.workers === 1) &&
          new Set(owners.flatMap((owner) => owner.pids)).size === 1
        );
      },
      { timeoutMs: 15_000, message: () => `the survivor owning every projection:\n${survivor.output().slice(-2000)}` },
    );
    const contractor = contractors[2]!;
    for (const base of [A, B]) {
      const statement = `After the takeover ${randomUUID()}`;
      const answer = await contractor.request(base, 'PATCH', '/api/contractor/profile', {
        expertiseStatement: statement,
      });
      expect(answer.status, await answer.text()).toBe(200);
      const profile = await contractor.json<{ expertiseStatement: string }>(
        base === A ? B : A,
        'GET',
        `/api/contractors/${contractor.id}`,
      );
      expect(profile.body.expertiseStatement).toBe(statement);
    }
  });
});
