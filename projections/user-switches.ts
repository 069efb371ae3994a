import type { Sql } from '../shared/db/postgres.ts';
import type { SwitchMode as UserSwitchMode, UserSwitchEvent } from '../shared/domain/user-switch/events.ts';
import { defineFoldedProjection, foldedTable } from '../infrastructure/projections/folded-rows.ts';

/**
 * Who acted as whom, for the admin dashboard (`GET /api/admin/user-switches`): one row per
 * `UserSwitched`, ids only. Names are joined at read time from the personal data, so a deleted
 * account reads as a former member and nothing personal is copied here. `seq` keeps the log's
 * order for switches recorded in the same millisecond.
 *
 * Version 2: `seq` is counted by the fold (rm_user_switch_counter) instead of an identity column,
 * which a set-based write cannot fill; it numbers the switches in log order from 1 as the identity
 * did on a rebuild, and it is only ever read to order them.
 */
export const userSwitchesProjection = defineFoldedProjection<
  UserSwitchEvent,
  { switches: UserSwitchRecord; counter: CounterRecord }
>({
  name: 'user-switches',
  version: 2,
  handles: ['UserSwitched'],
  schema: `
    create table if not exists rm_user_switches (
      event_id uuid primary key,
      seq bigint not null,
      actor_id uuid not null,
      target_id uuid not null,
      mode text not null,
      switched_at timestamptz not null
    );
    create index if not exists rm_user_switches_newest on rm_user_switches (switched_at desc, seq desc);
    create table if not exists rm_user_switch_counter (
      id smallint primary key check (id = 1),
      last_seq bigint not null
    );`,
  reset: 'drop table if exists rm_user_switches, rm_user_switch_counter',
  tables: {
    switches: foldedTable<UserSwitchRecord>('rm_user_switches', ['event_id']),
    counter: foldedTable<CounterRecord>('rm_user_switch_counter', ['id']),
  },
  keys: (event) => ({ switches: [[event.id]], counter: [[1]] }),
  fold(event, { switches, counter }) {
    if (event.type !== 'UserSwitched') return;
    const d = event.data;
    // Like the identity it replaces, a number is taken even when the switch is already there.
    const seq = (counter.get([1])?.last_seq ?? 0) + 1;
    counter.put({ id: 1, last_seq: seq });
    if (switches.get([event.id])) return;
    switches.put({
      event_id: event.id,
      seq,
      actor_id: d.actorId,
      target_id: d.targetId,
      mode: d.mode,
      switched_at: d.switchedAt,
    });
  },
});

/** Rows of the two tables as the fold writes them (timestamps as ISO text). */
type UserSwitchRecord = {
  event_id: string;
  seq: number;
  actor_id: string;
  target_id: string;
  mode: UserSwitchMode;
  switched_at: string;
};
type CounterRecord = { id: 1; last_seq: number };

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
