import type { Sql } from '../../../shared/db/postgres.ts';
import { contractGlancesOf } from '../../../projections/contracts.ts';
import { subscriptionById, visitsOf, type SubscriptionRow } from '../../../projections/recurring-services.ts';
import { RECURRING_MESSAGES as M } from '../../../shared/domain/recurring/rules.ts';
import { ForbiddenError, NotFoundError } from '../../../shared/errors.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { displayNames } from '../accounts/personal-data.ts';
import { subscriptionViewOf, type SubscriptionView } from './views.ts';

/** Subscriptions as their parties see them, read from the read models (the agreement from the contracts'). */
export async function subscriptionViews(
  sql: Sql,
  rows: SubscriptionRow[],
  viewer: CurrentUser,
  now = new Date(),
): Promise<SubscriptionView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.subscriptionId);
  const [names, visits, contracts] = await Promise.all([
    displayNames(
      sql,
      rows.map((r) => (r.customerId === viewer.id ? r.contractorId : r.customerId)),
    ),
    visitsOf(sql, ids),
    contractGlancesOf(sql, ids),
  ]);
  return rows.map((row) =>
    subscriptionViewOf(
      row,
      viewer.id,
      { names, visits: visits.get(row.subscriptionId) ?? [], contract: contracts.get(row.subscriptionId) },
      now,
    ),
  );
}

/** One subscription for one of its parties: 404 when there is none, 403 for anyone else. */
export async function partyView(sql: Sql, subscriptionId: string, viewer: CurrentUser): Promise<SubscriptionView> {
  const row = await subscriptionById(sql, subscriptionId);
  if (!row) throw new NotFoundError(M.notFound);
  if (row.customerId !== viewer.id && row.contractorId !== viewer.id) throw new ForbiddenError(M.notAParty);
  return (await subscriptionViews(sql, [row], viewer))[0]!;
}
