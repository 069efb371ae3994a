import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUDIT_STREAM_PATTERN,
  auditableKind,
  historyOf,
  partiesOf,
  readForAudit,
  type AuditableKind,
} from '../../../shared/domain/audit/streams.ts';
import { exportBundle } from '../../../shared/audit/bundle.ts';
import { loadPublishedLog } from '../../../shared/audit/log.ts';
import { verifyAuditedStream } from '../../../shared/audit/verify.ts';
import { NotFoundError } from '../../../shared/errors.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { errorSchema } from '../accounts/schemas.ts';
import { auditJobsQuery, auditJobsView, historyView, streamAuditView, type partyRoles } from './schemas.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND = 'This stream does not exist, or you are not a party to it.';
const STREAM_MESSAGE =
  'stream must be an auditable stream id: escrow-, contract-, dispute-, payout-, plan-, listing-boost- or user-switch- followed by its id';

const streamParams = z.strictObject({
  stream: z.string({ error: STREAM_MESSAGE }).regex(AUDIT_STREAM_PATTERN, { error: STREAM_MESSAGE }),
});
const asOfQuery = z.strictObject({
  asOf: z.iso
    .datetime({ offset: true, error: 'asOf must be an ISO 8601 date and time, e.g. 2026-05-04T14:00:00Z' })
    .optional(),
});

/**
 * The audit trail: the full history of a money or arbitration stream with actors' roles and times,
 * its state as of any instant, its verification against the hash chain and the signed tree heads
 * of the audit log, and the offline bundle. Administrators read every stream; a party reads their
 * own; anyone else gets the same 404 as for a stream that does not exist. The log's public key is
 * public.
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { store, sql, auditLog } = app.runtime;

  app.get(
    '/.well-known/audit-key',
    {
      schema: {
        tags: ['audit'],
        summary: 'The Ed25519 public key (SPKI PEM) that signs the audit log’s tree heads',
        response: { 200: z.string() },
      },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'application/x-pem-file; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .header('x-audit-key-id', auditLog.signer.keyId)
        .send(auditLog.publicKeyPem),
  );

  app.get(
    '/api/audit/jobs',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['audit'],
        summary: 'Jobs an auditor can open: by job id, or by words of the title (newest first, 20 at most)',
        querystring: auditJobsQuery,
        response: { 200: auditJobsView, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const q = request.query.q?.trim() ?? '';
      const byId = UUID.test(q);
      const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await sql<
        {
          job_id: string;
          job_kind: string;
          title: string;
          status: string;
          generated_at: Date;
          escrow: boolean;
          dispute: boolean;
        }[]
      >`
        select c.job_id, c.job_kind, c.title, c.status, c.generated_at,
               exists (select 1 from rm_escrows e where e.job_id = c.job_id) as escrow,
               exists (select 1 from rm_disputes d where d.job_id = c.job_id) as dispute
        from rm_contracts c
        where ${byId ? sql`c.job_id = ${q}::uuid` : q ? sql`c.title ilike ${pattern}` : sql`true`}
        order by c.generated_at desc
        limit 20`;
      return {
        jobs: rows.map((row) => ({
          jobId: row.job_id,
          kind: row.job_kind,
          title: row.title,
          contractStatus: row.status,
          createdAt: row.generated_at.toISOString(),
          streams: {
            escrow: row.escrow ? `escrow-${row.job_id}` : null,
            contract: `contract-${row.job_id}`,
            dispute: row.dispute ? `dispute-${row.job_id}` : null,
          },
        })),
      };
    },
  );

  async function readable(stream: string, request: Parameters<typeof signedInUser>[0]) {
    const user = await signedInUser(request);
    const kind = auditableKind(stream)!;
    const events = await readForAudit(store, stream);
    const parties = partiesOf(kind, events);
    const allowed = user.role === 'admin' || parties.includes(user.id);
    if (events.length === 0 || !allowed) throw new NotFoundError(NOT_FOUND);
    return { kind, events, parties };
  }

  app.get(
    '/api/audit/streams/:stream',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['audit'],
        summary: 'The full history of a money or arbitration stream, and its state (now, or as of an instant)',
        params: streamParams,
        querystring: asOfQuery,
        response: { 200: historyView, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { stream } = request.params;
      const { kind, events, parties } = await readable(stream, request);
      const asOf = request.query.asOf ? new Date(request.query.asOf) : null;
      const history = historyOf(stream, kind, events, asOf);
      const actors = history.events.flatMap((entry) => (entry.actorId ? [entry.actorId] : []));
      return { ...history, roles: await rolesOf(kind, parties, actors) };
    },
  );

  app.get(
    '/api/audit/streams/:stream/verify',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['audit'],
        summary:
          'Checks the stream’s hash chain, each event’s inclusion in the latest signed tree head, and every published head; names the first bad revision',
        params: streamParams,
        response: { 200: streamAuditView, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { stream } = request.params;
      await readable(stream, request);
      return verifyAuditedStream({ store, heads: auditLog.heads, publicKey: auditLog.publicKey }, stream);
    },
  );

  app.get(
    '/api/audit/streams/:stream/bundle',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['audit'],
        summary:
          'The offline auditor kit: the stream’s events, their inclusion proofs and the signed tree head (checked with `npm run audit -- check`)',
        params: streamParams,
        response: { 200: z.unknown(), 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { stream } = request.params;
      const { events } = await readable(stream, request);
      const log = await loadPublishedLog(auditLog.heads, auditLog.publicKey);
      return reply
        .header('content-disposition', `attachment; filename="${stream}.audit-bundle.json"`)
        .send(exportBundle(stream, events, log));
    },
  );

  /**
   * Each id's part in the history: the parties by their place (customer first), anyone else by
   * their account's role (an arbitrating admin, say). Roles, not names: an audit needs who acted
   * in what capacity, and a role is not personal data.
   */
  async function rolesOf(kind: AuditableKind, parties: string[], actors: string[]) {
    const roles: Record<string, (typeof partyRoles)[number]> = {};
    if (kind === 'escrow' || kind === 'contract' || kind === 'dispute') {
      if (parties[0]) roles[parties[0]] = 'customer';
      if (parties[1]) roles[parties[1]] = 'contractor';
    } else if (parties[0]) {
      roles[parties[0]] = 'account-holder';
    }
    const others = [...new Set(actors)].filter((id) => !(id in roles) && UUID.test(id));
    if (others.length > 0) {
      const rows = await sql<{ account_id: string; role: string }[]>`
        select account_id, role from rm_accounts where account_id = any(${others}::uuid[])`;
      const known = new Map(rows.map((row) => [row.account_id, row.role]));
      for (const id of others) {
        const role = known.get(id);
        roles[id] = role === 'admin' ? 'admin' : role === 'customer' || role === 'contractor' ? role : 'former-member';
      }
    }
    return roles;
  }
};
