import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { disputeQueue, disputesOf } from '../../../projections/disputes.ts';
import { disputeListView, disputeParams, disputeView, queueQuery } from '../../../shared/http/disputes.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { disputeViewFor, summariesFor } from './cases.ts';
import { disputeCommandRoutes } from './command-routes.ts';
import { disputeEvidenceRoutes } from './evidence-routes.ts';
import { EVIDENCE_MAX_BYTES } from './evidence.ts';

/**
 * Disputes: a party opens one on a job whose escrow holds the money (which freezes it), both add
 * evidence, the other party answers within 5 days, a worker analyses the ready case, and an
 * administrator, as arbitrator, decides with reasons, which distributes the escrow at once. Only
 * the parties and administrators see a case; anyone else gets the same 404 as for none.
 *
 * The reads are here; the commands are command-routes.ts and the evidence files evidence-routes.ts.
 */
export const disputeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql } = app.runtime;
  await app.register(fastifyMultipart, {
    // The parser's own cap sits one byte above the largest limit: the route's SizeLimit, which knows
    // the file's kind, refuses first, with a message naming that kind and its limit.
    limits: { fileSize: EVIDENCE_MAX_BYTES + 1, files: 1, fields: 1, parts: 2, fieldSize: 4 * 1024 },
  });
  await app.register(disputeCommandRoutes);
  await app.register(disputeEvidenceRoutes);

  app.get(
    '/api/disputes',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['disputes'],
        summary: 'My disputes, as customer or contractor, newest first',
        response: { 200: disputeListView, 401: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      return { disputes: await summariesFor(sql, await disputesOf(sql, user.id), user) };
    },
  );

  app.get(
    '/api/admin/disputes',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['disputes'],
        summary:
          'The arbitration queue: cases waiting for an arbitrator first, then by age (oldest) or amount (largest)',
        querystring: queueQuery,
        response: { 200: disputeListView, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      return { disputes: await summariesFor(sql, await disputeQueue(sql, request.query), user) };
    },
  );

  app.get(
    '/api/disputes/:disputeId',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['disputes'],
        summary: 'One dispute: timeline, evidence, analysis, decision and what I may do',
        params: disputeParams,
        response: { 200: disputeView, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => disputeViewFor(sql, request.params.disputeId, await signedInUser(request)),
  );
};
