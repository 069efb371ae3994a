import type { AuditableContractRow } from '../../../projections/contracts.ts';
import type { AuditableKind } from '../../../shared/domain/audit/kinds.ts';
import type { AuditJobs, PartyRole } from '../../../shared/http/audit.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the job search's words ask for: one job by its id, the titles containing them, or (none) the newest. */
export function auditSearchOf(q: string | undefined): { jobId: string } | { title: string } | null {
  const words = q?.trim() ?? '';
  if (UUID.test(words)) return { jobId: words };
  return words ? { title: words } : null;
}

/** GET /api/audit/jobs: each job with the ids of its auditable streams (null: it has none of that kind). */
export function auditJobsViewOf(rows: readonly AuditableContractRow[]): AuditJobs {
  return {
    jobs: rows.map((row) => ({
      jobId: row.jobId,
      kind: row.jobKind,
      title: row.title,
      contractStatus: row.status,
      createdAt: row.generatedAt.toISOString(),
      streams: {
        escrow: row.hasEscrow ? `escrow-${row.jobId}` : null,
        contract: `contract-${row.jobId}`,
        dispute: row.hasDispute ? `dispute-${row.jobId}` : null,
      },
    })),
  };
}

/** The actors of a history whose role is not known from its parties: ids of accounts to look up. */
export function actorsToLookUp(kind: AuditableKind, parties: readonly string[], actors: readonly string[]): string[] {
  const known = partyRolesOf(kind, parties);
  return [...new Set(actors)].filter((id) => !(id in known) && UUID.test(id));
}

/** The parties by their place: customer then contractor for a job's streams, else the account holder. */
function partyRolesOf(kind: AuditableKind, parties: readonly string[]): Record<string, PartyRole> {
  const roles: Record<string, PartyRole> = {};
  if (kind === 'escrow' || kind === 'contract' || kind === 'dispute') {
    if (parties[0]) roles[parties[0]] = 'customer';
    if (parties[1]) roles[parties[1]] = 'contractor';
  } else if (parties[0]) {
    roles[parties[0]] = 'account-holder';
  }
  return roles;
}

/**
 * Each id's part in the history: the parties by their place (customer first), anyone else by
 * their account's role (an arbitrating admin, say), or a former member once the account is gone.
 * Roles, not names: an audit needs who acted in what capacity, and a role is not personal data.
 */
export function rolesInHistory(
  kind: AuditableKind,
  parties: readonly string[],
  actors: readonly string[],
  accountRoles: ReadonlyMap<string, string>,
): Record<string, PartyRole> {
  const roles = partyRolesOf(kind, parties);
  for (const id of actorsToLookUp(kind, parties, actors)) {
    const role = accountRoles.get(id);
    roles[id] = role === 'admin' ? 'admin' : role === 'customer' || role === 'contractor' ? role : 'former-member';
  }
  return roles;
}
