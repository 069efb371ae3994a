import type { Sql } from '../shared/db/postgres.ts';
import type { BookingRequested } from '../shared/domain/booking/events.ts';
import type { TimeProposalEvent } from '../shared/domain/booking/time-proposals.ts';
import { defineFoldedProjection, foldedTable } from '../infrastructure/projections/folded-rows.ts';

export const TIME_PROPOSALS_READ_MODEL = 'time-proposals';

/**
 * The times customers proposed to a hired contractor without weekly hours
 * (shared/domain/booking/time-proposals.ts), for the work order's page: the contractor accepts one
 * there. A proposal is answered once a booking names it (`BookingRequested.proposalId`, the
 * contractor's acceptance); the booking's own life (cancelled, rescheduled) is the bookings read
 * model's. Ids and instants only.
 */
export const timeProposalsProjection = defineFoldedProjection<
  TimeProposalEvent | BookingRequested,
  { proposals: ProposalRecord }
>({
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
  tables: { proposals: foldedTable<ProposalRecord>('rm_time_proposals', ['proposal_id']) },
  keys(event) {
    switch (event.type) {
      case 'TimesProposed':
        return { proposals: [[event.data.proposalId]] };
      case 'BookingRequested':
        return { proposals: event.data.proposalId ? [[event.data.proposalId]] : [] };
    }
  },
  fold(event, { proposals }) {
    switch (event.type) {
      case 'TimesProposed': {
        const p = event.data;
        if (proposals.get([p.proposalId])) return;
        proposals.put({
          proposal_id: p.proposalId,
          work_order_id: p.workOrderId,
          customer_id: p.customerId,
          contractor_id: p.contractorId,
          times: p.times,
          proposed_at: p.proposedAt,
          accepted_booking_id: null,
          accepted_starts_at: null,
        });
        return;
      }
      case 'BookingRequested': {
        const b = event.data;
        if (!b.proposalId) return;
        // The first booking that names the proposal answers it.
        proposals.update([b.proposalId], (row) =>
          row.accepted_booking_id === null
            ? { ...row, accepted_booking_id: b.bookingId, accepted_starts_at: b.startsAt }
            : row,
        );
        return;
      }
    }
  },
});

/** A row of rm_time_proposals as the fold writes it (timestamps as ISO text). */
type ProposalRecord = Omit<Row, 'proposed_at' | 'accepted_starts_at'> & {
  proposed_at: string;
  accepted_starts_at: string | null;
};

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
