import type { UrgentAlertRow } from '../../../projections/urgent.ts';
import type { AlertView } from '../../../shared/http/urgent.ts';
import { FORMER_MEMBER } from '../accounts/personal-data.ts';

/** Whether the viewer is a party to the alert: its customer, or the contractor who got the job. */
export const isParty = (row: UrgentAlertRow, viewerId: string) =>
  row.customerId === viewerId || row.acceptedBy === viewerId;

/** The contractors whose names the alerts show (who accepted them). */
export const acceptedByIdsOf = (rows: readonly UrgentAlertRow[]) =>
  rows.flatMap((row) => (row.acceptedBy ? [row.acceptedBy] : []));

/**
 * An alert as its customer or one of the contractors it reached sees it at `now`: an open alert
 * past its expiry is expired; the full postal code (from `postalCodes`, by alert id) only for the
 * parties, else its FSA; how many it reached and who accepted only for the customer.
 */
export function alertToView(
  row: UrgentAlertRow,
  viewerId: string,
  names: ReadonlyMap<string, string>,
  postalCodes: ReadonlyMap<string, string>,
  now: Date,
): AlertView {
  const isCustomer = row.customerId === viewerId;
  const acceptedByMe = row.acceptedBy === viewerId;
  const party = isCustomer || acceptedByMe;
  const lapsed = row.status === 'open' && row.expiresAt.getTime() <= now.getTime();
  return {
    id: row.alertId,
    status: lapsed ? 'expired' : row.status,
    title: row.title,
    description: row.description,
    category: row.category,
    service: row.service,
    city: row.city,
    province: row.province,
    // The full code to the parties (while the customer's account exists), else its FSA.
    postalCode: (party ? postalCodes.get(row.alertId) : undefined) ?? row.fsa,
    baseCents: row.baseCents,
    multiplier: row.multiplierPct / 100,
    priceCents: row.priceCents,
    premiumCents: row.premiumCents,
    sentAt: row.sentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    reached: isCustomer ? row.recipients.length : null,
    acceptedBy:
      isCustomer && row.acceptedBy ? { id: row.acceptedBy, name: names.get(row.acceptedBy) ?? FORMER_MEMBER } : null,
    acceptedByMe,
    workOrderId: party && row.status === 'accepted' ? row.alertId : null,
  };
}
