import type { Sql } from '../shared/db/postgres.ts';
import type { SwitchMode as UserSwitchMode, UserSwitchEvent } from '../shared/domain/user-switch/events.ts';
import { defineProjection } from '../infrastructure/projections/types.ts';

/**
 * Who acted as whom, for the admin dashboard (`GET /api/admin/user-switches`): one row per
 * `UserSwitched`, ids only. Names are joined at read time from the personal data, so a deleted
 * account reads as a former member and nothing personal is copied here. `seq` keeps the log's
 * order for switches recorded in the same millisecond.
 */
export const userSwitchesProjection = defineProjection<UserSwitchEvent>({
  name: 'user-switches',
  version: 1,
  handles: ['UserSwitched'],
  schema: `
    create table if not exists rm_user_switches (
      event_id uuid primary key,
      seq bigint generated always as identity,
      actor_id uuid not null,
      target_id uuid not null,
      mode text not null,
      switched_at timestamptz not null
    );
    create index if not exists rm_user_switches_newest on rm_user_switches (switched_at desc, seq desc);`,
  reset: 'drop table if exists rm_user_switches',
  async apply(tx, event) {
    if (event.type !== 'UserSwitched') return;
    const d = event.data;
    await tx`
      insert into rm_user_switches (event_id, actor_id, target_id, mode, switched_at)
      values (${event.id}, ${d.actorId}, ${d.targetId}, ${d.mode}, ${d.switchedAt})
      on conflict (event_id) do nothing`;
  },
});

export type UserSwitchRow = {
  id: string;
  actorId: string;
  targetId: string;
  mode: UserSwitchMode;
  switchedAt: Date;
};

/** A page of switches, newest first, and how many there are in all. */
export async function userSwitchesPage(
  sql: Sql,
  page: { limit: number; offset: number },
): Promise<{ total: number; rows: UserSwitchRow[] }> {
  const [rows, [count]] = await Promise.all([
    sql<UserSwitchRow[]>`
      select event_id as id, actor_id as "actorId", target_id as "targetId", mode, switched_at as "switchedAt"
      from rm_user_switches
      order by switched_at desc, seq desc limit ${page.limit} offset ${page.offset}`,
    sql<{ total: number }[]>`select count(*)::int as total from rm_user_switches`,
  ]);
  return { total: count?.total ?? 0, rows };
}
