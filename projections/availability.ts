import type { Sql } from '../shared/db/postgres.ts';
import type { Availability, TimeWindow } from '../shared/domain/booking/calendar.ts';
import type { ScheduleEvent, WeeklyWindow } from '../shared/domain/booking/events.ts';
import { defineProjection } from '../infrastructure/projections/types.ts';

/**
 * Each contractor's weekly availability and dated exceptions, as the availability editor shows
 * them and as the public slots query computes from (with the bookings read model's held time).
 */
export const availabilityProjection = defineProjection<ScheduleEvent>({
  name: 'availability',
  version: 1,
  handles: ['AvailabilitySet', 'AvailabilityExceptionAdded', 'AvailabilityExceptionRemoved'],
  schema: `
    create table if not exists rm_schedule_availability (
      contractor_id uuid primary key,
      time_zone text not null,
      weekly jsonb not null,
      slot_minutes integer not null,
      updated_at timestamptz not null
    );
    create table if not exists rm_schedule_exceptions (
      contractor_id uuid not null,
      date date not null,
      windows jsonb not null,
      note text,
      added_at timestamptz not null,
      primary key (contractor_id, date)
    );`,
  reset: 'drop table if exists rm_schedule_availability, rm_schedule_exceptions',
  async apply(tx, event) {
    switch (event.type) {
      case 'AvailabilitySet': {
        const a = event.data;
        await tx`
          insert into rm_schedule_availability (contractor_id, time_zone, weekly, slot_minutes, updated_at)
          values (${a.contractorId}, ${a.timeZone}, ${tx.json(a.weekly)}, ${a.slotMinutes}, ${a.setAt})
          on conflict (contractor_id) do update set time_zone = excluded.time_zone, weekly = excluded.weekly,
            slot_minutes = excluded.slot_minutes, updated_at = excluded.updated_at`;
        return;
      }
      case 'AvailabilityExceptionAdded': {
        const e = event.data;
        await tx`
          insert into rm_schedule_exceptions (contractor_id, date, windows, note, added_at)
          values (${e.contractorId}, ${e.date}, ${tx.json(e.windows)}, ${e.note}, ${e.addedAt})
          on conflict (contractor_id, date) do update set windows = excluded.windows, note = excluded.note,
            added_at = excluded.added_at`;
        return;
      }
      case 'AvailabilityExceptionRemoved': {
        const e = event.data;
        await tx`delete from rm_schedule_exceptions where contractor_id = ${e.contractorId} and date = ${e.date}`;
        return;
      }
    }
  },
});

export type AvailabilityException = { date: string; windows: TimeWindow[]; note: string | null };

export async function findAvailability(sql: Sql, contractorId: string): Promise<Availability | null> {
  const [row] = await sql<{ time_zone: string; weekly: WeeklyWindow[]; slot_minutes: number }[]>`
    select time_zone, weekly, slot_minutes from rm_schedule_availability where contractor_id = ${contractorId}`;
  return row ? { timeZone: row.time_zone, weekly: row.weekly, slotMinutes: row.slot_minutes } : null;
}

/** Exceptions from `fromDate` on (inclusive, `YYYY-MM-DD`), optionally up to `toDate` (inclusive). */
export async function exceptionsOf(
  sql: Sql,
  contractorId: string,
  fromDate: string,
  toDate?: string,
): Promise<AvailabilityException[]> {
  const rows = await sql<{ date: string; windows: TimeWindow[]; note: string | null }[]>`
    select to_char(date, 'YYYY-MM-DD') as date, windows, note from rm_schedule_exceptions
    where contractor_id = ${contractorId} and date >= ${fromDate}
      ${toDate ? sql`and date <= ${toDate}` : sql``}
    order by date`;
  return rows.map((r) => ({ date: r.date, windows: r.windows, note: r.note }));
}
