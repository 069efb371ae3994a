import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { NOTIFICATIONS_CHANGED_CHANNEL } from '../../../projections/notifications.ts';
import type { Sql } from '../../../shared/db/postgres.ts';

/** Redis pub/sub channel carrying `{"userId": "..."}` to every API instance. */
export const REDIS_CHANNEL = 'notifications';
const FANOUT_KEY_PREFIX = 'notifications:fanout:';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Logger = { warn(obj: object, msg?: string): void };

export type NotificationNotifier = {
  /** Calls `listener(userId)` whenever that user's notifications may have changed. */
  subscribe(listener: (userId: string) => void): () => void;
  close(): Promise<void>;
};

/**
 * Tells this API instance's live streams that a user's notifications changed.
 *
 * The trigger is the projection's NOTIFY on PostgreSQL (projections/notifications.ts), which is
 * delivered only after the batch commits, from whichever process runs the projection. Every
 * instance hears it. With Redis (REDIS_URL), exactly one of them — the first to claim the change
 * with SET NX — publishes `{userId}` on the `notifications` channel, and every instance pushes
 * what it receives there to its own clients: Redis is the fan-out, as it is for sessions and rate
 * limits. Without Redis (the one-process default) the change goes straight to an in-process
 * EventEmitter.
 */
export async function startNotifier(options: {
  sql: Sql;
  redis: Redis | null;
  logger?: Logger;
}): Promise<NotificationNotifier> {
  const { sql, redis, logger } = options;
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const emit = (userId: string) => local.emit('change', userId);

  let subscriber: Redis | null = null;
  if (redis) {
    // A connection in subscriber mode can run nothing else: a dedicated one.
    subscriber = redis.duplicate();
    if (subscriber.status === 'wait') await subscriber.connect();
    subscriber.on('message', (_channel: string, message: string) => {
      try {
        const { userId } = JSON.parse(message) as { userId?: unknown };
        if (typeof userId === 'string' && UUID.test(userId)) emit(userId);
      } catch {
        // Not ours: ignore.
      }
    });
    subscriber.on('error', (error: unknown) => logger?.warn({ err: error }, 'notifications subscriber error'));
    await subscriber.subscribe(REDIS_CHANNEL);
  }

  const listening = await sql.listen(NOTIFICATIONS_CHANGED_CHANNEL, (payload) => {
    const [userId] = payload.split(' ');
    if (!userId || !UUID.test(userId)) return;
    if (!redis) return emit(userId);
    // The payload carries the event's position, so it names one change: one instance publishes it.
    redis
      .set(`${FANOUT_KEY_PREFIX}${payload}`, '1', 'PX', 60_000, 'NX')
      .then((claimed) => {
        if (claimed === 'OK') return redis.publish(REDIS_CHANNEL, JSON.stringify({ userId }));
      })
      .catch((error: unknown) => {
        // Redis is down: at least this instance's clients hear it (polling covers the others).
        logger?.warn({ err: error }, 'notifications fan-out failed');
        emit(userId);
      });
  });

  return {
    subscribe(listener) {
      local.on('change', listener);
      return () => local.off('change', listener);
    },
    async close() {
      local.removeAllListeners();
      await listening.unlisten().catch(() => {});
      if (subscriber) await subscriber.quit().catch(() => {});
    },
  };
}
