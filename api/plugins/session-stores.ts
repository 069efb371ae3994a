import type {} from '@fastify/session';
import type { Session } from 'fastify';
import type { Redis } from 'ioredis';
import { ServiceUnavailableError } from '../../shared/errors.ts';

type Callback = (error?: unknown) => void;
type GetCallback = (error: unknown, session?: Session | null) => void;

/** The contract @fastify/session expects of a store. */
export type SessionStore = {
  set(sessionId: string, session: Session, callback: Callback): void;
  get(sessionId: string, callback: GetCallback): void;
  destroy(sessionId: string, callback: Callback): void;
};

const DEFAULT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

function ttlOf(session: Session): number {
  const expires = session.cookie?.expires;
  const ms = expires ? new Date(expires).getTime() - Date.now() : (session.cookie?.originalMaxAge ?? DEFAULT_TTL_MS);
  return Math.max(1000, ms);
}

/**
 * A destroyed session stays destroyed. With `rolling` sessions every response saves its session
 * again, so a request that loaded the session before a logout and answers after it (a slow poll,
 * an in-flight read) would write it back and sign the user in again. Destroying therefore leaves a
 * tombstone for the session's lifetime, and a save of a tombstoned id is dropped. Session ids are
 * random and never reused, so nothing legitimate is lost.
 */
const TOMBSTONE_TTL_MS = DEFAULT_TTL_MS;

/**
 * The sessions whose save a tombstone dropped, for the answer that saved them: it must not send
 * their cookie either. That answer would set the destroyed session's id in the browser again, over
 * the cookie of a sign-in made since (signed out, then in as someone else, while a poll of the old
 * session was in flight), and the next page would find no one signed in.
 */
const lateSaves = new WeakSet<Session>();

/** Whether this session's last save came after it was destroyed (and was dropped). */
export function savedAfterDestroy(session: Session): boolean {
  return lateSaves.has(session);
}

/**
 * The in-process default (no REDIS_URL): expiring entries, swept every minute, bounded in size so
 * a flood of sessions cannot exhaust memory. Sessions do not survive a restart.
 */
export class MemorySessionStore implements SessionStore {
  private readonly sessions = new Map<string, { json: string; expiresAt: number }>();
  private readonly tombstones = new Map<string, number>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly maxSessions = 100_000) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  private sweep() {
    const now = Date.now();
    for (const [id, entry] of this.sessions) if (entry.expiresAt <= now) this.sessions.delete(id);
    for (const [id, until] of this.tombstones) if (until <= now) this.tombstones.delete(id);
  }

  set(sessionId: string, session: Session, callback: Callback) {
    if (this.tombstones.has(sessionId)) {
      lateSaves.add(session);
      return callback();
    }
    this.sessions.delete(sessionId);
    if (this.sessions.size >= this.maxSessions) {
      // Map keeps insertion order: the oldest written session goes first.
      const oldest = this.sessions.keys().next().value;
      if (oldest !== undefined) this.sessions.delete(oldest);
    }
    this.sessions.set(sessionId, { json: JSON.stringify(session), expiresAt: Date.now() + ttlOf(session) });
    callback();
  }

  get(sessionId: string, callback: GetCallback) {
    const entry = this.sessions.get(sessionId);
    if (!entry || entry.expiresAt <= Date.now()) {
      this.sessions.delete(sessionId);
      return callback(null, null);
    }
    callback(null, JSON.parse(entry.json) as Session);
  }

  destroy(sessionId: string, callback: Callback) {
    this.sessions.delete(sessionId);
    if (this.tombstones.size >= this.maxSessions) {
      const oldest = this.tombstones.keys().next().value;
      if (oldest !== undefined) this.tombstones.delete(oldest);
    }
    this.tombstones.set(sessionId, Date.now() + TOMBSTONE_TTL_MS);
    callback();
  }

  close() {
    clearInterval(this.sweeper);
  }
}

/** Sessions shared by every API instance (REDIS_URL). */
export class RedisSessionStore implements SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'sess:',
  ) {}

  private unavailable(error: unknown) {
    return new ServiceUnavailableError(
      `Sign-in is temporarily unavailable. Please try again shortly. (${error instanceof Error ? error.message : 'session store error'})`,
    );
  }

  set(sessionId: string, session: Session, callback: Callback) {
    // Write unless the session was destroyed (its tombstone exists), atomically.
    this.redis
      .eval(
        "if redis.call('exists', KEYS[2]) == 1 then return 0 end redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1",
        2,
        this.prefix + sessionId,
        `${this.prefix}destroyed:${sessionId}`,
        JSON.stringify(session),
        String(ttlOf(session)),
      )
      .then(
        (written) => {
          if (written === 0) lateSaves.add(session);
          callback();
        },
        (error: unknown) => callback(this.unavailable(error)),
      );
  }

  get(sessionId: string, callback: GetCallback) {
    this.redis.get(this.prefix + sessionId).then(
      (json) => callback(null, json ? (JSON.parse(json) as Session) : null),
      (error: unknown) => callback(this.unavailable(error)),
    );
  }

  destroy(sessionId: string, callback: Callback) {
    this.redis
      .multi()
      .del(this.prefix + sessionId)
      .set(`${this.prefix}destroyed:${sessionId}`, '1', 'PX', TOMBSTONE_TTL_MS)
      .exec()
      .then(
        () => callback(),
        (error: unknown) => callback(this.unavailable(error)),
      );
  }
}
