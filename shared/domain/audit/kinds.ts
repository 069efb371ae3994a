/**
 * What an auditor can replay (shared/domain/audit/streams.ts): the kinds of stream and the shape
 * of a stream id, as plain constants that the HTTP shapes (shared/http/audit.ts) can name.
 */
export const auditableKinds = [
  'escrow',
  'contract',
  'dispute',
  'payout',
  'plan',
  'listing-boost',
  'user-switch',
] as const;
export type AuditableKind = (typeof auditableKinds)[number];

/** A stream id an auditor may ask for: a kind's prefix and an id of letters, digits and dashes. */
export const AUDIT_STREAM_PATTERN =
  /^(escrow|contract|dispute|payout|plan|listing-boost|user-switch)-[A-Za-z0-9-]{1,80}$/;
