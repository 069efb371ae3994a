import type { Sql } from '../../../shared/db/postgres.ts';
import { contractGlancesOf } from '../../../projections/contracts.ts';
import { evidenceCountsOf, evidenceOf, findDispute, type DisputeRow } from '../../../projections/disputes.ts';
import { findEscrow } from '../../../projections/escrows.ts';
import { payoutsOfJob } from '../../../projections/payouts.ts';
import { DISPUTE_MESSAGES as M } from '../../../shared/domain/disputes/messages.ts';
import { NotFoundError } from '../../../shared/errors.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { displayNames } from '../accounts/personal-data.ts';
import { caseView, roleOf, summaryOf, type DisputeSummaryView, type DisputeView } from './views.ts';

/**
 * The dispute module's reads for one viewer, from the read models: only the parties and
 * administrators see a case; anyone else gets the same 404 as for none.
 */
export async function caseFor(sql: Sql, disputeId: string, viewer: CurrentUser) {
  const row = await findDispute(sql, disputeId);
  const role = row ? roleOf(row, viewer) : null;
  if (!row || !role) throw new NotFoundError(M.notFound);
  return { row, role };
}

const titleOf = (glances: Map<string, { title: string }>, jobId: string) => glances.get(jobId)?.title ?? '';

export async function summariesFor(sql: Sql, rows: DisputeRow[], viewer: CurrentUser): Promise<DisputeSummaryView[]> {
  const [names, contracts, counts] = await Promise.all([
    displayNames(sql, [...new Set(rows.flatMap((r) => [r.customerId, r.contractorId]))]),
    contractGlancesOf(
      sql,
      rows.map((r) => r.jobId),
    ),
    evidenceCountsOf(
      sql,
      rows.map((r) => r.disputeId),
    ),
  ]);
  return rows.map((row) =>
    summaryOf(row, roleOf(row, viewer)!, names, titleOf(contracts, row.jobId), counts.get(row.disputeId) ?? 0),
  );
}

export async function disputeViewFor(sql: Sql, disputeId: string, viewer: CurrentUser): Promise<DisputeView> {
  const { row, role } = await caseFor(sql, disputeId, viewer);
  const [names, contracts, evidence, escrow, payouts] = await Promise.all([
    displayNames(sql, [row.customerId, row.contractorId]),
    contractGlancesOf(sql, [row.jobId]),
    evidenceOf(sql, disputeId),
    findEscrow(sql, row.jobId),
    payoutsOfJob(sql, row.jobId),
  ]);
  return caseView(row, role, { names, title: titleOf(contracts, row.jobId), evidence, escrow, payouts }, Date.now());
}
