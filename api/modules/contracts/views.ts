import type { ContractRow } from '../../../projections/contracts.ts';
import type { EscrowRow } from '../../../projections/escrows.ts';
import { renderContract } from '../../../shared/domain/contracts/template.ts';
import { FORMER_MEMBER } from '../accounts/personal-data.ts';

/**
 * The contracts module's views, built from its read model rows and the names looked up for them:
 * pure, so the route only finds rows and answers.
 */
export type ViewerRole = 'customer' | 'contractor' | 'admin';

export type Parties = Record<'customer' | 'contractor', { id: string; name: string }>;

/** How the viewer stands to the contract: a party, an admin, or nobody (who gets a 404). */
export function viewerRoleOf(row: ContractRow, viewer: { id: string; role: string }): ViewerRole | null {
  if (row.customerId === viewer.id) return 'customer';
  if (row.contractorId === viewer.id) return 'contractor';
  return viewer.role === 'admin' ? 'admin' : null;
}

/** The parties with their names today: looked up, never kept, so a deleted account reads "Former member". */
export function partiesOf(row: ContractRow, names: Map<string, string>): Parties {
  return {
    customer: { id: row.customerId, name: names.get(row.customerId) ?? FORMER_MEMBER },
    contractor: { id: row.contractorId, name: names.get(row.contractorId) ?? FORMER_MEMBER },
  };
}

/**
 * The text of the row's current version. From template v2 on it names no one and is exactly the
 * text that was hashed. A v1 text named the parties; the read model no longer holds those names,
 * so it is shown with today's names, which match the signed text while both accounts exist.
 */
export function renderedOf(row: ContractRow, parties: Parties) {
  const current = row.versions[row.versions.length - 1]!;
  const terms =
    row.templateVersion === 'v1'
      ? {
          ...row.terms,
          customer: { ...row.terms.customer, name: parties.customer.name },
          contractor: { ...row.terms.contractor, name: parties.contractor.name },
        }
      : row.terms;
  return renderContract(terms, { version: row.version, generatedAt: current.at }, row.templateVersion);
}

/** One contract as `viewer` sees it, with what they may do next. */
export function contractViewOf(
  row: ContractRow,
  role: ViewerRole,
  input: { parties: Parties; escrow: Pick<EscrowRow, 'status' | 'amountCents'> | null; accountName: string },
) {
  const { parties, escrow } = input;
  const party = role !== 'admin' ? role : null;
  return {
    jobId: row.jobId,
    jobKind: row.jobKind,
    status: row.status,
    version: row.version,
    templateVersion: row.templateVersion,
    viewerRole: role,
    title: row.title,
    priceCents: row.priceCents,
    terms: row.terms,
    parties,
    rendered: renderedOf(row, parties),
    signatures: row.signatures,
    versions: row.versions,
    generatedAt: row.generatedAt.toISOString(),
    executedAt: row.executedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    accountName: input.accountName,
    actions: {
      sign: party !== null && row.status === 'awaiting-signatures' && !row.signatures[party] && row.priceCents !== null,
      // A recurring service's agreement keeps the terms the customer subscribed to.
      revise: party !== null && row.status === 'awaiting-signatures' && row.jobKind !== 'subscription',
    },
    escrow: escrow ? { status: escrow.status, amountCents: escrow.amountCents } : null,
  };
}

/** A line of "my contracts": the other party, who has signed, and the escrow's status if there is one. */
export function contractListItemOf(
  row: ContractRow,
  viewerId: string,
  names: Map<string, string>,
  escrowStatus: string | null,
) {
  const role: 'customer' | 'contractor' = row.customerId === viewerId ? 'customer' : 'contractor';
  const other = role === 'customer' ? row.terms.contractor : row.terms.customer;
  return {
    jobId: row.jobId,
    jobKind: row.jobKind,
    title: row.title,
    status: row.status,
    version: row.version,
    priceCents: row.priceCents,
    viewerRole: role,
    counterparty: { id: other.userId, name: names.get(other.userId) ?? FORMER_MEMBER },
    signedByMe: Boolean(row.signatures[role]),
    signedByOther: Boolean(row.signatures[role === 'customer' ? 'contractor' : 'customer']),
    executedAt: row.executedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    escrowStatus,
  };
}
