import { z } from 'zod';
import { AUDIT_STREAM_PATTERN, auditableKinds } from '../domain/audit/kinds.ts';

/**
 * The audit API's shapes (api/modules/audit/routes.ts) that the auditor view and the tests infer
 * their types from.
 */
export const partyRoles = ['customer', 'contractor', 'admin', 'account-holder', 'former-member'] as const;
export type PartyRole = (typeof partyRoles)[number];

export const auditJobsQuery = z.strictObject({
  q: z.string().max(200, { error: 'q must be at most 200 characters' }).optional(),
});

const STREAM_MESSAGE =
  'stream must be an auditable stream id: escrow-, contract-, dispute-, payout-, plan-, listing-boost- or user-switch- followed by its id';

export const auditStreamParams = z.strictObject({
  stream: z.string({ error: STREAM_MESSAGE }).regex(AUDIT_STREAM_PATTERN, { error: STREAM_MESSAGE }),
});
export const auditAsOfQuery = z.strictObject({
  asOf: z.iso
    .datetime({ offset: true, error: 'asOf must be an ISO 8601 date and time, e.g. 2026-05-04T14:00:00Z' })
    .optional(),
});

export const auditJobsView = z.object({
  jobs: z.array(
    z.object({
      jobId: z.string(),
      kind: z.string(),
      title: z.string(),
      contractStatus: z.string(),
      createdAt: z.string(),
      /** The job's auditable streams (null: the job has none of that kind). */
      streams: z.object({ escrow: z.string().nullable(), contract: z.string(), dispute: z.string().nullable() }),
    }),
  ),
});
export type AuditJobs = z.infer<typeof auditJobsView>;

const treeHead = z.object({ log: z.string(), size: z.number(), rootHash: z.string(), timestamp: z.string() });

/** GET /api/audit/streams/:stream/verify (shared/audit/verify.ts StreamAudit). */
export const streamAuditView = z.object({
  ok: z.boolean(),
  stream: z.string(),
  length: z.number(),
  chain: z.object({ ok: z.boolean(), legacyRuleEvents: z.number(), headHash: z.string().nullable() }),
  log: z.object({
    keyId: z.string().nullable(),
    headsChecked: z.number(),
    latestHead: treeHead.nullable(),
    covered: z.number(),
    pending: z.number(),
  }),
  firstBadRevision: z.string().nullable(),
  type: z.string().nullable(),
  reason: z.string().nullable(),
});
export type StreamAuditView = z.infer<typeof streamAuditView>;

const entry = z.object({
  revision: z.string(),
  position: z.string(),
  type: z.string(),
  data: z.unknown(),
  actorId: z.string().nullable(),
  occurredAt: z.string().nullable(),
  correlationId: z.string().nullable(),
  prevHash: z.string().nullable(),
  hash: z.string().nullable(),
});

/** GET /api/audit/streams/:stream. */
export const historyView = z.object({
  stream: z.string(),
  kind: z.enum(auditableKinds),
  events: z.array(entry),
  asOf: z.string().nullable(),
  eventsUpTo: z.number(),
  state: z.unknown(),
  /** What each party and actor is to this history (customer, contractor, admin…), by account id: no names. */
  roles: z.record(z.string(), z.enum(partyRoles)),
});
export type AuditHistoryView = z.infer<typeof historyView>;
