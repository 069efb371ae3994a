import type { FastifyReply, onRequestHookHandler } from 'fastify';
import { LRUCache } from 'lru-cache';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { CheckpointWatcher } from '../../../infrastructure/projections/checkpoints.ts';
import { positionToString } from '../../../shared/eventstore/types.ts';

/**
 * The directory's answers, kept as the JSON bytes sent, per search. The directory is read far more
 * than it changes, and the same searches repeat (the first page, a city, a service), so most
 * answers can skip the query and the serialisation.
 *
 * An answer is valid while the read models it was built from have not changed: the key holds the
 * position of each one's last change, which this process learns from the checkpoint notifications
 * (a batch of events the read model does not handle moves its checkpoint but not this mark). A
 * write that reaches the directory therefore retires every cached answer before its
 * read-your-writes response goes out, and writes elsewhere in the marketplace leave them be.
 * What changes with time alone (a boost or a badge that expires) is bounded by a few seconds.
 */
export const BROWSE_CACHE_TTL_MS = 5_000;
/** The read models a directory answer reads (names come from personal data, set at sign-up). */
export const BROWSE_SOURCES = ['contractor-directory', 'accounts', 'credentials'] as const;
export const BROWSE_PATH = '/api/contractors/browse';

/** Below this an answer is sent as it is, like @fastify/compress's threshold. */
const COMPRESS_THRESHOLD_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

type Answer = { json: Buffer; encoded: Partial<Record<Encoding, Buffer>> };

export class BrowseCache {
  private readonly answers = new LRUCache<string, Answer>({
    max: 1_000,
    // Each answer may also hold its compressed forms (a fraction of its size).
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (answer) => answer.json.length * 2,
    ttl: BROWSE_CACHE_TTL_MS,
  });

  /** Answers being built, by key (the positions are part of it: a write never joins an older build). */
  private readonly building = new Map<string, Promise<Answer>>();

  constructor(private readonly checkpoints: Pick<CheckpointWatcher, 'lastChange'>) {}

  private positions(): string {
    return BROWSE_SOURCES.map((name) => positionToString(this.checkpoints.lastChange(name))).join(',');
  }

  /**
   * The cached JSON for this (validated) search, or builds, keeps and answers it. Kept as UTF-8
   * bytes: a string would be encoded again (and measured for Content-Length) on every send. `url`,
   * the request's own path and query, is kept as a second key for `cachedBrowseAnswers`.
   */
  async answer(query: object, build: () => Promise<string>, url?: string): Promise<Buffer> {
    const positions = this.positions();
    const key = `q|${positions}|${JSON.stringify(query)}`;
    let answer = this.answers.get(key);
    if (answer === undefined) {
      // One build per search at a time: when answers expire under load, the requests for the same
      // search that arrive while it is being built wait for that build instead of each running
      // the query and the ranking again (100 clients on one search made 100 builds at once).
      let building = this.building.get(key);
      if (building === undefined) {
        building = build()
          .then((json) => {
            const built: Answer = { json: Buffer.from(json, 'utf8'), encoded: {} };
            this.answers.set(key, built);
            return built;
          })
          .finally(() => this.building.delete(key));
        this.building.set(key, building);
      }
      answer = await building;
    }
    if (url !== undefined) this.answers.set(`u|${positions}|${url}`, answer);
    return answer.json;
  }

  /** The answer kept for exactly this path and query, if still valid. */
  forUrl(url: string): Answer | undefined {
    return this.answers.get(`u|${this.positions()}|${url}`);
  }

  /** The answer's bytes in `encoding`, compressed once per answer. */
  encoded(answer: Answer, encoding: Encoding): Buffer {
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

/**
 * The directory's hot path, registered before the session plugin: a repeated request (same path
 * and query, byte for byte) whose answer is still valid is sent from memory before any session,
 * validation or routing work. It only ever serves what the route itself answered with 200 for that
 * URL, and the answer is public (it never depends on who asks). The security headers are already
 * set by then (the security plugin's hook runs first).
 */
export function cachedBrowseAnswers(cache: BrowseCache): onRequestHookHandler {
  return (request, reply, done) => {
    const { url } = request;
    if (request.method !== 'GET' || !url.startsWith(BROWSE_PATH)) return done();
    const next = url.charCodeAt(BROWSE_PATH.length);
    if (!(Number.isNaN(next) || next === 63) /* '?' */) return done();
    const answer = cache.forUrl(url);
    if (!answer) return done();
    reply.type('application/json; charset=utf-8');
    const encoding =
      answer.json.length >= COMPRESS_THRESHOLD_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
    if (encoding) {
      reply.header('vary', 'accept-encoding').header('content-encoding', encoding);
      void reply.send(cache.encoded(answer, encoding));
    } else {
      void reply.send(answer.json);
    }
  };
}
