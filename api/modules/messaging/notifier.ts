import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { CONVERSATIONS_CHANGED_CHANNEL } from '../../../projections/messaging.ts';
import type { Sql } from '../../../shared/db/postgres.ts';
import { conversationKinds, type ConversationRef } from '../../../shared/domain/messaging/events.ts';

/** Redis pub/sub channel carrying one conversation change to every API instance. */
export const REDIS_CHANNEL = 'conversations';
const FANOUT_KEY_PREFIX = 'conversations:fanout:';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Logger = { warn(obj: object, msg?: string): void };

/** A user's conversation changed: a new message (to or from them), or they read it. */
export type ConversationChange = { userId: string; conversation: ConversationRef; messageId: string | null };

export type ConversationNotifier = {
  subscribe(listener: (change: ConversationChange) => void): () => void;
  close(): Promise<void>;
};

function parseChange(value: unknown): ConversationChange | null {
  if (!value || typeof value !== 'object') return null;
  const { userId, conversation, messageId } = value as Record<string, unknown>;
  const ref = conversation as Record<string, unknown> | null | undefined;
  if (typeof userId !== 'string' || !UUID.test(userId)) return null;
  if (!ref || !conversationKinds.includes(ref.kind as never) || typeof ref.id !== 'string' || !UUID.test(ref.id)) {
    return null;
  }
  if (messageId !== null && (typeof messageId !== 'string' || !UUID.test(messageId))) return null;
  return { userId, conversation: { kind: ref.kind as ConversationRef['kind'], id: ref.id }, messageId };
}

/**
 * The same path as the notifications' live count (api/modules/notifications/notifier.ts): the
 * conversations projection's NOTIFY after its batch commits → with Redis, exactly one instance
 * claims the change (SET NX on its position) and publishes it, and every instance pushes what it
 * receives to its own clients; without Redis, an in-process EventEmitter.
 */
export async function startConversationNotifier(options: {
  sql: Sql;
  redis: Redis | null;
  logger?: Logger;
}): Promise<ConversationNotifier> {
  const { sql, redis, logger } = options;
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const emit = (change: ConversationChange) => local.emit('change', change);

  let subscriber: Redis | null = null;
  if (redis) {
    subscriber = redis.duplicate();
    if (subscriber.status === 'wait') await subscriber.connect();
    subscriber.on('message', (_channel: string, message: string) => {
      try {
        const change = parseChange(JSON.parse(message));
        if (change) emit(change);
      } catch {
        // Not ours: ignore.
      }
    });
    subscriber.on('error', (error: unknown) => logger?.warn({ err: error }, 'conversations subscriber error'));
    await subscriber.subscribe(REDIS_CHANNEL);
  }

  const listening = await sql.listen(CONVERSATIONS_CHANGED_CHANNEL, (payload) => {
    const [userId, kind, id, messageId] = payload.split(' ');
    const change = parseChange({
      userId,
      conversation: { kind, id },
      messageId: messageId && messageId !== '-' ? messageId : null,
    });
    if (!change) return;
    if (!redis) return emit(change);
    redis
      .set(`${FANOUT_KEY_PREFIX}${payload}`, '1', 'PX', 60_000, 'NX')
      .then((claimed) => {
        if (claimed === 'OK') return redis.publish(REDIS_CHANNEL, JSON.stringify(change));
      })
      .catch((error: unknown) => {
        logger?.warn({ err: error }, 'conversations fan-out failed');
        emit(change);
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
