import type { Redis } from 'ioredis';
import { DateTime } from 'luxon';
import type { Sql } from '../db/postgres.ts';

/**
 * "Once per day per user" (the AI upsell generator). A day is the calendar day in Eastern time,
 * the platform's home zone, so it turns over at midnight in Toronto for everyone. Kept in Redis
 * when REDIS_URL is set (a key per user and day, expiring with the day); otherwise in PostgreSQL
 * (a row per user and day). Either way every API instance shares it, and taking the day's use is
 * one atomic step, so two simultaneous requests cannot both get it.
 *
 * This is request bookkeeping, like sessions and idempotency keys, not domain state: nothing reads
 * it but this check (docs/decisions.md, "AI upsell suggestions").
 */
export type DailyQuota = {
  /** True when the user had not used it today; it is now used. */
  take(userId: string, now?: Date): Promise<boolean>;
  /** Gives today's use back (the work it paid for failed). */
  release(userId: string, now?: Date): Promise<void>;
};

export const QUOTA_ZONE = 'America/Toronto';

export const DAILY_QUOTA_SCHEMA = `
create table if not exists daily_quota_uses (
  name text not null,
  user_id uuid not null,
  day date not null,
  used_at timestamptz not null default now(),
  primary key (name, user_id, day)
);`;

function dayOf(now: Date) {
  const local = DateTime.fromJSDate(now, { zone: QUOTA_ZONE });
  return { day: local.toISODate()!, endsAt: local.plus({ days: 1 }).startOf('day').toMillis() };
}

export function createDailyQuota(name: string, store: { redis: Redis | null; sql: Sql }): DailyQuota {
  const { redis, sql } = store;
  if (redis) {
    const key = (userId: string, day: string) => `quota:${name}:${userId}:${day}`;
    return {
      async take(userId, now = new Date()) {
        const { day, endsAt } = dayOf(now);
        return (await redis.set(key(userId, day), '1', 'PXAT', endsAt, 'NX')) === 'OK';
      },
      async release(userId, now = new Date()) {
        await redis.del(key(userId, dayOf(now).day));
      },
    };
  }
  let ready: Promise<unknown> | null = null;
  const table = () => (ready ??= sql.unsafe(DAILY_QUOTA_SCHEMA));
  return {
    async take(userId, now = new Date()) {
      await table();
      const rows = await sql`
        insert into daily_quota_uses (name, user_id, day, used_at) values (${name}, ${userId}, ${dayOf(now).day}, ${now})
        on conflict do nothing returning 1`;
      return rows.length > 0;
    },
    async release(userId, now = new Date()) {
      await table();
      await sql`delete from daily_quota_uses where name = ${name} and user_id = ${userId} and day = ${dayOf(now).day}`;
    },
  };
}
