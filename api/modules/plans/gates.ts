import type { Sql } from '../../../shared/db/postgres.ts';
import { currentPlanId } from '../../../projections/plans.ts';
import { hasBidOnSince, monthlyPlanUsage } from '../../../projections/work-orders.ts';
import { requireAllowance, requireFeature, monthStart } from '../../../shared/domain/plans/entitlements.ts';
import type { PlanId } from '../../../shared/domain/plans/catalogue.ts';

/**
 * The plan gates other modules call before a command (docs/product.md#plans). Each reads the caller's
 * current plan from the plans read model and refuses with the entitlements' 403 message. Counting
 * rules are in docs/decisions.md, "Plans".
 */

/**
 * A contractor bids: bidding must be in the plan, remote orders need remote work, and each work
 * order bid on this month is one bid project (a new proposal after a withdrawal is not another).
 */
export async function requireBidAllowed(
  sql: Sql,
  contractorId: string,
  order: { id: string; remote: boolean },
  now: Date,
): Promise<PlanId> {
  const planId = await currentPlanId(sql, contractorId);
  requireFeature(planId, 'canUseBidding');
  if (order.remote) requireFeature(planId, 'canAccessRemoteWork');
  const since = monthStart(now);
  if (await hasBidOnSince(sql, contractorId, order.id, since)) return planId;
  const { bidProjects } = await monthlyPlanUsage(sql, contractorId, since);
  requireAllowance(planId, 'maxBidProjects', bidProjects);
  return planId;
}

/** A contractor accepts a direct request: one more direct-hire connection this month. */
export async function requireDirectHireAllowed(
  sql: Sql,
  contractorId: string,
  order: { remote: boolean } | null,
  now: Date,
): Promise<PlanId> {
  const planId = await currentPlanId(sql, contractorId);
  if (order?.remote) requireFeature(planId, 'canAccessRemoteWork');
  const { directHires } = await monthlyPlanUsage(sql, contractorId, monthStart(now));
  requireAllowance(planId, 'maxDirectHireConnections', directHires);
  return planId;
}

/**
 * A customer attaches photos to a work order. Photos already on the order stay allowed after a
 * downgrade: only an edit that goes past both the plan and what the order had is refused.
 */
export async function requirePhotosAllowed(
  sql: Sql,
  customerId: string,
  photos: number,
  alreadyOnOrder = 0,
): Promise<void> {
  if (photos === 0 || photos <= alreadyOnOrder) return;
  requireAllowance(await currentPlanId(sql, customerId), 'maxPhotosUploads', 0, photos);
}
