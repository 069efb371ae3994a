import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUDIT_STREAM_PATTERN,
  auditableKind,
  auditableKinds,
  historyOf,
  partiesOf,
  readForAudit,
  verification,
} from '../../../shared/domain/audit/streams.ts';
import { NotFoundError } from '../../../shared/errors.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { displayNames, FORMER_MEMBER } from '../accounts/personal-data.ts';
import { errorSchema } from '../accounts/schemas.ts';

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

const historyView = z.object({
  stream: z.string(),
  kind: z.enum(auditableKinds),
  events: z.array(entry),
  asOf: z.string().nullable(),
  eventsUpTo: z.number(),
  state: z.unknown(),
  /** The parties' and actors' names today, by account id: looked up, never kept ("Former member" once deleted). */
  people: z.record(z.string(), z.string()),
});

const verificationView = z.union([
  z.object({ ok: z.literal(true), stream: z.string(), length: z.number(), headHash: z.string().nullable() }),
  z.object({
    ok: z.literal(false),
    stream: z.string(),
    length: z.number(),
    firstAlteredRevision: z.string(),
    type: z.string(),
    reason: z.string(),
  }),
]);

/**
 * The audit trail: the full history of a money or arbitration stream with actors and times, its
 * state as of any instant, and a check of its hash chain. Administrators read every stream; a
 * party reads their own; anyone else gets the same 404 as for a stream that does not exist.
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { store, sql } = app.runtime;

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
      const ids = [...new Set([...parties, ...actors])].filter((id) => UUID.test(id));
      const names = await displayNames(sql, ids);
      return { ...history, people: Object.fromEntries(ids.map((id) => [id, names.get(id) ?? FORMER_MEMBER])) };
    },
  );

  app.get(
    '/api/audit/streams/:stream/verify',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['audit'],
        summary: 'Checks the stream’s hash chain and names the first altered event',
        params: streamParams,
        response: { 200: verificationView, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { stream } = request.params;
      const { events } = await readable(stream, request);
      return verification(stream, events);
    },
  );
};
