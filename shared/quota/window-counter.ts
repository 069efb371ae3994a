import type { Redis } from 'ioredis';

export type Hit = { count: number; retryAfterMs: number };

/**
 * Fixed-window counters for limits that must not change an answer (how many sign-up e-mails an address gets an hour): Redis when configured (shared by every
 * API instance), else a map in this process behind the same interface.
 */
export type Counter = { hit(key: string, windowMs: number): Promise<Hit> };

export function redisCounter(redis: Redis, prefix = 'window:'): Counter {
  return {
    async hit(key, windowMs) {
      const name = prefix + key;
      const count = await redis.incr(name);
      if (count === 1) await redis.pexpire(name, windowMs);
      let ttl = await redis.pttl(name);
      // A key left without expiry (a crash between the two calls) must not block for ever.
      if (ttl < 0) {
        await redis.pexpire(name, windowMs);
        ttl = windowMs;
      }
      return { count, retryAfterMs: ttl };
    },
  };
}

export function memoryCounter(now: () => number = Date.now): Counter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, windowMs) {
      const at = now();
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (w.resetAt <= at) windows.delete(k);
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        window = { count: 0, resetAt: at + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, retryAfterMs: window.resetAt - at };
    },
  };
}
