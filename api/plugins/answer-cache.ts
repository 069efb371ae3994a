import type { FastifyReply, onRequestHookHandler } from 'fastify';
import { LRUCache } from 'lru-cache';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { CheckpointWatcher } from '../../infrastructure/projections/checkpoints.ts';
import { comparePositions, parsePosition, positionToString, type Position } from '../../shared/eventstore/types.ts';
import { SESSION_COOKIE } from './session.ts';

/**
 * Public answers of the busiest read routes (the directory, a contractor's profile, the job board),
 * kept as the JSON bytes sent. They are read far more than they change, and the same requests
 * repeat (the first page, a city, a popular profile), so most of them can skip the queries and the
 * serialisation.
 *
 * An answer is valid while the read models it was built from have not changed: the key holds the
 * position of each one's last change, which this process learns from the checkpoint notifications
 * (a batch of events a read model does not handle moves its checkpoint but not this mark). A write
 * that reaches those read models therefore retires every answer built from them before its
 * read-your-writes response goes out, and writes elsewhere in the marketplace leave them be.
 *
 * What changes with time alone is bounded too. A build says when its answer stops being true (the
 * end of the first boost it ranks, say); the cache never keeps an answer past `maxAgeMs` either,
 * which bounds what a route reads outside the event log (names in the personal-data table, a
 * credential that expires at a date). An answer past its time is still served, once a refresh of it
 * has started and for at most `staleMs`, so a busy search never makes a crowd of requests wait for
 * its rebuild: they get the answer of a moment ago, and the next ones the new one.
 *
 * With several API processes, another process learns of a change through its own notification, a
 * few milliseconds after the one that answered the write. A browser that wrote carries the write's
 * position in the `wrote_at` cookie (set with the write's answer, 200 or 202, command-pipeline.ts), and
 * a process that has not heard of that position yet waits for it, briefly, before it picks a kept
 * answer: otherwise its next read, sent to the other process, could get the answer from before.
 */
export const WROTE_AT_COOKIE = 'wrote_at';
/** How long a read waits for this process to hear of the reader's last write. */
export const WROTE_AT_WAIT_MS = 1_000;

/** The cookie's value as the browser sends it back: the position, its '/' percent-encoded or not. */
const WROTE_AT_IN_HEADER = new RegExp(`(?:^|;\\s*)${WROTE_AT_COOKIE}=(\\d{1,20})(?:%2F|/)(\\d{1,20})(?:;|$)`, 'i');

/** The position in a request's `wrote_at` cookie, if it holds a well-formed one. */
export function wroteAtOf(cookieHeader: string | undefined): Position | null {
  if (!cookieHeader) return null;
  const match = WROTE_AT_IN_HEADER.exec(cookieHeader);
  return match ? parsePosition(`${match[1]}/${match[2]}`) : null;
}
export type AnswerCacheOptions = {
  /** The read models (projection names) the answers are built from. */
  sources: readonly string[];
  /** The longest an answer is served as fresh, whatever its build said. */
  maxAgeMs: number;
  /** How long past its time an answer may still be served while its refresh runs. */
  staleMs: number;
  /** How many answers, and how many bytes, at most. */
  max?: number;
  maxBytes?: number;
};

/** What a route builds: the JSON sent, and when that answer stops being true (null: only a change of its read models ends it). */
export type Built<T = undefined> = { json: string; value?: T; expiresAt?: number | null };

export type Encoding = 'br' | 'gzip';

export type Answer<T = undefined> = {
  json: Buffer;
  /** What the route built it from, when it keeps it to answer a signed-in viewer with more. */
  value: T | undefined;
  encoded: Partial<Record<Encoding, Buffer>>;
  freshUntil: number;
};

/** Below this an answer is sent as it is, like @fastify/compress's threshold. */
const COMPRESS_THRESHOLD_BYTES = 1024;

export class AnswerCache<T = undefined> {
  private readonly answers: LRUCache<string, Answer<T>>;

  /** Answers being built, by key (the positions are part of it: a write never joins an older build). */
  private readonly building = new Map<string, Promise<Answer<T>>>();

  constructor(
    private readonly checkpoints: Pick<CheckpointWatcher, 'lastChange' | 'position' | 'waitFor'>,
    private readonly options: AnswerCacheOptions,
    private readonly clock: () => number = Date.now,
  ) {
    this.answers = new LRUCache<string, Answer<T>>({
      max: options.max ?? 2_000,
      // Each answer may also hold its compressed forms (a fraction of its size), and its value.
      maxSize: options.maxBytes ?? 64 * 1024 * 1024,
      sizeCalculation: (answer) => answer.json.length * 3,
      // Past its grace an entry is gone, whatever `freshUntil` says.
      ttl: options.maxAgeMs + options.staleMs,
    });
  }

  /** The last positions' key, with the positions it was built from (a change stores a new object). */
  private positionsKey: { of: Position[]; key: string } | null = null;

  /** The key part naming the read models' last changes: built again only when one has moved. */
  private positions(): string {
    const { sources } = this.options;
    const kept = this.positionsKey;
    if (kept && sources.every((name, i) => this.checkpoints.lastChange(name) === kept.of[i])) return kept.key;
    const of = sources.map((name) => this.checkpoints.lastChange(name));
    this.positionsKey = { of, key: of.map(positionToString).join(',') };
    return this.positionsKey.key;
  }

  /** Whether this process has heard of `position` for every read model the answers are built from. */
  private heardOf(position: Position | null): boolean {
    return (
      position === null ||
      this.options.sources.every((name) => comparePositions(this.checkpoints.position(name), position) >= 0)
    );
  }

  /** Usable now: fresh, or stale within its grace while a refresh is under way (or starts now). */
  private usable(answer: Answer<T>, now: number): 'fresh' | 'stale' | 'expired' {
    if (now < answer.freshUntil) return 'fresh';
    return now < answer.freshUntil + this.options.staleMs ? 'stale' : 'expired';
  }

  private build(key: string, build: () => Promise<Built<T>>): Promise<Answer<T>> {
    // One build per key at a time: the requests for the same answer that arrive while it is being
    // built wait for that build instead of each running the queries again (100 clients on one
    // search made 100 builds at once).
    let building = this.building.get(key);
    if (building === undefined) {
      const started = this.clock();
      building = build()
        .then((built) => {
          const freshUntil = Math.min(started + this.options.maxAgeMs, built.expiresAt ?? Infinity);
          const answer: Answer<T> = {
            json: Buffer.from(built.json, 'utf8'),
            value: built.value,
            encoded: {},
            freshUntil,
          };
          this.answers.set(key, answer);
          return answer;
        })
        .finally(() => this.building.delete(key));
      this.building.set(key, building);
    }
    return building;
  }

  /**
   * The answer for this (validated) request, kept or built. Kept as UTF-8 bytes: a string would be
   * encoded again (and measured for Content-Length) on every send. `url`, the request's own path
   * and query, is kept as a second key for `cachedAnswers` (only for a viewer-independent answer).
   */
  async answer(
    query: unknown,
    build: () => Promise<Built<T>>,
    url?: string,
    wroteAt: Position | null = null,
  ): Promise<Answer<T>> {
    if (!this.heardOf(wroteAt)) {
      await this.checkpoints.waitFor(wroteAt!, { projections: this.options.sources, timeoutMs: WROTE_AT_WAIT_MS });
    }
    const positions = this.positions();
    const key = `q|${positions}|${JSON.stringify(query)}`;
    const kept = this.answers.get(key);
    let answer: Answer<T>;
    const state = kept ? this.usable(kept, this.clock()) : 'expired';
    if (kept && state !== 'expired') {
      answer = kept;
      // A failed refresh leaves the stale answer to its grace; the next request tries again.
      if (state === 'stale') this.build(key, build).catch(() => {});
    } else {
      answer = await this.build(key, build);
    }
    if (url !== undefined) this.answers.set(`u|${positions}|${url}`, answer);
    return answer;
  }

  /** The fresh answer kept for exactly this path and query, if any (a stale one goes through its route, which refreshes it). */
  forUrl(url: string, wroteAt: Position | null = null): Answer<T> | undefined {
    // Not heard of the reader's last write yet: the route waits for it (see `answer`).
    if (!this.heardOf(wroteAt)) return undefined;
    const answer = this.answers.get(`u|${this.positions()}|${url}`);
    return answer && this.usable(answer, this.clock()) === 'fresh' ? answer : undefined;
  }

  /** The answer's bytes in `encoding`, compressed once per answer. */
  encoded(answer: Answer<T>, encoding: Encoding): Buffer {
    answer.encoded[encoding] ??=
      encoding === 'br'
        ? brotliCompressSync(answer.json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipSync(answer.json);
    return answer.encoded[encoding];
  }

  clear() {
    this.answers.clear();
  }
}

/**
 * Sends an answer's JSON bytes as they are: Fastify sends a Buffer without serialising it, so the
 * route's response schema (which only knows the object form) is not applied again.
 */
export function sendJson(reply: FastifyReply, json: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/** Brotli, else gzip, when the client accepts it (a `q=0` refuses). */
export function preferredEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  let gzip = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param))) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzip = true;
  }
  return gzip ? 'gzip' : null;
}

/** Where a kept answer may be sent from before the request pipeline. */
export type CachedRoute = {
  cache: Pick<AnswerCache<unknown>, 'forUrl' | 'encoded'>;
  /** The path's fixed start; the URL must end there, or go on with '/' + one segment when `segment`, then maybe '?'. */
  path: string;
  segment?: boolean;
  /** The answer depends on the viewer once signed in: only a request without a session cookie is answered here. */
  anonymousOnly?: boolean;
};

const hasSessionCookie = (cookie: string | undefined) =>
  cookie !== undefined && new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`).test(cookie);

function pathMatches(url: string, route: CachedRoute): boolean {
  if (!url.startsWith(route.path)) return false;
  let end = route.path.length;
  if (route.segment) {
    if (url.charCodeAt(end) !== 47 /* '/' */) return false;
    end += 1;
    while (end < url.length && url.charCodeAt(end) !== 63 && url.charCodeAt(end) !== 47) end++;
    if (end === route.path.length + 1) return false;
  }
  return end === url.length || url.charCodeAt(end) === 63; /* '?' */
}

/** A kept answer's headers besides the security headers: its type, and its encoding when compressed. */
function answerHeaders(securityHeaders: Readonly<Record<string, string>>, encoding: Encoding | null): string[] {
  const headers = Object.entries(securityHeaders).flat();
  headers.push('content-type', 'application/json; charset=utf-8');
  if (encoding) headers.push('vary', 'accept-encoding', 'content-encoding', encoding);
  return headers;
}

/**
 * The hot path of the cached routes, the app's first hook: a repeated request (same path and
 * query, byte for byte) whose answer is still fresh is written from memory before any session,
 * validation or routing work, and past Fastify's reply (its hooks, which only touch errors, writes
 * and what is not yet compressed, have nothing to do for it). It only ever serves what the route
 * itself answered with 200 for that URL, and only answers that never depend on who asks (or, with
 * `anonymousOnly`, to a request that carries no session). `securityHeaders` are the security
 * plugin's, set on every other response by its own hook.
 */
export function cachedAnswers(
  routes: readonly CachedRoute[],
  securityHeaders: Readonly<Record<string, string>>,
): onRequestHookHandler {
  // Built once, as flat lists of names and values (writeHead takes one); each answer adds its length.
  const headersFor = {
    identity: answerHeaders(securityHeaders, null),
    br: answerHeaders(securityHeaders, 'br'),
    gzip: answerHeaders(securityHeaders, 'gzip'),
  };
  return (request, reply, done) => {
    if (request.method !== 'GET') return done();
    const { url } = request;
    const route = routes.find((candidate) => pathMatches(url, candidate));
    if (!route || (route.anonymousOnly && hasSessionCookie(request.headers.cookie))) return done();
    const answer = route.cache.forUrl(url, wroteAtOf(request.headers.cookie));
    if (!answer) return done();
    const encoding =
      answer.json.length >= COMPRESS_THRESHOLD_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
    const body = encoding ? route.cache.encoded(answer, encoding) : answer.json;
    reply.hijack();
    reply.raw.writeHead(200, [...headersFor[encoding ?? 'identity'], 'content-length', String(body.length)]);
    reply.raw.end(body);
  };
}
