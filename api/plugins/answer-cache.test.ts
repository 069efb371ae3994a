import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { comparePositions, START, type Position } from '../../shared/eventstore/types.ts';
import {
  AnswerCache,
  cachedAnswers,
  preferredEncoding,
  WROTE_AT_WAIT_MS,
  wroteAtOf,
  type AnswerCacheOptions,
} from './answer-cache.ts';

const SOURCES = ['contractor-directory', 'accounts', 'credentials'] as const;
const OPTIONS: AnswerCacheOptions = { sources: SOURCES, maxAgeMs: 60_000, staleMs: 15_000 };
/** Stands for the security plugin's headers, which the hot path sends with each kept answer. */
const HEADERS = { 'x-content-type-options': 'nosniff', 'x-frame-options': 'SAMEORIGIN' };

/** What a process knows of the checkpoints; a change here is also as far as it has heard. */
function watcher() {
  const changes = new Map<string, Position>();
  const waiting: Array<() => void> = [];
  const position = (name: string) => changes.get(name) ?? START;
  return {
    lastChange: position,
    position,
    waitFor: (at: Position, options: { projections?: readonly string[]; timeoutMs: number }) =>
      new Promise<boolean>((resolve) => {
        const check = () => (options.projections ?? []).every((name) => comparePositions(position(name), at) >= 0);
        if (check()) return resolve(true);
        const timer = setTimeout(() => resolve(false), options.timeoutMs);
        waiting.push(() => {
          if (check()) {
            clearTimeout(timer);
            resolve(true);
          }
        });
      }),
    change: (name: string, commit: number) => {
      changes.set(name, { commit: BigInt(commit), prepare: BigInt(commit) });
      for (const heard of waiting) heard();
    },
  };
}

/** A clock the test moves. */
function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const text = async (answer: Promise<{ json: Buffer }>) => (await answer).json.toString();

describe('the answer cache', () => {
  it('answers a repeated request from memory until one of its read models changes', async () => {
    const checkpoints = watcher();
    const cache = new AnswerCache(checkpoints, OPTIONS);
    let builds = 0;
    const build = async () => ({ json: `{"n":${++builds}}` });

    expect(await text(cache.answer({ search: 'paint' }, build))).toBe('{"n":1}');
    expect(await text(cache.answer({ search: 'paint' }, build))).toBe('{"n":1}');
    // Another search is another answer.
    expect(await text(cache.answer({ search: 'paint', offset: 24 }, build))).toBe('{"n":2}');

    for (const [index, source] of SOURCES.entries()) {
      checkpoints.change(source, index + 1);
      expect(await text(cache.answer({ search: 'paint' }, build)), source).toBe(`{"n":${3 + index}}`);
      expect(await text(cache.answer({ search: 'paint' }, build)), source).toBe(`{"n":${3 + index}}`);
    }
    // A read model these answers do not read changes nothing.
    checkpoints.change('forum', 99);
    expect(await text(cache.answer({ search: 'paint' }, build))).toBe(`{"n":${2 + SOURCES.length}}`);
  });

  it('keeps the value a route built an answer from', async () => {
    const cache = new AnswerCache<{ total: number }>(watcher(), OPTIONS);
    const answer = await cache.answer({}, async () => ({ json: '{"total":3}', value: { total: 3 } }));
    expect(answer.value).toEqual({ total: 3 });
    expect((await cache.answer({}, async () => ({ json: 'other', value: { total: 9 } }))).value).toEqual({ total: 3 });
  });

  it('builds an answer once for the requests that arrive while it is being built', async () => {
    const checkpoints = watcher();
    const cache = new AnswerCache(checkpoints, OPTIONS);
    let builds = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const build = async () => {
      const n = ++builds;
      await gate;
      return { json: `{"n":${n}}` };
    };
    const waiting = Array.from({ length: 5 }, () => text(cache.answer({ search: 'paint' }, build)));
    // A write to the directory meanwhile: its requests do not join the older build.
    checkpoints.change('contractor-directory', 1);
    const afterWrite = text(cache.answer({ search: 'paint' }, build));
    release();
    expect(await Promise.all(waiting)).toEqual(Array(5).fill('{"n":1}'));
    expect(await afterWrite).toBe('{"n":2}');
    expect(builds).toBe(2);

    // A failed build fails its waiters and is not kept: the next request builds again.
    let fail = true;
    const failing = async () => {
      if (fail) throw new Error('database down');
      return { json: '{"ok":true}' };
    };
    const failed = await Promise.allSettled([cache.answer({ q: 1 }, failing), cache.answer({ q: 1 }, failing)]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await text(cache.answer({ q: 1 }, failing))).toBe('{"ok":true}');
  });

  it('ends an answer when its build says it stops being true, or at the longest age', async () => {
    const time = clock();
    const cache = new AnswerCache(watcher(), OPTIONS, time.now);
    let builds = 0;
    // A boost among the answer's contractors ends in 10 s.
    const boosted = async () => ({ json: `${++builds}`, expiresAt: time.now() + 10_000 });
    expect(await text(cache.answer('boosted', boosted))).toBe('1');
    time.advance(9_999);
    expect(await text(cache.answer('boosted', boosted))).toBe('1');
    time.advance(1);
    // Past its time the answer is served once more while its refresh runs; then the new one.
    expect(await text(cache.answer('boosted', boosted))).toBe('1');
    await Promise.resolve();
    expect(await text(cache.answer('boosted', boosted))).toBe('2');

    // Nothing ends it: the longest age does (what a route reads outside the log is bounded).
    const plain = async () => ({ json: `${++builds}`, expiresAt: null });
    expect(await text(cache.answer('plain', plain))).toBe('3');
    time.advance(OPTIONS.maxAgeMs - 1);
    expect(await text(cache.answer('plain', plain))).toBe('3');
    time.advance(1);
    expect(await text(cache.answer('plain', plain))).toBe('3');
    await Promise.resolve();
    expect(await text(cache.answer('plain', plain))).toBe('4');
  });

  it('serves a stale answer only within its grace, and keeps it when its refresh fails', async () => {
    const time = clock();
    const cache = new AnswerCache(watcher(), OPTIONS, time.now);
    let fail = false;
    let builds = 0;
    const build = async () => {
      builds++;
      if (fail) throw new Error('database down');
      return { json: `${builds}`, expiresAt: time.now() + 1_000 };
    };
    expect(await text(cache.answer('q', build))).toBe('1');
    fail = true;
    time.advance(1_000);
    expect(await text(cache.answer('q', build))).toBe('1');
    await Promise.resolve();
    expect(builds).toBe(2);
    // The failed refresh is not kept; the stale answer still is, and the next request tries again.
    expect(await text(cache.answer('q', build))).toBe('1');
    expect(builds).toBe(3);
    // Past the grace a request waits for a build of its own (and here sees it fail).
    time.advance(OPTIONS.staleMs);
    await expect(cache.answer('q', build)).rejects.toThrow('database down');
    fail = false;
    expect(await text(cache.answer('q', build))).toBe('5');
  });

  it('forgets everything when cleared', async () => {
    const cache = new AnswerCache(watcher(), OPTIONS);
    let builds = 0;
    const build = async () => ({ json: String(++builds) });
    await cache.answer({}, build);
    cache.clear();
    expect(await text(cache.answer({}, build))).toBe('2');
  });
});

describe('answers by URL', () => {
  it('keeps an answer under the URL it was asked with, while it is fresh and its read models unchanged', async () => {
    const checkpoints = watcher();
    const time = clock();
    const cache = new AnswerCache(checkpoints, OPTIONS, time.now);
    expect(cache.forUrl('/api/contractors/browse?limit=12')).toBeUndefined();
    await cache.answer({ limit: 12 }, async () => ({ json: '{"n":1}' }), '/api/contractors/browse?limit=12');
    expect(cache.forUrl('/api/contractors/browse?limit=12')?.json.toString()).toBe('{"n":1}');
    // Another spelling of the same search is another URL: it goes through the route.
    expect(cache.forUrl('/api/contractors/browse?limit=12&')).toBeUndefined();
    // A stale answer goes through the route, which refreshes it.
    time.advance(OPTIONS.maxAgeMs);
    expect(cache.forUrl('/api/contractors/browse?limit=12')).toBeUndefined();
    time.advance(-OPTIONS.maxAgeMs);
    checkpoints.change('contractor-directory', 7);
    expect(cache.forUrl('/api/contractors/browse?limit=12')).toBeUndefined();
  });

  it('makes a reader wait until this process has heard of their last write, then builds afresh', async () => {
    const checkpoints = watcher();
    const cache = new AnswerCache(checkpoints, OPTIONS);
    let builds = 0;
    const build = async () => ({ json: `{"n":${++builds}}` });
    const url = '/api/contractors/browse?limit=12';
    await cache.answer({ limit: 12 }, build, url);
    // The reader wrote at position 5 through another process; this one has not heard of it yet.
    const wroteAt = { commit: 5n, prepare: 5n };
    expect(cache.forUrl(url, wroteAt)).toBeUndefined();
    expect(cache.forUrl(url)?.json.toString()).toBe('{"n":1}');
    const answered = cache.answer({ limit: 12 }, build, url, wroteAt);
    let settled = false;
    void answered.then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    for (const source of SOURCES) checkpoints.change(source, 5);
    expect(await text(answered)).toBe('{"n":2}');
    expect(cache.forUrl(url, wroteAt)?.json.toString()).toBe('{"n":2}');
  });

  it("answers after a bounded wait when the reader's write is never heard of", async () => {
    const cache = new AnswerCache(watcher(), OPTIONS);
    const started = Date.now();
    await cache.answer({}, async () => ({ json: '{}' }), '/u', { commit: 9n, prepare: 9n });
    expect(Date.now() - started).toBeGreaterThanOrEqual(WROTE_AT_WAIT_MS - 50);
  });

  it('reads the write position from the cookie header, and nothing from a malformed one', () => {
    expect(wroteAtOf('theme=dark; wrote_at=120%2F118; sid=x')).toEqual({ commit: 120n, prepare: 118n });
    expect(wroteAtOf('wrote_at=7/7')).toEqual({ commit: 7n, prepare: 7n });
    expect(wroteAtOf('xwrote_at=7%2F7')).toBeNull();
    expect(wroteAtOf('wrote_at=7%2F7x')).toBeNull();
    expect(wroteAtOf('wrote_at=-1%2F2')).toBeNull();
    expect(wroteAtOf(`wrote_at=${'9'.repeat(21)}%2F1`)).toBeNull();
    expect(wroteAtOf(undefined)).toBeNull();
  });

  it('compresses an answer once per encoding', async () => {
    const cache = new AnswerCache(watcher(), OPTIONS);
    await cache.answer({}, async () => ({ json: JSON.stringify({ text: 'x'.repeat(5000) }) }), '/u');
    const answer = cache.forUrl('/u')!;
    const br = cache.encoded(answer, 'br');
    expect(br.length).toBeLessThan(answer.json.length);
    expect(cache.encoded(answer, 'br')).toBe(br);
    expect(cache.encoded(answer, 'gzip')).not.toBe(br);
  });
});

describe('the hot path', () => {
  async function appWith(urls: string[]) {
    const directory = new AnswerCache(watcher(), OPTIONS);
    const profiles = new AnswerCache(watcher(), OPTIONS);
    const board = new AnswerCache(watcher(), OPTIONS);
    for (const [cache, url] of [
      [directory, '/api/contractors/browse?limit=2'],
      [profiles, '/api/contractors/abc'],
      [profiles, '/api/contractors/abc?reviewsLimit=5'],
      [board, '/api/work-orders/browse?category=plumbing'],
    ] as const) {
      await cache.answer(url, async () => ({ json: JSON.stringify({ kept: url }) }), url);
    }
    const app = Fastify();
    app.addHook(
      'onRequest',
      cachedAnswers(
        [
          { cache: directory, path: '/api/contractors/browse' },
          { cache: profiles, path: '/api/contractors', segment: true },
          { cache: board, path: '/api/work-orders/browse', anonymousOnly: true },
        ],
        HEADERS,
      ),
    );
    app.all('/*', async (request) => ({ routed: request.url }));
    for (const url of urls) await app.inject({ url });
    return app;
  }

  it.each([
    ['/api/contractors/browse?limit=2', 'kept'],
    ['/api/contractors/abc', 'kept'],
    ['/api/contractors/abc?reviewsLimit=5', 'kept'],
    ['/api/work-orders/browse?category=plumbing', 'kept'],
    // Near misses go through the routes.
    ['/api/contractors/browse?limit=3', 'routed'],
    ['/api/contractors/abc/reviews', 'routed'],
    ['/api/contractors/', 'routed'],
    ['/api/contractors', 'routed'],
    ['/api/contractors/abcd', 'routed'],
    ['/api/work-orders/browsex?category=plumbing', 'routed'],
  ])('%s is %s', async (url, expected) => {
    const app = await appWith([]);
    const response = await app.inject({ url });
    expect(Object.keys(response.json())).toEqual([expected]);
  });

  it('sends a kept answer with the security headers, its type and length, compressed when asked', async () => {
    const directory = new AnswerCache(watcher(), OPTIONS);
    const url = '/api/contractors/browse?limit=2';
    const json = JSON.stringify({ kept: 'x'.repeat(2_000) });
    await directory.answer(url, async () => ({ json }), url);
    const app = Fastify();
    app.addHook('onRequest', cachedAnswers([{ cache: directory, path: '/api/contractors/browse' }], HEADERS));
    app.all('/*', async () => ({ routed: true }));

    const plain = await app.inject({ url });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(json);
    expect(plain.headers).toMatchObject({
      ...HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(json)),
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const compressed = await app.inject({ url, headers: { 'accept-encoding': accept } });
      expect(compressed.headers).toMatchObject({ ...HEADERS, 'content-encoding': encoding, vary: 'accept-encoding' });
      expect(compressed.headers['content-length']).toBe(String(compressed.rawPayload.length));
      expect(decode(compressed.rawPayload).toString()).toBe(json);
    }
  });

  it('sends no kept answer to a reader whose last write this process has not heard of', async () => {
    const app = await appWith([]);
    const url = '/api/contractors/browse?limit=2';
    expect(Object.keys((await app.inject({ url, headers: { cookie: 'wrote_at=3%2F3' } })).json())).toEqual(['routed']);
    // A malformed position is no position: the kept answer goes out.
    expect(Object.keys((await app.inject({ url, headers: { cookie: 'wrote_at=soon' } })).json())).toEqual(['kept']);
  });

  it('sends an anonymous-only answer to no request that carries a session', async () => {
    const app = await appWith([]);
    const url = '/api/work-orders/browse?category=plumbing';
    expect(Object.keys((await app.inject({ url, headers: { cookie: 'theme=dark; sid=s%3Aabc' } })).json())).toEqual([
      'routed',
    ]);
    expect(Object.keys((await app.inject({ url, headers: { cookie: 'theme=dark; xsid=1' } })).json())).toEqual([
      'kept',
    ]);
    expect(Object.keys((await app.inject({ url, method: 'POST' })).json())).toEqual(['routed']);
  });
});

describe('preferredEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['*', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['BR;Q=0.0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['deflate', null],
  ])('%j → %j', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
