import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesOfAccounts } from '../../../projections/accounts.ts';
import { contractsForAudit } from '../../../projections/contracts.ts';
import { auditableKind, historyOf, partiesOf, readForAudit } from '../../../shared/domain/audit/streams.ts';
import { exportBundle } from '../../../shared/audit/bundle.ts';
import { loadPublishedLog } from '../../../shared/audit/log.ts';
import { verifyAuditedStream } from '../../../shared/audit/verify.ts';
import { NotFoundError } from '../../../shared/errors.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import {
  auditAsOfQuery,
  auditJobsQuery,
  auditJobsView,
  auditStreamParams,
  historyView,
  streamAuditView,
} from '../../../shared/http/audit.ts';
import { actorsToLookUp, auditJobsViewOf, auditSearchOf, rolesInHistory } from './views.ts';

const NOT_FOUND = 'This stream does not exist, or you are not a party to it.';

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
    async (request) => auditJobsViewOf(await contractsForAudit(sql, auditSearchOf(request.query.q))),
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
        params: auditStreamParams,
        querystring: auditAsOfQuery,
        response: { 200: historyView, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { stream } = request.params;
      const { kind, events, parties } = await readable(stream, request);
      const asOf = request.query.asOf ? new Date(request.query.asOf) : null;
      const history = historyOf(stream, kind, events, asOf);
      const actors = history.events.flatMap((entry) => (entry.actorId ? [entry.actorId] : []));
      const accountRoles = await rolesOfAccounts(sql, actorsToLookUp(kind, parties, actors));
      return { ...history, roles: rolesInHistory(kind, parties, actors, accountRoles) };
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
        params: auditStreamParams,
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
        params: auditStreamParams,
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
};
