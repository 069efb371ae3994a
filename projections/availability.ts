import type { Sql } from '../shared/db/postgres.ts';
import type { Availability, TimeWindow } from '../shared/domain/booking/calendar.ts';
import type { ScheduleEvent, WeeklyWindow } from '../shared/domain/booking/events.ts';
import { defineFoldedProjection, foldedTable } from '../infrastructure/projections/folded-rows.ts';

/**
 * Each contractor's weekly availability and dated exceptions, as the availability editor shows
 * them and as the public slots query computes from (with the bookings read model's held time).
 */
export const availabilityProjection = defineFoldedProjection<
  ScheduleEvent,
  { availability: AvailabilityRecord; exceptions: ExceptionRecord }
>({
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
  tables: {
    availability: foldedTable<AvailabilityRecord>('rm_schedule_availability', ['contractor_id']),
    exceptions: foldedTable<ExceptionRecord>('rm_schedule_exceptions', ['contractor_id', 'date']),
  },
  keys(event) {
    switch (event.type) {
      case 'AvailabilitySet':
        return { availability: [[event.data.contractorId]] };
      case 'AvailabilityExceptionAdded':
      case 'AvailabilityExceptionRemoved':
        return { exceptions: [[event.data.contractorId, event.data.date]] };
      default:
        return {};
    }
  },
  fold(event, { availability, exceptions }) {
    switch (event.type) {
      case 'AvailabilitySet': {
        const a = event.data;
        availability.put({
          contractor_id: a.contractorId,
          time_zone: a.timeZone,
          weekly: a.weekly,
          slot_minutes: a.slotMinutes,
          updated_at: a.setAt,
        });
        return;
      }
      case 'AvailabilityExceptionAdded': {
        const e = event.data;
        exceptions.put({
          contractor_id: e.contractorId,
          date: e.date,
          windows: e.windows,
          note: e.note,
          added_at: e.addedAt,
        });
        return;
      }
      case 'AvailabilityExceptionRemoved':
        exceptions.delete([event.data.contractorId, event.data.date]);
        return;
    }
  },
});

/** Rows of the two tables as the fold writes them (dates and timestamps as ISO text). */
type AvailabilityRecord = {
  contractor_id: string;
  time_zone: string;
  weekly: WeeklyWindow[];
  slot_minutes: number;
  updated_at: string;
};
type ExceptionRecord = {
  contractor_id: string;
  date: string;
  windows: TimeWindow[];
  note: string | null;
  added_at: string;
};

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
