import type { Sql } from '../shared/db/postgres.ts';
import type { BookingRequested } from '../shared/domain/booking/events.ts';
import type { TimeProposalEvent } from '../shared/domain/booking/time-proposals.ts';
import { defineProjection } from '../infrastructure/projections/types.ts';

export const TIME_PROPOSALS_READ_MODEL = 'time-proposals';

/**
 * The times customers proposed to a hired contractor without weekly hours
 * (shared/domain/booking/time-proposals.ts), for the work order's page: the contractor accepts one
 * there. A proposal is answered once a booking names it (`BookingRequested.proposalId`, the
 * contractor's acceptance); the booking's own life (cancelled, rescheduled) is the bookings read
 * model's. Ids and instants only.
 */
export const timeProposalsProjection = defineProjection<TimeProposalEvent | BookingRequested>({
  name: TIME_PROPOSALS_READ_MODEL,
  version: 1,
  handles: ['TimesProposed', 'BookingRequested'],
  schema: `
    create table if not exists rm_time_proposals (
      proposal_id uuid primary key,
      work_order_id uuid not null,
      customer_id uuid not null,
      contractor_id uuid not null,
      times jsonb not null,
      proposed_at timestamptz not null,
      accepted_booking_id uuid,
      accepted_starts_at timestamptz
    );
    create index if not exists rm_time_proposals_order on rm_time_proposals (work_order_id, proposed_at desc);`,
  reset: 'drop table if exists rm_time_proposals',
  async apply(tx, event) {
    switch (event.type) {
      case 'TimesProposed': {
        const p = event.data;
        await tx`
          insert into rm_time_proposals (proposal_id, work_order_id, customer_id, contractor_id, times, proposed_at)
          values (${p.proposalId}, ${p.workOrderId}, ${p.customerId}, ${p.contractorId}, ${tx.json(p.times)},
            ${p.proposedAt})
          on conflict (proposal_id) do nothing`;
        return;
      }
      case 'BookingRequested': {
        const b = event.data;
        if (!b.proposalId) return;
        await tx`
          update rm_time_proposals set accepted_booking_id = ${b.bookingId}, accepted_starts_at = ${b.startsAt}
          where proposal_id = ${b.proposalId} and accepted_booking_id is null`;
        return;
      }
    }
  },
});

export type TimeProposalRow = {
  proposalId: string;
  workOrderId: string;
  customerId: string;
  contractorId: string;
  times: string[];
  proposedAt: string;
  acceptedBookingId: string | null;
  acceptedStartsAt: string | null;
};

type Row = {
  proposal_id: string;
  work_order_id: string;
  customer_id: string;
  contractor_id: string;
  times: string[];
  proposed_at: Date;
  accepted_booking_id: string | null;
  accepted_starts_at: Date | null;
};

const toProposal = (row: Row): TimeProposalRow => ({
  proposalId: row.proposal_id,
  workOrderId: row.work_order_id,
  customerId: row.customer_id,
  contractorId: row.contractor_id,
  times: row.times,
  proposedAt: row.proposed_at.toISOString(),
  acceptedBookingId: row.accepted_booking_id,
  acceptedStartsAt: row.accepted_starts_at?.toISOString() ?? null,
});

/** A work order's proposals, latest first (the route checks who may read them). */
export async function timeProposalsOf(sql: Sql, workOrderId: string): Promise<TimeProposalRow[]> {
  const rows = await sql<Row[]>`
    select * from rm_time_proposals where work_order_id = ${workOrderId} order by proposed_at desc limit 20`;
  return rows.map(toProposal);
}
